import type { RunEntry } from '../../src/governance/run-record.js';

/** The i-th (0–9) run record of a drift-repair pipeline, one a minute, for tests that need a log. */
export const runEntry = (i: number, over: Partial<RunEntry> = {}): RunEntry => ({
  schema: 'dsctl.run/v1',
  run_id: `2026-06-18T10:0${i}:00Z-drift-repair`,
  workflow: 'drift-repair',
  level: 'pipeline',
  status: 'passed',
  trigger: 'ci',
  commands: ['npm run design:drift'],
  changed_paths: [],
  escalation: null,
  started_at: `2026-06-18T10:0${i}:00Z`,
  ended_at: `2026-06-18T10:0${i}:30Z`,
  attempts: 1,
  ...over,
});
