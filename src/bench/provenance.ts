import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { ProtocolParts } from './protocol.js';

/** provenance.json: what a run was, enough to re-run, resume or refuse a comparison. */
export interface Provenance {
  readonly schema: 'dsctl.bench-provenance/v1';
  readonly kind: 'conditions' | 'ablation';
  readonly protocolId: string;
  readonly protocol: ProtocolParts | Readonly<Record<string, unknown>>;
  /** Absolute path of the spec, for --resume. */
  readonly spec: string;
  readonly provider: string;
  readonly model: string;
  readonly scripted: boolean;
  readonly dsctlVersion: string;
  readonly node: string;
  readonly startedAt: string;
  readonly shard?: string;
  readonly trialsPlanned: number;
  /** k of pass@k and pass^k (conditions runs). */
  readonly k?: number;
  readonly mergedFrom?: readonly string[];
  /** Agent providers: the OS sandbox their sessions ran in (`none` when a person allowed running without). */
  readonly sandbox?: string;
  /** Ablations: the folder of the workspaces (outside the repository). */
  readonly workspaces?: string;
}

export const PROVENANCE_FILE = 'provenance.json';
export const INCOMPLETE_FILE = 'incomplete';

export function writeProvenance(dir: string, provenance: Provenance): void {
  writeFileAtomic(join(dir, PROVENANCE_FILE), `${JSON.stringify(provenance, null, 2)}\n`);
}

export function readProvenance(dir: string, display = dir): Provenance {
  const file = join(dir, PROVENANCE_FILE);
  if (!existsSync(file)) throw new UserError('bench/not-a-run', `${display} is not a benchmark run folder (no ${PROVENANCE_FILE})`);
  return JSON.parse(readFileSync(file, 'utf8')) as Provenance;
}

export interface IncompleteMarker {
  readonly reason: string;
  readonly at: string;
  readonly done: number;
  readonly remaining: number;
}

export function writeIncomplete(dir: string, marker: IncompleteMarker): void {
  writeFileAtomic(join(dir, INCOMPLETE_FILE), `${JSON.stringify(marker, null, 2)}\n`);
}

export function readIncomplete(dir: string): IncompleteMarker | undefined {
  const file = join(dir, INCOMPLETE_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as IncompleteMarker) : undefined;
}

export const clearIncomplete = (dir: string): void => rmSync(join(dir, INCOMPLETE_FILE), { force: true });
