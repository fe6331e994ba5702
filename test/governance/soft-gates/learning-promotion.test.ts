import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/governance/soft-gates/learning-promotion.js';
import { memoryView, type MemoryChange } from './memory-view.js';
import { findings } from './run-gate.js';

const LEARNING = 'docs/loop-learnings/2026-12-01-focus-rings.md';

describe('soft gate learning-promotion', () => {
  it.each<{ name: string; view: MemoryChange; options?: Record<string, unknown>; want: string[] }>([
    { name: 'DESIGN.md changes as a learning is removed', view: { before: { 'DESIGN.md': 'a', [LEARNING]: 'l' }, after: { 'DESIGN.md': 'b' } }, want: [`DESIGN.md: a source of truth changes beside the loop learning ${LEARNING} (deleted): is a quarantined learning being promoted?`] },
    { name: 'a contract and a learning edited together', view: { before: { 'design/contracts/components/button.contract.json': '{}', [LEARNING]: 'l' }, after: { 'design/contracts/components/button.contract.json': '{"x":1}', [LEARNING]: 'status: promoted' } }, want: [`design/contracts/components/button.contract.json: a source of truth changes beside the loop learning ${LEARNING} (modified): is a quarantined learning being promoted?`] },
    { name: 'a learning alone', view: { after: { [LEARNING]: 'l' } }, want: [] },
    { name: 'a source of truth alone', view: { before: { 'design/contracts/tokens.json': '{}' }, after: { 'design/contracts/tokens.json': '{"a":1}' } }, want: [] },
    { name: 'a file that only starts like the folder', view: { before: { 'DESIGN.md': 'a', 'docs/loop-learnings-old.md': 'l' }, after: { 'DESIGN.md': 'b' } }, want: [] },
    {
      name: 'four learnings are summed up',
      view: { before: { 'DESIGN.md': 'a', 'docs/loop-learnings/a.md': '', 'docs/loop-learnings/b.md': '', 'docs/loop-learnings/c.md': '', 'docs/loop-learnings/d.md': '' }, after: { 'DESIGN.md': 'b' } },
      want: ['DESIGN.md: a source of truth changes beside the loop learnings docs/loop-learnings/a.md (deleted), docs/loop-learnings/b.md (deleted), docs/loop-learnings/c.md (deleted) and 1 more: is a quarantined learning being promoted?'],
    },
    { name: 'options name the folder and the sources of truth', view: { before: { 'guide/brand.md': 'a', 'notes/x.md': 'l', 'DESIGN.md': 'a' }, after: { 'guide/brand.md': 'b', 'DESIGN.md': 'b' } }, options: { ssot: ['guide/**'], learnings: 'notes/' }, want: ['guide/brand.md: a source of truth changes beside the loop learning notes/x.md (deleted): is a quarantined learning being promoted?'] },
    { name: "the policy's learnings folder", view: { before: { 'DESIGN.md': 'a', 'memory/x.md': 'l' }, after: { 'DESIGN.md': 'b' }, project: { learnings: 'memory' } }, want: ['DESIGN.md: a source of truth changes beside the loop learning memory/x.md (deleted): is a quarantined learning being promoted?'] },
  ])('$name', ({ view, options, want }) => {
    expect(findings(gate, memoryView(view), options)).toEqual(want);
  });
});
