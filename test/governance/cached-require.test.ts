import { readdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedRequire } from '../../src/governance/shell/cached-require.js';

describe('cachedRequire', () => {
  it('loads a CommonJS module and leaves a V8 code cache for the next process', () => {
    const first = cachedRequire('mvdan-sh', import.meta.url) as { syntax: { NewParser: () => unknown } };
    expect(typeof first.syntax.NewParser).toBe('function');
    const dir = join(tmpdir(), `dsctl-${userInfo().uid}`);
    expect(readdirSync(dir).some((f) => /^code-cache-[0-9a-f]{16}\.bin$/.test(f))).toBe(true);
    const second = cachedRequire('mvdan-sh', import.meta.url) as { syntax: { NewParser: () => { Parse: (s: string, n: string) => unknown } } };
    expect(second.syntax.NewParser().Parse('echo hi > out.txt', '')).toBeDefined();
  });
});
