import { randomBytes } from 'node:crypto';

/** A UTC timestamp safe as a folder name on every OS: `20261130T082542Z`. (No zod here: the sandbox's fast path uses it.) */
export function runStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** A run id: the stamp, the workflow and 4 hex characters (`20261130T082542Z-drift-repair-ca8c`). */
export function newRunId(workflow: string, at: Date = new Date()): string {
  return `${runStamp(at)}-${workflow}-${randomBytes(2).toString('hex')}`;
}
