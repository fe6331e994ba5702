import picomatch from 'picomatch';
import type { ChangedPath, ChangeView } from './change-view.js';

/**
 * A test of change paths against project-relative globs (as options and the config write them). Case is
 * ignored, as for the hard gates: `changelog.md` beside `CHANGELOG.md` is the same file on macOS.
 */
export function globMatcher(change: ChangeView, globs: readonly string[], exclude: readonly string[] = []): (path: string) => boolean {
  if (globs.length === 0) return () => false;
  const options = { dot: true, nocase: true };
  const inside = picomatch(globs.map(change.inProject), options);
  const outside = exclude.length ? picomatch(exclude.map(change.inProject), options) : () => false;
  return (path) => inside(path) && !outside(path);
}

/** Whether a change touches a matching path on either side (a rename out of it counts). */
export function touches(c: ChangedPath, test: (path: string) => boolean): boolean {
  return test(c.path) || (c.from !== undefined && test(c.from));
}

/** The change of one file (its new side, else a rename away from it), or undefined when the file is not changed. */
export function changeOf(change: ChangeView, path: string): ChangedPath | undefined {
  return change.changes.find((c) => c.path === path) ?? change.changes.find((c) => c.from === path && c.status === 'renamed');
}
