import { describe, expect, it } from 'vitest';
import { parseClassToken } from '../../../src/lint/class-token.js';
import { classMatcher } from '../../../src/lint/detectors/class-match.js';

describe('parseClassToken: opacity modifiers', () => {
  it.each([
    ['hover:bg-[#3b5998]/90', { base: 'bg-[#3b5998]/90', unmodified: 'bg-[#3b5998]', modifier: '90', utility: 'bg', arbitraryValue: '#3b5998', variants: ['hover'] }],
    ['focus:ring-[#3b5998]/50', { unmodified: 'ring-[#3b5998]', modifier: '50', utility: 'ring', arbitraryValue: '#3b5998' }],
    ['bg-[var(--brand)]/50', { unmodified: 'bg-[var(--brand)]', modifier: '50', utility: 'bg', arbitraryValue: 'var(--brand)' }],
    ['text-red-500/[0.5]', { unmodified: 'text-red-500', modifier: '[0.5]' }],
    ['bg-[#000]/[0.5]', { unmodified: 'bg-[#000]', modifier: '[0.5]', arbitraryValue: '#000' }],
    ['text-black/50', { unmodified: 'text-black', modifier: '50' }],
    ['bg-primary/(--alpha)', { unmodified: 'bg-primary', modifier: '(--alpha)' }],
    ['md:!bg-[#111]/25', { unmodified: 'bg-[#111]', modifier: '25', important: true }],
    ['bg-[#111]/25!', { unmodified: 'bg-[#111]', modifier: '25', important: true }],
    ['w-1/2', { unmodified: 'w-1/2', modifier: undefined }],
    ['w-[calc(100%/3)]', { unmodified: 'w-[calc(100%/3)]', modifier: undefined, arbitraryValue: 'calc(100%/3)' }],
    ['aspect-[4/3]', { unmodified: 'aspect-[4/3]', modifier: undefined, arbitraryValue: '4/3' }],
    ['p-[13px]', { unmodified: 'p-[13px]', modifier: undefined, utility: 'p', arbitraryValue: '13px' }],
    ['bg-black/', { unmodified: 'bg-black/', modifier: undefined }],
  ])('%s', (raw, expected) => {
    const parsed = parseClassToken(raw) as unknown as Record<string, unknown>;
    expect(Object.fromEntries(Object.keys(expected).map((key) => [key, parsed[key]]))).toEqual(expected);
  });
});

describe('class rules see through opacity modifiers', () => {
  const arbitraryBg = classMatcher((base) => /^(bg|ring)-\[[^\]]+\]$/.test(base));
  const palette = classMatcher((base) => base === 'text-red-500');
  it.each([
    ['hover:bg-[#3b5998]/90', arbitraryBg, true],
    ['focus:ring-[#3b5998]/50', arbitraryBg, true],
    ['bg-[var(--brand)]/50', arbitraryBg, true],
    ['bg-[#3b5998]', arbitraryBg, true],
    ['text-red-500/[0.5]', palette, true],
    ['text-red-500/50', palette, true],
    ['text-red-500', palette, true],
    ['text-red-600/50', palette, false],
  ] as const)('%s', (name, matches, verdict) => {
    expect(matches(name)).toBe(verdict);
  });
});
