import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summariseLedger } from '../../src/components/ledger-summary.js';
import { foldRuns, LEDGER_FILE, updateLedger, type RunFile } from '../../src/components/ledger.js';
import type { ComponentRun } from '../../src/components/run-record.js';
import { parseJsonDocument } from '../../src/diagnostics/json-source.js';
import { tempDir } from '../support/temp-dir.js';
import { thrownUserError } from '../support/user-error.js';

const run = (component: string, ranAt: string, over: Partial<ComponentRun> = {}): ComponentRun => ({
  component,
  ranAt,
  path: 'full',
  risk: 'interactive',
  gate: { passes: 1, failures: 0, reasons: [] },
  reviewerFindings: [],
  manualRescues: 0,
  costUsd: 1,
  outcome: 'clean',
  ...over,
});
const file = (r: ComponentRun): RunFile => {
  const text = JSON.stringify(r);
  return { file: `.dsctl/handoff/${r.component}.run.json`, run: r, doc: parseJsonDocument(text, `.dsctl/handoff/${r.component}.run.json`) };
};

function project(runs: Record<string, unknown>, ledger?: unknown): string {
  const dir = tempDir('dsctl-ledger-');
  mkdirSync(join(dir, '.dsctl/handoff'), { recursive: true });
  for (const [name, value] of Object.entries(runs)) writeFileSync(join(dir, `.dsctl/handoff/${name}.run.json`), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  if (ledger !== undefined) {
    mkdirSync(join(dir, 'design'), { recursive: true });
    writeFileSync(join(dir, LEDGER_FILE), JSON.stringify(ledger, null, 2));
  }
  return dir;
}

describe('foldRuns', () => {
  const a = run('Button', '2026-11-30T08:00:00Z');
  const b = run('Badge', '2026-11-30T08:00:00Z', { risk: 'display', path: 'standard' });
  const c = run('Accordion', '2026-11-29T09:00:00+02:00');

  it.each<[string, ComponentRun[], ComponentRun[], string[], string[]]>([
    ['into an empty ledger, sorted by time (offsets understood) then component', [], [a, b, c], ['Button@2026-11-30T08:00:00Z', 'Badge@2026-11-30T08:00:00Z', 'Accordion@2026-11-29T09:00:00+02:00'], ['Accordion', 'Badge', 'Button']],
    ['a run already in the ledger is not added again', [a], [a, b], ['Badge@2026-11-30T08:00:00Z'], ['Badge', 'Button']],
    ['a later run of the same component is appended, the earlier kept', [a], [run('Button', '2026-12-01T10:00:00Z')], ['Button@2026-12-01T10:00:00Z'], ['Button', 'Button']],
    ['nothing new: nothing added', [a, b], [a], [], ['Badge', 'Button']],
  ])('%s', (_what, existing, runs, added, order) => {
    const result = foldRuns(existing, runs.map(file));
    expect(result.added).toEqual(added);
    expect(result.entries.map((e) => e.component)).toEqual(order);
    expect(result.conflicts).toEqual([]);
  });

  it('never changes an existing entry: one edited since its run is reported and kept', () => {
    const edited = { ...a, outcome: 'clean' as const, costUsd: 0.1 };
    const result = foldRuns([edited], [file(a)]);
    expect(result.entries).toEqual([edited]);
    expect(result.added).toEqual([]);
    expect(result.conflicts.map((p) => [p.code, p.message])).toEqual([
      ['ledger/entry-edited', 'ledger entry Button@2026-11-30T08:00:00Z differs from .dsctl/handoff/Button.run.json: ledger entries never change, so the ledger keeps its version; if the entry was edited by hand, restore it from git'],
    ]);
  });
});

describe('updateLedger', () => {
  it('folds the handoff files into design/run-ledger.json, and a second fold writes nothing', () => {
    const dir = project({ Button: run('Button', '2026-11-30T08:00:00Z'), Badge: run('Badge', '2026-11-29T08:00:00Z', { risk: 'display', path: 'standard' }) });
    expect(updateLedger(dir)).toMatchObject({ written: true, added: ['Badge@2026-11-29T08:00:00Z', 'Button@2026-11-30T08:00:00Z'] });
    const text = readFileSync(join(dir, LEDGER_FILE), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ version: 1, entries: [{ component: 'Badge' }, { component: 'Button' }] });
    expect(updateLedger(dir)).toMatchObject({ written: false, added: [] });
    expect(readFileSync(join(dir, LEDGER_FILE), 'utf8')).toBe(text);
  });

  it('reports an entry edited in the committed ledger and leaves the file as it is', () => {
    const original = run('Button', '2026-11-30T08:00:00Z');
    const dir = project({ Button: original }, { version: 1, entries: [{ ...original, manualRescues: 0, outcome: 'changes-required' }] });
    const before = readFileSync(join(dir, LEDGER_FILE), 'utf8');
    const result = updateLedger(dir);
    expect(result.written).toBe(false);
    expect(result.conflicts).toMatchObject([{ code: 'ledger/entry-edited', file: LEDGER_FILE, pointer: '/entries/0', line: 4 }]);
    expect(readFileSync(join(dir, LEDGER_FILE), 'utf8')).toBe(before);
  });

  it.each<[string, unknown, string, string]>([
    ['a wrong outcome', { ...run('Button', '2026-11-30T08:00:00Z'), outcome: 'done' }, '/outcome', 'expected one of "clean", "gate-failed", "changes-required", "incomplete"'],
    ['a missing gate', (({ gate: _gate, ...rest }) => rest)(run('Button', '2026-11-30T08:00:00Z')), '/gate', 'expected object'],
    ['an unknown key', { ...run('Button', '2026-11-30T08:00:00Z'), reviewer: 'x' }, '/reviewer', 'unknown key "reviewer"'],
    ['a component that is not the file name', run('Buton', '2026-11-30T08:00:00Z'), '/component', 'component "Buton" does not match the file name Button.run.json (expected "Button")'],
  ])('a malformed run file (%s) is a located error, and nothing is written', (_what, value, pointer, message) => {
    const dir = project({ Button: value, Badge: run('Badge', '2026-11-29T08:00:00Z') });
    const error = thrownUserError(() => updateLedger(dir));
    expect(error.code).toBe('ledger/run-invalid');
    expect(error.location).toMatchObject({ file: '.dsctl/handoff/Button.run.json', pointer });
    expect(error.details[0]).toContain(message);
    expect(existsSync(join(dir, LEDGER_FILE))).toBe(false);
  });

  it('a run file that is not JSON is located by line and column', () => {
    const dir = project({ Button: '{\n  "component": "Button",\n}' });
    const error = thrownUserError(() => updateLedger(dir));
    expect(error.location).toMatchObject({ file: '.dsctl/handoff/Button.run.json', line: 3 });
    expect(existsSync(join(dir, LEDGER_FILE))).toBe(false);
  });
});

describe('summariseLedger', () => {
  it('per risk tier and path: runs, clean rate, mean gate retries, cost per clean component', () => {
    const entries = [
      run('Button', '2026-11-01T00:00:00Z', { gate: { passes: 1, failures: 2, reasons: ['typecheck', 'metadata'] }, costUsd: 3 }),
      run('Tabs', '2026-11-02T00:00:00Z', { outcome: 'changes-required', gate: { passes: 1, failures: 1, reasons: ['build'] }, costUsd: 2 }),
      run('Dialog', '2026-11-03T00:00:00Z', { costUsd: 1.5 }),
      run('Badge', '2026-11-04T00:00:00Z', { risk: 'display', path: 'standard', costUsd: 0.5 }),
      run('Card', '2026-11-05T00:00:00Z', { risk: 'display', path: 'standard', outcome: 'incomplete', costUsd: 0.25 }),
      run('Avatar', '2026-11-06T00:00:00Z', { risk: 'display', path: 'full', outcome: 'gate-failed', gate: { passes: 0, failures: 3, reasons: ['a', 'b', 'c'] }, costUsd: 1 }),
    ];
    expect(summariseLedger(entries)).toEqual({
      total: { runs: 6, clean: 3, cleanRate: 0.5, meanGateRetries: 1, costUsd: 8.25, costPerClean: 2.75 },
      groups: [
        { risk: 'interactive', path: 'full', runs: 3, clean: 2, cleanRate: 0.6667, meanGateRetries: 1, costUsd: 6.5, costPerClean: 3.25 },
        { risk: 'display', path: 'full', runs: 1, clean: 0, cleanRate: 0, meanGateRetries: 3, costUsd: 1, costPerClean: null },
        { risk: 'display', path: 'standard', runs: 2, clean: 1, cleanRate: 0.5, meanGateRetries: 0, costUsd: 0.75, costPerClean: 0.75 },
      ],
    });
  });

  it('an empty ledger', () => {
    expect(summariseLedger([])).toEqual({ total: { runs: 0, clean: 0, cleanRate: 0, meanGateRetries: 0, costUsd: 0, costPerClean: null }, groups: [] });
  });
});
