import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryEntry } from '../../src/bench/history-schema.js';
import type { TrialRecord } from '../../src/bench/records.js';

export const FIXTURES = new URL('../fixtures/bench/', import.meta.url).pathname;

/** The scripted spec and its answers at the project's default spec path; `edit` changes the spec. */
export function installSpec(app: string, edit: (spec: Record<string, unknown>) => void = () => undefined): string {
  const dir = join(app, 'design/benchmarks');
  mkdirSync(dir, { recursive: true });
  const spec = JSON.parse(readFileSync(join(FIXTURES, 'scripted-spec.json'), 'utf8')) as Record<string, unknown>;
  edit(spec);
  writeFileSync(join(dir, 'benchmark.json'), JSON.stringify(spec, null, 2));
  copyFileSync(join(FIXTURES, 'answers.json'), join(dir, 'answers.json'));
  return join(dir, 'benchmark.json');
}

export function editAnswers(app: string, edit: (answers: Record<string, unknown>) => void): void {
  const file = join(app, 'design/benchmarks/answers.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { answers: Record<string, unknown> };
  edit(doc.answers);
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

export const runDirs = (app: string): string[] => readdirSync(join(app, '.dsctl/bench')).sort();
export const summaryOf = (dir: string): HistoryEntry => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as HistoryEntry;
export const trialsOf = (dir: string): TrialRecord[] =>
  readFileSync(join(dir, 'trials.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as TrialRecord);

/** A summary without what differs between two runs of the same data (time, folder, shard). */
export function comparable(entry: HistoryEntry): unknown {
  const { ranAt: _r, dir: _d, shard: _s, ...rest } = entry;
  return rest;
}
