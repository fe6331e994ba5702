/**
 * JavaScript compiled with V8's code cache kept on disk. The hook path's bundle and the shell parser
 * (1.5 MB of GopherJS) are compiled on every hook call otherwise, which costs more than the rest of
 * the hook. A cache is keyed by the file, its size and time and the Node version; V8 itself rejects a
 * cache that does not fit, and then it is rebuilt. Any failure to read or write a cache only costs
 * the compile. Caches live in a folder of the user's own that no one else can write to.
 *
 * The built-in modules are fetched when called, not imported: the bin imports this module, and a
 * hook call that never compiles anything from here must not pay for `node:vm`.
 */

/** A compiled file: its function, and a way to store what V8 compiled of it for the next process. */
export interface CachedCompile {
  /** The file's code, wrapped as `function (...params) { … }`. */
  readonly fn: (...args: unknown[]) => unknown;
  /** Whether there was no cache, or V8 rejected it: {@link saveCache} will write one. */
  readonly stale: boolean;
  /**
   * Writes the cache if there was none or V8 rejected it; a no-op otherwise. Call it once the code
   * has done its work, so that the functions compiled on the way are in the cache too.
   */
  saveCache(): void;
}

/** Compiles `file` (an absolute path) as the body of a function taking `params`, through the code cache. */
export function compileCached(file: string, params: readonly string[]): CachedCompile {
  const fs = process.getBuiltinModule('node:fs');
  const { Script } = process.getBuiltinModule('node:vm');
  const source = fs.readFileSync(file, 'utf8');
  const stat = fs.statSync(file);
  const dir = cacheDir();
  const cacheFile = dir && `${dir}/code-cache-${hash(`${file}\0${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}`)}.bin`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = cacheFile && ownDirectory(dir) ? fs.readFileSync(cacheFile) : undefined;
  } catch {
    cachedData = undefined;
  }
  const script = new Script(`(function (${params.join(', ')}) {${source}\n})`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const fn = script.runInThisContext() as (...args: unknown[]) => unknown;
  let stale = !cachedData || script.cachedDataRejected === true;
  return {
    fn,
    get stale() {
      return stale;
    },
    saveCache() {
      if (!stale || !cacheFile) return;
      stale = false;
      try {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (!ownDirectory(dir)) return;
        const temp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(temp, script.createCachedData());
        fs.renameSync(temp, cacheFile);
      } catch {
        // A read-only or full temp dir: next time compiles again.
      }
    },
  };
}

/**
 * `require(id)` of a large CommonJS file through the code cache. `warm` runs before a new cache is
 * written, so that the functions it calls (a first parse) are compiled into the cache too.
 */
export function cachedRequire(id: string, from: string, warm?: (exports: unknown) => void): unknown {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { dirname } = process.getBuiltinModule('node:path');
  const file = createRequire(from).resolve(id);
  const compiled = compileCached(file, ['exports', 'require', 'module', '__filename', '__dirname']);
  const module = { exports: {} as unknown };
  compiled.fn(module.exports, createRequire(file), module, file, dirname(file));
  if (compiled.stale) warm?.(module.exports);
  compiled.saveCache();
  return module.exports;
}

function cacheDir(): string {
  const os = process.getBuiltinModule('node:os');
  let user: string;
  try {
    user = String(os.userInfo().uid);
  } catch {
    user = 'user';
  }
  return `${os.tmpdir()}/dsctl-${user}`;
}

/** A cache is code this process runs: only from a real folder of this user's that no one else can write to. */
function ownDirectory(dir: string): boolean {
  try {
    const stat = process.getBuiltinModule('node:fs').lstatSync(dir);
    const uid = process.getuid?.();
    return stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * 64 bits of FNV-1a, as 16 hex digits: a file name, not a security measure (V8 checks that a cache
 * fits its source). `node:crypto` would cost more to load than the cache saves.
 */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
