import { Parser } from 'htmlparser2';
import { DomHandler, type Element, type Text } from 'domhandler';
import { splitClassList } from '../class-token.js';
import type { AttributeInfo, ClassOccurrence, CssDeclaration, ElementInfo, LintDocument, Range } from '../document.js';
import { parseStyleAttribute, parseStylesheet } from './css.js';

/**
 * HTML through htmlparser2 (fast, forgiving: malformed markup never throws) into domhandler nodes,
 * keeping the offset of every start tag, attribute name and attribute value. Comments and the text
 * of <script> are never class text; <style> blocks and style="" go to the CSS source.
 */
export function parseHtmlSource(text: string, options: { filename?: string } = {}): LintDocument {
  const elements = new WeakMap<Element, ElementInfo>();
  const classes: ClassOccurrence[] = [];
  const declarations: CssDeclaration[] = [];
  let pending = new Map<string, AttributeInfo>();

  const handler = new DomHandler(undefined, { withStartIndices: true, withEndIndices: true });
  const parser = new Parser(
    {
      onattribute(name, _value, quote) {
        // The first occurrence wins, as in browsers (and in htmlparser2's attribs).
        if (pending.has(name)) return;
        pending.set(name, attributeInfo(text, parser.startIndex, parser.endIndex, name.length, quote));
      },
      onopentag(name, attribs) {
        handler.onopentag(name, attribs);
        const element = handler['tagStack'].at(-1) as Element;
        const attributes = pending;
        pending = new Map();
        elements.set(element, { tagRange: { start: parser.startIndex, end: parser.endIndex + 1 }, attributes });
        const classAttr = attributes.get('class');
        if (classAttr?.valueRange) {
          const { start, end } = classAttr.valueRange;
          for (const c of splitClassList(text.slice(start, end), start)) classes.push({ name: c.name, range: { start: c.start, end: c.end }, element });
        }
        const styleAttr = attributes.get('style');
        if (styleAttr?.valueRange) {
          const { start, end } = styleAttr.valueRange;
          declarations.push(...parseStyleAttribute(text.slice(start, end), start, element));
        }
      },
      onclosetag: () => handler.onclosetag(),
      ontext: (data) => handler.ontext(data),
      oncomment: (data) => handler.oncomment(data),
      oncommentend: () => handler.oncommentend(),
      oncdatastart: () => handler.oncdatastart(),
      oncdataend: () => handler.oncdataend(),
      onprocessinginstruction: (name, data) => handler.onprocessinginstruction(name, data),
      onend: () => handler.onend(),
      onerror: (error) => handler.onerror(error),
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  handler.onparserinit(parser);
  parser.end(text);

  const root = handler.root;
  // <style> text is CSS; its Text child knows where it starts.
  for (const element of styleElements(root.children)) {
    for (const child of element.children) {
      if (child.type === 'text' && typeof child.startIndex === 'number') {
        declarations.push(...parseStylesheet((child as Text).data, child.startIndex));
      }
    }
  }

  return {
    sourceType: 'html',
    text,
    ...(options.filename === undefined ? {} : { filename: options.filename }),
    root,
    elements,
    classes,
    declarations,
    unchecked: [],
  };
}

function attributeInfo(text: string, start: number, end: number, nameLength: number, quote: string | null | undefined): AttributeInfo {
  const nameRange: Range = { start, end: start + nameLength };
  if (quote === undefined) return { rawName: text.slice(nameRange.start, nameRange.end), nameRange, dynamic: false };
  let i = nameRange.end;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === 61 /* = */) i++;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  const quoted = quote === '"' || quote === "'";
  const valueStart = quoted ? i + 1 : i;
  // A quoted value that runs to the end of input has no closing quote to drop.
  const valueEnd = quoted && text[end - 1] === quote && end - 1 >= valueStart ? end - 1 : end;
  return { rawName: text.slice(nameRange.start, nameRange.end), nameRange, valueRange: { start: valueStart, end: Math.max(valueStart, valueEnd) }, dynamic: false };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
}

function* styleElements(nodes: readonly import('domhandler').ChildNode[]): Generator<Element> {
  // Iterative: a hostile document may nest deeper than the call stack allows.
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop();
    if (!node || node.type !== 'tag' && node.type !== 'style' && node.type !== 'script') continue;
    const element = node as Element;
    if (element.name === 'style') yield element;
    else for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i] as import('domhandler').ChildNode);
  }
}
