import type { Root } from 'mdast';
import { codeValueLine, lineOf, walk } from '../../views/markdown.js';

/**
 * The texts where a playbook names commands (code spans, code blocks, table cells), each with the
 * 1-based line where it starts. Prose is not a mention: "dsctl" is also the tool's name.
 */
export function commandTexts(root: Root, source: string): { text: string; line: number }[] {
  const texts: { text: string; line: number }[] = [];
  walk(root, (node, ancestors) => {
    if (node.type === 'inlineCode') texts.push({ text: node.value, line: lineOf(node) });
    else if (node.type === 'code') texts.push({ text: node.value, line: codeValueLine(node, source) });
    else if (node.type === 'text' && ancestors.some((a) => a.type === 'tableCell')) texts.push({ text: node.value, line: lineOf(node) });
  });
  return texts;
}
