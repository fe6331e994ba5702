import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/governance/soft-gates/brand-approval.js';
import { memoryView, type MemoryChange } from './memory-view.js';
import { findings } from './run-gate.js';

const judged = (path: string, status = 'modified') => `${path}: a UI file is ${status}: visual judgment (hierarchy, warmth, product fit) needs a person`;

describe('soft gate brand-approval', () => {
  it.each<{ name: string; view: MemoryChange; options?: Record<string, unknown>; want: string[] }>([
    { name: 'a changed page and a new component', view: { before: { 'examples/a.html': 'a' }, after: { 'examples/a.html': 'b', 'src/Button.tsx': 'x' } }, want: [judged('examples/a.html'), judged('src/Button.tsx', 'added')] },
    { name: 'a deleted page leaves nothing to look at', view: { before: { 'examples/a.html': 'a' } }, want: [] },
    { name: 'files the linter does not read', view: { before: { 'README.md': 'a', 'src/util.ts': 'a' }, after: { 'README.md': 'b', 'src/util.ts': 'b' } }, want: [] },
    { name: 'lint.exclude leaves red-team output out', view: { after: { 'src/redteam/x.html': 'x', 'redteam/y.html': 'y' } }, want: [judged('src/redteam/x.html', 'added')] },
    { name: 'options name the UI files', view: { after: { 'app/page.svelte': 'x', 'src/A.tsx': 'x' } }, options: { ui: ['app/**/*.svelte'] }, want: [judged('app/page.svelte', 'added')] },
    { name: 'explicit paths are judged too', view: { after: { 'src/A.tsx': 'x' }, changes: [{ status: 'modified', path: 'src/A.tsx' }], compares: false }, want: [judged('src/A.tsx')] },
  ])('$name', ({ view, options, want }) => {
    expect(findings(gate, memoryView(view), options)).toEqual(want);
  });

  it('needs a person, and does not block unless the policy says so', () => {
    expect(gate.meta.needs).toBe('human');
    expect(gate.meta.options.parse({}).blocking).toBe(false);
    expect(gate.meta.options.parse({ blocking: true }).blocking).toBe(true);
  });
});
