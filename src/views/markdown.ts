import type { Code, Heading, Nodes, Parent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';

const recent = new Map<string, Root>();

/**
 * Parses Markdown with GitHub's extensions (tables, task lists, autolinks); every node keeps its position.
 * A drift run reads the playbook for its regions and for self-drift: the last few trees are kept.
 * Callers must not mutate the tree.
 */
export function parseMarkdown(text: string): Root {
  let tree = recent.get(text);
  if (!tree) {
    tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    if (recent.size >= 4) recent.delete(recent.keys().next().value as string);
    recent.set(text, tree);
  }
  return tree;
}

/** 1-based line where a node starts (1 for a node without a position, which a parsed tree never has). */
export function lineOf(node: Nodes): number {
  return node.position?.start.line ?? 1;
}

/** The text a reader sees in a node: HTML (comments, markers) left out. */
export function textOf(node: Nodes | readonly Nodes[]): string {
  return toString(node, { includeHtml: false });
}

/**
 * Calls `visit` for every node below `node` in document order, with its ancestors (nearest last).
 * The root itself is not visited.
 */
export function walk(node: Parent, visit: (node: RootContent, ancestors: readonly Parent[]) => void): void {
  const ancestors: Parent[] = [];
  const go = (parent: Parent): void => {
    ancestors.push(parent);
    for (const child of parent.children) {
      visit(child, ancestors);
      if ('children' in child) go(child);
    }
    ancestors.pop();
  };
  go(node);
}

/**
 * 1-based line of the first line of a code block's value: the line after the opening fence for fenced
 * code, the block's own first line for indented code.
 */
export function codeValueLine(node: Code, source: string): number {
  const start = node.position?.start.offset;
  const line = lineOf(node);
  if (start === undefined) return line;
  return /^[ \t]*(`{3,}|~{3,})/.test(source.slice(start, start + 16)) ? line + 1 : line;
}

/** A heading of the root and the top-level nodes under it, up to the next heading of the same or a higher level. */
export interface Section {
  readonly heading: Heading;
  readonly nodes: readonly RootContent[];
}

/** The first top-level section whose heading text satisfies `match`. */
export function findSection(root: Root, match: (headingText: string) => boolean): Section | undefined {
  const children = root.children;
  const index = children.findIndex((n) => n.type === 'heading' && match(textOf(n)));
  const heading = children[index];
  if (heading?.type !== 'heading') return undefined;
  const rest = children.slice(index + 1);
  const end = rest.findIndex((n) => n.type === 'heading' && n.depth <= heading.depth);
  return { heading, nodes: end === -1 ? rest : rest.slice(0, end) };
}
