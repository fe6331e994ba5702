import { isDeepStrictEqual } from 'node:util';
import { DRIFT_KEYS, SCANNED_KEYS } from './draft.js';

type Json = Record<string, unknown>;

export type ScanAction =
  /** A new draft. */
  | 'created'
  /** A draft rewritten because its component changed. */
  | 'updated'
  | 'unchanged'
  /** A person's contract (ready, or any status but draft) whose component differs from it: left as it is. */
  | 'drift'
  /** A person's contract whose component matches it. */
  | 'in-step'
  /** A contract of the same id that was not scanned from this source: left as it is. */
  | 'kept';

export interface Reconciled {
  readonly action: ScanAction;
  /** The text to write (created, updated). */
  readonly text?: string;
  /** Top-level keys that differ from the file. */
  readonly changed: readonly string[];
}

/** The one serialization of a contract: a re-scan of an unchanged component gives the same bytes. */
export function contractText(contract: Json): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}

/**
 * What to do with one scanned draft, given the contract already at its path (if any). A draft is the
 * scan's: its scanned keys are rewritten, what a person added to it is kept. Any other status is a
 * person's, and is never written: the scan says which of its scanned keys the component contradicts.
 */
export function reconcile(fresh: Json, existing: { value: Json; text: string } | undefined): Reconciled {
  if (!existing) return { action: 'created', text: contractText(fresh), changed: Object.keys(fresh) };
  const current = existing.value;
  if (current.source !== fresh.source) return { action: 'kept', changed: [] };
  if (current.status !== 'draft') {
    const changed = DRIFT_KEYS.filter((key) => !isDeepStrictEqual(current[key], fresh[key]));
    return { action: changed.length ? 'drift' : 'in-step', changed };
  }
  const scanned = new Set<string>(SCANNED_KEYS);
  const merged: Json = {};
  for (const key of Object.keys(fresh)) merged[key] = scanned.has(key) || !(key in current) ? fresh[key] : current[key];
  for (const key of Object.keys(current)) if (!scanned.has(key) && !(key in merged)) merged[key] = current[key];
  const text = contractText(merged);
  if (text === existing.text) return { action: 'unchanged', changed: [] };
  const changed = [...new Set([...Object.keys(merged), ...Object.keys(current)])].filter((key) => !isDeepStrictEqual(merged[key], current[key]));
  return { action: 'updated', text, changed };
}
