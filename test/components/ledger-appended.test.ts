import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_FILE, updateLedger } from '../../src/components/ledger.js';
import type { ComponentRun } from '../../src/components/run-record.js';
import { isUserError, type UserError } from '../../src/diagnostics/user-error.js';
import { writeComponentRun } from '../../src/loops/workflows/component-add/tally.js';
import { tempDir } from '../support/temp-dir.js';

const run = (ranAt: string, over: Partial<ComponentRun> = {}): ComponentRun => ({
  component: 'Badge',
  ranAt,
  path: 'standard',
  risk: 'display',
  gate: { passes: 1, failures: 0, reasons: [] },
  reviewerFindings: [],
  manualRescues: 0,
  costUsd: 0.5,
  outcome: 'clean',
  runId: 'r1',
  ...over,
});

/** `dsctl component add` appends its runs to `<Name>.run.json`; `dsctl ledger` folds every one of them. */
describe('appended run records', () => {
  it('a stopped run and its finished resume both reach the ledger; an old single-run file still folds', () => {
    const dir = tempDir('dsctl-ledger-appended-');
    writeComponentRun(dir, run('2026-12-01T10:00:00Z', { outcome: 'incomplete', stoppedBy: 'the agent hit its usage limit' }));
    writeComponentRun(dir, run('2026-12-01T11:00:00Z'));
    // Written again with the same run and time (a resumed `record` stage): not duplicated.
    writeComponentRun(dir, run('2026-12-01T11:00:00Z'));
    writeFileSync(join(dir, '.dsctl/handoff/Tabs.run.json'), JSON.stringify(run('2026-12-01T09:00:00Z', { component: 'Tabs', path: 'full', risk: 'interactive' })));
    const text = JSON.parse(readFileSync(join(dir, '.dsctl/handoff/Badge.run.json'), 'utf8')) as ComponentRun[];
    expect(text.map((r) => r.outcome)).toEqual(['incomplete', 'clean']);
    const update = updateLedger(dir);
    expect(update.added).toEqual(['Badge@2026-12-01T10:00:00Z', 'Badge@2026-12-01T11:00:00Z', 'Tabs@2026-12-01T09:00:00Z']);
    const ledger = JSON.parse(readFileSync(join(dir, LEDGER_FILE), 'utf8')) as { entries: ComponentRun[] };
    expect(ledger.entries.map((e) => `${e.component} ${e.outcome}`)).toEqual(['Tabs clean', 'Badge incomplete', 'Badge clean']);
  });

  it('a bad entry of an appended file is located by its index', () => {
    const dir = tempDir('dsctl-ledger-appended-');
    mkdirSync(join(dir, '.dsctl/handoff'), { recursive: true });
    writeFileSync(join(dir, '.dsctl/handoff/Badge.run.json'), JSON.stringify([run('2026-12-01T10:00:00Z'), { ...run('2026-12-01T11:00:00Z'), outcome: 'fine' }], null, 2));
    let error: UserError | undefined;
    try {
      updateLedger(dir);
    } catch (e) {
      if (isUserError(e)) error = e;
    }
    expect(error?.location).toMatchObject({ file: '.dsctl/handoff/Badge.run.json', pointer: '/1/outcome' });
  });
});
