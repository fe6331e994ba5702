import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { fromPointer, toPointer, type PathSegment } from './pointer.js';
import { UserError } from './user-error.js';

/** A parsed JSON file that still knows where every value came from. */
export interface JsonDocument {
  readonly file: string;
  readonly text: string;
  readonly value: unknown;
  /** 1-based position of the value at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string): { line: number; column: number };
  /** Position of the property name (not the value) at `pointer`, when it names an object member. */
  locateKey(pointer: string): { line: number; column: number };
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ',' between values",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'expected end of file after the top-level value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

/**
 * Parses strict JSON (no comments, no trailing commas, no duplicate keys) keeping positions.
 * Throws a UserError with file, line and column for anything that is not valid JSON.
 */
export function parseJsonDocument(rawText: string, file: string): JsonDocument {
  // A BOM is invisible in editors; accept it rather than report an "unexpected character".
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const lineStarts = computeLineStarts(text);
  const position = (offset: number) => offsetToPosition(lineStarts, offset);

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first !== undefined || root === undefined) {
    const offset = first?.offset ?? 0;
    const kind = first ? printParseErrorCode(first.error) : 'ValueExpected';
    const message =
      text.trim() === '' ? 'the file is empty; expected a JSON value' : `invalid JSON: ${SYNTAX_MESSAGES[kind] ?? kind}`;
    throw new UserError('json/syntax', message, { location: { file, ...position(offset) }, sourceText: text });
  }

  const duplicate = findDuplicateKey(root, []);
  if (duplicate) {
    throw new UserError('json/duplicate-key', `duplicate key "${duplicate.key}": JSON parsers disagree on which one wins`, {
      location: { file, pointer: toPointer(duplicate.path), ...position(duplicate.offset) },
      sourceText: text,
    });
  }

  // Walks the tree segment by segment: "600" is a key in an object and an index only in an array.
  const nearest = (pointer: string): Node => {
    let node = root;
    for (const segment of fromPointer(pointer)) {
      const next =
        node.type === 'object'
          ? node.children?.find((p) => p.children?.[0]?.value === segment)?.children?.[1]
          : node.type === 'array' && /^(0|[1-9][0-9]*)$/.test(segment)
            ? node.children?.[Number(segment)]
            : undefined;
      if (!next) return node;
      node = next;
    }
    return node;
  };

  return {
    file,
    text,
    value: JSON.parse(text) as unknown,
    locate: (pointer) => position(nearest(pointer).offset),
    locateKey: (pointer) => {
      const node = nearest(pointer);
      const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      return position((keyNode ?? node).offset);
    },
  };
}

function findDuplicateKey(node: Node, path: PathSegment[]): { key: string; path: PathSegment[]; offset: number } | undefined {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode) continue;
      const key = String(keyNode.value);
      if (seen.has(key)) return { key, path: [...path, key], offset: keyNode.offset };
      seen.add(key);
      const inner = valueNode && findDuplicateKey(valueNode, [...path, key]);
      if (inner) return inner;
    }
  } else if (node.type === 'array') {
    for (const [index, child] of (node.children ?? []).entries()) {
      const inner = findDuplicateKey(child, [...path, index]);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Offsets where each line starts; `\n`, `\r\n` and a lone `\r` each end a line. */
export function computeLineStarts(text: string): number[] {
  const starts = [0];
  // Most text has no carriage return: indexOf scans natively, several times faster than a char loop (lint calls this per file).
  if (!text.includes('\r')) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

export function offsetToPosition(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (lineStarts[lo] ?? 0) + 1 };
}
