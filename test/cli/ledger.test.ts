import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterProject } from '../support/project.js';

const run = (component: string, ranAt: string, over: Record<string, unknown> = {}) => ({
  component,
  ranAt,
  path: 'full',
  risk: 'interactive',
  gate: { passes: 1, failures: 1, reasons: ['typecheck'] },
  reviewerFindings: ['forced-colors outline missing'],
  manualRescues: 0,
  costUsd: 2,
  outcome: 'clean',
  ...over,
});

describe('dsctl ledger (built binary)', () => {
  it('folds the run records into design/run-ledger.json and summarises them; a malformed one is a located error', () => {
    const app = starterProject();
    mkdirSync(join(app, '.dsctl/handoff'), { recursive: true });
    writeFileSync(join(app, '.dsctl/handoff/Tabs.run.json'), JSON.stringify(run('Tabs', '2026-11-30T08:00:00Z')));
    writeFileSync(join(app, '.dsctl/handoff/Badge.run.json'), JSON.stringify(run('Badge', '2026-11-30T09:00:00Z', { risk: 'display', path: 'standard', costUsd: 0.5, gate: { passes: 1, failures: 0, reasons: [] } })));

    const folded = dsctl(['ledger'], app);
    expect(folded.code, folded.stderr).toBe(0);
    expect(folded.stdout).toMatch(/interactive\s+full\s+1\s+100%\s+1\.00\s+\$2\.00/);
    expect(folded.stderr).toContain('design/run-ledger.json: 2 run(s) added, 2 in all');
    const ledger = readFileSync(join(app, 'design/run-ledger.json'), 'utf8');

    const json = dsctl(['ledger', '--json'], app);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      type: 'dsctl/ledger',
      ok: true,
      data: { written: false, added: [], entries: 2, summary: { total: { runs: 2, clean: 2, costPerClean: 1.25 }, groups: [{ risk: 'interactive', path: 'full' }, { risk: 'display', path: 'standard' }] } },
    });

    writeFileSync(join(app, '.dsctl/handoff/Tabs.run.json'), JSON.stringify(run('Tabs', '2026-12-01T08:00:00Z', { outcome: 'fine' }), null, 2));
    const bad = dsctl(['ledger', '--json'], app);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, error: { code: 'ledger/run-invalid', file: '.dsctl/handoff/Tabs.run.json', pointer: '/outcome' } });
    expect(readFileSync(join(app, 'design/run-ledger.json'), 'utf8')).toBe(ledger);
  });
});
