import { describe, expect, it } from 'vitest';
import { isInside, relativeInside } from '../../src/io/paths.js';

describe('relativeInside', () => {
  it.each([
    ['/repo', '/repo', ''],
    ['/repo', '/repo/a/b.html', 'a/b.html'],
    ['/repo', '/repo/..a/b', '..a/b'],
    ['/repo', '/repo/...', '...'],
    ['/repo', '/repo/a/../b', 'b'],
    ['/repo', '/repo/', ''],
  ])('%s contains %s as %j', (dir, path, rel) => {
    expect(relativeInside(dir, path)).toBe(rel);
    expect(isInside(dir, path)).toBe(true);
  });

  it.each([
    ['/repo', '/'],
    ['/repo', '/repo2/a'],
    ['/repo', '/repo/../etc/passwd'],
    ['/repo/a', '/repo/b'],
  ])('%s does not contain %s', (dir, path) => {
    expect(relativeInside(dir, path)).toBeUndefined();
    expect(isInside(dir, path)).toBe(false);
  });
});
