import { chmodSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedRequire, compileCached } from '../../src/runtime/code-cache.js';

const cacheDir = join(tmpdir(), `dsctl-${userInfo().uid}`);

describe('cachedRequire', () => {
  it('loads a CommonJS module and leaves a V8 code cache for the next process', () => {
    const first = cachedRequire('mvdan-sh', import.meta.url) as { syntax: { NewParser: () => unknown } };
    expect(typeof first.syntax.NewParser).toBe('function');
    expect(readdirSync(cacheDir).some((f) => /^code-cache-[0-9a-f]{16}\.bin$/.test(f))).toBe(true);
    const second = cachedRequire('mvdan-sh', import.meta.url) as { syntax: { NewParser: () => { Parse: (s: string, n: string) => unknown } } };
    expect(second.syntax.NewParser().Parse('echo hi > out.txt', '')).toBeDefined();
  });
});

describe('compileCached', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'dsctl-compile-')), 'code.js');
  writeFileSync(file, `return a + b + (function later() { return 1; })();`);

  it('writes the cache once, after the code ran, and uses it from then on', () => {
    const first = compileCached(file, ['a', 'b']);
    expect(first.fn(1, 2)).toBe(4);
    expect(first.stale).toBe(true);
    first.saveCache();
    expect(first.stale).toBe(false);
    const second = compileCached(file, ['a', 'b']);
    expect(second.stale).toBe(false);
    expect(second.fn(2, 3)).toBe(6);
  });

  it('neither reads nor writes a cache in a folder others can write to', () => {
    chmodSync(cacheDir, 0o777);
    try {
      const compiled = compileCached(file, ['a', 'b']);
      expect(compiled.stale).toBe(true);
      expect(compiled.fn(0, 0)).toBe(1);
    } finally {
      chmodSync(cacheDir, 0o700);
    }
  });
});
