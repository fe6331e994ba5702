import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/governance/soft-gates/lint-disable.js';
import { memoryView, type MemoryChange } from './memory-view.js';
import { findings } from './run-gate.js';

const page = '<p class="z-50">x</p>\n';
const disabled = '<!-- dsctl-disable-next-line LAYER_NO_Z_UTILITY -- the toast sits above the dialog -->\n<p class="z-50">x</p>\n';

describe('soft gate lint-disable', () => {
  it.each<{ name: string; view: MemoryChange; options?: Record<string, unknown>; want: string[] }>([
    { name: 'a disable added to a page', view: { before: { 'src/a.html': page }, after: { 'src/a.html': disabled } }, want: ['src/a.html: 1 inline disable(s) added (0 → 1)'] },
    { name: 'a new file with a disable', view: { after: { 'src/b.tsx': `{/* dsctl-disable COLOR_NO_RAW_BLACK_WHITE -- legacy */}\n` } }, want: ['src/b.tsx: 1 inline disable(s) added (0 → 1)'] },
    { name: 'a disable removed is not flagged', view: { before: { 'src/a.html': disabled }, after: { 'src/a.html': page } }, want: [] },
    { name: 'unchanged disables are not flagged', view: { before: { 'src/a.html': disabled }, after: { 'src/a.html': `${disabled}<p>more</p>\n` } }, want: [] },
    { name: 'a deleted file is not flagged', view: { before: { 'src/a.html': disabled } }, want: [] },
    { name: 'a custom pattern', view: { before: { 'a.css': '' }, after: { 'a.css': '/* lint-ignore */\n' } }, options: { pattern: String.raw`lint-ignore` }, want: ['a.css: 1 inline disable(s) added (0 → 1)'] },
  ])('$name', ({ view, options, want }) => {
    expect(findings(gate, memoryView(view), options)).toEqual(want);
  });
});
