import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolCall } from './providers/provider.js';
import type { Check } from './scorer.js';

/** One line of a run's trials.jsonl: a trial as it was answered and scored. */
export interface TrialRecord {
  readonly schema: 'dsctl.bench-trial/v1';
  readonly index: number;
  readonly key: string;
  readonly condition: string;
  readonly task: string;
  readonly trial: number;
  /** Refusals and provider errors are counted apart from scored answers, never as a score of 0. */
  readonly status: 'scored' | 'refusal' | 'provider-error';
  readonly score: number | null;
  readonly passed: boolean;
  readonly errors: number;
  readonly warnings: number;
  readonly ruleIds: readonly string[];
  readonly checks: readonly Check[];
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly turns: number;
  readonly toolCalls: readonly ToolCall[];
  readonly stop?: string;
  readonly error?: string;
  readonly durationMs: number;
  readonly answer: string;
}

export const TRIALS_FILE = 'trials.jsonl';

export function readTrials(dir: string): TrialRecord[] {
  const file = join(dir, TRIALS_FILE);
  if (!existsSync(file)) return [];
  const records: TrialRecord[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    // A line cut short by a crash is not a finished trial: resume runs it again.
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line) as TrialRecord);
    } catch {
      continue;
    }
  }
  return records.sort((a, b) => a.index - b.index);
}

/** Appends one finished trial: a whole line at once, so a crash loses at most the trial in progress. */
export function appendTrial(dir: string, record: TrialRecord): void {
  appendFileSync(join(dir, TRIALS_FILE), `${JSON.stringify(record)}\n`);
}
