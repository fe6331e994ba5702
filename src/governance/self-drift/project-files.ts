import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from '../../io/read-text.js';
import type { SelfDriftFiles } from './check.js';

/**
 * The project's files for the self-drift checks: the only code of self-drift that touches the disk.
 * Each file is read once per run, however many checks look at it.
 */
export function projectFiles(root: string): SelfDriftFiles {
  const texts = new Map<string, string | undefined>();
  return {
    read(path, what = 'file') {
      if (!texts.has(path)) {
        const abs = join(root, path);
        texts.set(path, existsSync(abs) ? readText(abs, path, what) : undefined);
      }
      return texts.get(path);
    },
  };
}
