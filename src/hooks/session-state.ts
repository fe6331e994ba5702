import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';

/** What a hook remembers about one agent session between its calls: files written, stop blocks used. */
export interface SessionState {
  readonly written: string[];
  stopBlocks: number;
}

function statePath(root: string, agent: string, session: string): string {
  return join(root, '.dsctl', 'hooks', `${agent}-${session.replace(/[^A-Za-z0-9_-]/g, '_') || 'unknown'}.json`);
}

export function readSessionState(root: string, agent: string, session: string): SessionState {
  const path = statePath(root, agent, session);
  if (!existsSync(path)) return { written: [], stopBlocks: 0 };
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<SessionState>;
    return { written: Array.isArray(value.written) ? value.written.filter((w) => typeof w === 'string') : [], stopBlocks: typeof value.stopBlocks === 'number' ? value.stopBlocks : 0 };
  } catch {
    // A damaged state file must not wedge the agent: start over.
    return { written: [], stopBlocks: 0 };
  }
}

export function writeSessionState(root: string, agent: string, session: string, state: SessionState): void {
  writeFileAtomic(statePath(root, agent, session), `${JSON.stringify(state)}\n`);
}
