import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/diagnostics/code-frame.js';

describe('codeFrame', () => {
  it('marks the line and column with context lines', () => {
    expect(codeFrame('a\nbb\nccc\ndddd\neeeee', 3, 2, { context: 1 })).toBe(
      ['  2 | bb', '> 3 | ccc', '    |  ^', '  4 | dddd'].join('\n'),
    );
  });

  it('keeps tabs so the caret lines up', () => {
    expect(codeFrame('\tx = 1', 1, 2).split('\n')[1]).toBe('    | \t^');
  });

  it('returns nothing for a line outside the text', () => {
    expect(codeFrame('a', 5, 1)).toBe('');
  });

  it('cuts very long lines', () => {
    const frame = codeFrame('x'.repeat(5000), 1, 4000);
    expect(frame.length).toBeLessThan(500);
    expect(frame).toContain('…');
  });
});
