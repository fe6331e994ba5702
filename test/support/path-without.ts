import { accessSync, constants, readdirSync, symlinkSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { tempDir } from './temp-dir.js';

/**
 * A PATH with every command of this one but `names`: a machine without bubblewrap, say, for the
 * tests of what dsctl does there. The commands are links in a temp folder, so the rest still runs.
 */
export function pathWithout(...names: string[]): string {
  const dir = tempDir('dsctl-path-');
  const seen = new Set(names);
  for (const from of (process.env.PATH ?? '').split(delimiter)) {
    let entries: string[];
    try {
      entries = readdirSync(from);
    } catch {
      continue;
    }
    for (const name of entries) {
      if (seen.has(name)) continue;
      try {
        accessSync(join(from, name), constants.X_OK);
        symlinkSync(join(from, name), join(dir, name));
        seen.add(name);
      } catch {
        // not a command, or shadowed by an earlier PATH entry
      }
    }
  }
  return dir;
}
