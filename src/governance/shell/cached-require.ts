import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * `require(id)` of a large CommonJS file with V8's code cache kept on disk: the shell parser is 1.5 MB
 * of JavaScript, and compiling it on every hook call costs more than the rest of the hook. The cache is
 * keyed by the file and the Node version; V8 itself rejects a cache that does not fit, and then it is
 * rebuilt. Any failure to read or write the cache only costs the compile.
 */
export function cachedRequire(id: string, from: string): unknown {
  const file = createRequire(from).resolve(id);
  const source = readFileSync(file, 'utf8');
  const stat = statSync(file);
  const key = createHash('sha256').update(`${file}\0${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}`).digest('hex').slice(0, 16);
  const cacheFile = join(tmpdir(), `dsctl-${safeUser()}`, `code-cache-${key}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  if (!cachedData || script.cachedDataRejected) {
    try {
      mkdirSync(dirname(cacheFile), { recursive: true });
      const temp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, cacheFile);
    } catch {
      // A read-only or full temp dir: next time compiles again.
    }
  }
  return module.exports;
}

function safeUser(): string {
  try {
    return String(userInfo().uid);
  } catch {
    return 'user';
  }
}
