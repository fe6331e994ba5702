import { describe, expect, it } from 'vitest';
import { computeLineStarts, offsetToPosition, parseJsonDocument } from '../../src/diagnostics/json-source.js';
import { UserError } from '../../src/diagnostics/user-error.js';

function failure(text: string): UserError {
  try {
    parseJsonDocument(text, 'f.json');
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('expected a UserError');
}

describe('parseJsonDocument', () => {
  it.each([
    { given: '{\n  "a": 1,\n}', code: 'json/syntax', line: 3, column: 1, message: 'invalid JSON: expected a property name in double quotes' },
    { given: '{"a": 1 "b": 2}', code: 'json/syntax', line: 1, column: 9, message: "invalid JSON: expected ',' between values" },
    { given: '{\n  // note\n  "a": 1\n}', code: 'json/syntax', line: 2, column: 3, message: 'invalid JSON: comments are not allowed in JSON' },
    { given: '', code: 'json/syntax', line: 1, column: 1, message: 'the file is empty; expected a JSON value' },
    { given: '{"a": "x', code: 'json/syntax', line: 1, column: 7, message: 'invalid JSON: unterminated string' },
    { given: '{"a": 1}\n{"b": 2}', code: 'json/syntax', line: 2, column: 1, message: 'invalid JSON: expected end of file after the top-level value' },
    { given: '{\n  "a": 1,\n  "a": 2\n}', code: 'json/duplicate-key', line: 3, column: 3, message: 'duplicate key "a": JSON parsers disagree on which one wins' },
  ])('rejects $given with $code at $line:$column', ({ given, code, line, column, message }) => {
    const error = failure(given);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.location).toMatchObject({ file: 'f.json', line, column });
  });

  it('names the pointer of a nested duplicate key', () => {
    expect(failure('{"x": [{"k": 1, "k": 2}]}').location?.pointer).toBe('/x/0/k');
  });

  it('locates values and keys by JSON pointer, falling back to the nearest ancestor', () => {
    const doc = parseJsonDocument('{\n  "rules": [\n    { "id": "A", "a/b": true }\n  ]\n}', 'r.json');
    expect(doc.value).toEqual({ rules: [{ id: 'A', 'a/b': true }] });
    expect(doc.locate('/rules/0/id')).toEqual({ line: 3, column: 13 });
    expect(doc.locateKey('/rules/0/id')).toEqual({ line: 3, column: 7 });
    expect(doc.locate('/rules/0/a~1b')).toEqual({ line: 3, column: 25 });
    expect(doc.locate('/rules/0/missing')).toEqual({ line: 3, column: 5 });
    expect(doc.locate('')).toEqual({ line: 1, column: 1 });
  });

  it('accepts a byte-order mark and CRLF line ends', () => {
    const doc = parseJsonDocument('\ufeff{\r\n  "a": 1\r\n}', 'bom.json');
    expect(doc.value).toEqual({ a: 1 });
    expect(doc.locate('/a')).toEqual({ line: 2, column: 8 });
  });
});

describe('computeLineStarts', () => {
  it('starts a line after \\n, \\r\\n and a lone \\r, with or without carriage returns in the text', () => {
    expect(computeLineStarts('')).toEqual([0]);
    expect(computeLineStarts('a\nbc\n\nd')).toEqual([0, 2, 5, 6]);
    expect(computeLineStarts('a\r\nbc\rd\n')).toEqual([0, 3, 6, 8]);
    expect(offsetToPosition(computeLineStarts('ab\ncd'), 4)).toEqual({ line: 2, column: 2 });
  });
});
