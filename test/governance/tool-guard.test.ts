import { describe, expect, it } from 'vitest';
import { denialMessage } from '../../src/governance/tool-guard.js';

describe('denialMessage', () => {
  it('ends the reason with exactly one full stop before what to do instead', () => {
    expect(denialMessage({ reason: 'blocked: only a human changes them.', instead: 'Propose it.' })).toBe('dsctl: blocked: only a human changes them. Propose it.');
    expect(denialMessage({ reason: 'blocked by gate "x"', instead: 'Propose it.' })).toBe('dsctl: blocked by gate "x". Propose it.');
    expect(denialMessage({ reason: 'really?  ', instead: 'Ask.' })).toBe('dsctl: really? Ask.');
  });
});
