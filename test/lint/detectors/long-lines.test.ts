import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../../src/diagnostics/code-frame.js';
import { fingerprinter, LONG_LINE } from '../../../src/lint/fingerprint.js';

const oldFingerprint = (ruleId: string, token: string, line: string, index = 0) =>
  hash('sha256', `${ruleId}\u0000${token}\u0000${line.trim().replace(/\s+/g, ' ')}\u0000${index}`, 'hex').slice(0, 20);

describe('fingerprints', () => {
  it.each([
    ['a short line', '  <p class="text-black">x</p>'],
    ['a line of exactly LONG_LINE characters', `<p class="text-black">${'x'.repeat(LONG_LINE - 26)}</p>`],
    ['a line with tabs and runs of spaces', '\t<p   class="text-black"\t>x</p>'],
  ])('of %s are the ones baselines hold', (_, line) => {
    expect(line.length).toBeLessThanOrEqual(LONG_LINE);
    const fp = fingerprinter(() => line);
    expect(fp('R', 'text-black', 1, 10)).toBe(oldFingerprint('R', 'text-black', line));
    expect(fp('R', 'text-black', 1, 30)).toBe(oldFingerprint('R', 'text-black', line, 1));
  });

  const long = (before: string, after: string) => `${before}<p class="text-black">x</p>${after}`;
  const at = (line: string) => line.indexOf('text-black') + 1;

  it('of a long line stay put when the line changes away from the token', () => {
    const a = long('<i>a</i>'.repeat(200), '<b>b</b>'.repeat(200));
    const b = long('<i>z</i>'.repeat(50) + '<i>a</i>'.repeat(200), '<b>b</b>'.repeat(200) + '<s>c</s>'.repeat(100));
    expect(a.length).toBeGreaterThan(LONG_LINE);
    expect(fingerprinter(() => a)('R', 'text-black', 1, at(a))).toBe(fingerprinter(() => b)('R', 'text-black', 1, at(b)));
  });

  it('of a long line change when the token’s neighbourhood does', () => {
    const a = long('<i>a</i>'.repeat(200), '<b>b</b>'.repeat(200));
    const b = long('<i>a</i>'.repeat(200), '<u>b</u>'.repeat(200));
    expect(fingerprinter(() => a)('R', 'text-black', 1, at(a))).not.toBe(fingerprinter(() => b)('R', 'text-black', 1, at(b)));
  });

  it('count occurrences of one token in one window', () => {
    const line = `${'<i>a</i>'.repeat(100)}<p class="text-black text-black">`;
    const fp = fingerprinter(() => line);
    const first = fp('R', 'text-black', 1, line.indexOf('text-black') + 1);
    expect(fp('R', 'text-black', 1, line.indexOf('text-black') + 1)).not.toBe(first);
  });
});

describe('code frames of long lines', () => {
  it('show a window around the column, the caret under it', () => {
    const line = `${'a'.repeat(5000)}TARGET${'b'.repeat(5000)}`;
    const column = 5001;
    const [shown, caret] = codeFrame(line, 1, column, { context: 0 }).split('\n') as [string, string];
    expect(shown.length).toBeLessThan(260);
    expect(shown).toMatch(/^> 1 \| …a+TARGETb+…$/);
    expect(shown[caret.indexOf('^')]).toBe('T');
    expect(shown.slice(caret.indexOf('^'), caret.indexOf('^') + 6)).toBe('TARGET');
  });

  it('near the start of a long line, start at its beginning', () => {
    const line = `TARGET${'b'.repeat(5000)}`;
    const [shown, caret] = codeFrame(line, 1, 1, { context: 0 }).split('\n') as [string, string];
    expect(shown.startsWith('> 1 | TARGET')).toBe(true);
    expect(shown[caret.indexOf('^')]).toBe('T');
  });

  it('near the end of a long line, end at its end', () => {
    const line = `${'a'.repeat(5000)}TARGET`;
    const [shown, caret] = codeFrame(line, 1, 5001, { context: 0 }).split('\n') as [string, string];
    expect(shown.endsWith('TARGET')).toBe(true);
    expect(shown[caret.indexOf('^')]).toBe('T');
  });
});
