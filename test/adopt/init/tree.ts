import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under root (`.git` aside) with its content: to show that a command wrote nothing. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === '.git') continue;
      const abs = join(dir, name);
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(abs).isDirectory()) walk(abs, path);
      else out[path] = readFileSync(abs, 'utf8');
    }
  };
  walk(root, '');
  return out;
}
