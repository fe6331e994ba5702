import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';

/**
 * Writes a file so that readers see the old content or the new one, never a half-written file:
 * write a temp file beside it (same file system), then rename over the target.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, mode?: number): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    writeFileSync(temp, content, mode === undefined ? undefined : { mode });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
