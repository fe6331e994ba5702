import type { Element } from 'domhandler';
import { Parser, type ParserOptions } from 'htmlparser2';
import type { AttributeInfo, ElementInfo, ElementInfos, Range } from '../document.js';

/** How the HTML source reads markup; a start tag read again must be read the same way. */
export const HTML_PARSER_OPTIONS: ParserOptions = { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true };

/**
 * The start tags of an HTML document, read again from the source when a detector asks: the parse
 * keeps no per-element record, since findings (the only readers) concern a handful of elements.
 */
export class HtmlStartTags implements ElementInfos {
  private readonly read = new Map<Element, ElementInfo | undefined>();

  constructor(private readonly text: string) {}

  get(element: Element): ElementInfo | undefined {
    if (this.read.has(element)) return this.read.get(element);
    const info = typeof element.startIndex === 'number' ? readStartTag(this.text, element.startIndex) : undefined;
    this.read.set(element, info);
    return info;
  }
}

/**
 * The start tag that begins at `start` (the element's startIndex), parsed as the whole document was:
 * htmlparser2 is in its text state at any tag, so the tag reads the same on its own. Also right for
 * tags the parser implies (`</p>` without a `<p>`), whose range is the end tag that implied them.
 */
function readStartTag(text: string, start: number): ElementInfo | undefined {
  const attributes = new Map<string, AttributeInfo>();
  let end: number | undefined;
  const parser: Parser = new Parser(
    {
      onattribute(name, _value, quote) {
        // The first occurrence wins, as in browsers (and in htmlparser2's attribs).
        if (!attributes.has(name)) attributes.set(name, attributeInfo(text, start + parser.startIndex, start + parser.endIndex, name.length, quote));
      },
      onopentag() {
        end = start + parser.endIndex + 1;
        parser.pause();
      },
    },
    HTML_PARSER_OPTIONS,
  );
  parser.write(text.slice(start));
  // Not a start tag after all (an element that came from elsewhere): callers fall back to its name.
  return end === undefined ? undefined : { tagRange: { start, end }, attributes };
}

/** `start` and `end` are what htmlparser2 reports for the attribute: its name's start, its value's end. */
function attributeInfo(text: string, start: number, end: number, nameLength: number, quote: string | null | undefined): AttributeInfo {
  const nameRange: Range = { start, end: start + nameLength };
  const rawName = text.slice(nameRange.start, nameRange.end);
  if (quote === undefined) return { rawName, nameRange, dynamic: false };
  const valueStart = attributeValueStart(text, nameRange.end, end, quote);
  return { rawName, nameRange, valueRange: { start: valueStart, end: attributeValueEnd(text, valueStart, end, quote) }, dynamic: false };
}

/** Where the value text (inside any quotes) of an attribute whose name ends at `nameEnd` starts. */
export function attributeValueStart(text: string, nameEnd: number, end: number, quote: string | null): number {
  let i = nameEnd;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === 61 /* = */) i++;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  return quote === '"' || quote === "'" ? i + 1 : i;
}

/** Where the value text ends, without its closing quote; a quoted value cut off by the end of input has none. */
export function attributeValueEnd(text: string, valueStart: number, end: number, quote: string | null): number {
  const quoted = quote === '"' || quote === "'";
  const valueEnd = quoted && text[end - 1] === quote && end - 1 >= valueStart ? end - 1 : end;
  return Math.max(valueStart, valueEnd);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
}
