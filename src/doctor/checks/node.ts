import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../project/package-root.js';
import { reporter, type DoctorCheck } from '../check.js';

export const check: DoctorCheck = {
  id: 'node',
  meta: {
    docs: { description: "this Node.js satisfies dsctl's engines range (package.json)" },
    messages: {
      'too-old': { message: 'Node {version} is older than dsctl needs ({range})', fix: 'install Node {minimum} or later (nvm: `nvm install --lts`)' },
    },
  },
  run(ctx) {
    const range = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node;
    const minimum = range === undefined ? undefined : /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(range.trim())?.[1];
    if (range === undefined || minimum === undefined) return [];
    return compareVersions(ctx.nodeVersion, minimum) < 0 ? [reporter(check)('too-old', { version: ctx.nodeVersion, range, minimum })] : [];
  },
};

/** Numeric comparison of dotted versions: `20.9.0` < `20.19`. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/, '').split(/[.+-]/).slice(0, 3).map((p) => Number.parseInt(p, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
