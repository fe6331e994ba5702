import { posix } from 'node:path';

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'changed';

/** A changed path as git reports it, relative to the top of the work tree: a rename or copy names its source in `from`. */
export interface ChangedPath {
  readonly status: ChangeStatus;
  readonly path: string;
  readonly from?: string;
}

/** Where the project's own files are, as dsctl.config.json and the policy name them (project-relative). */
export interface ProjectFiles {
  readonly rules: string;
  readonly tokens: string;
  /** The folder of component contracts. */
  readonly components: string;
  readonly designMd: string;
  /** The quarantine folder of loop learnings (policy `learnings`). */
  readonly learnings: string;
  /** The UI files dsctl lints (config `lint.include` / `lint.exclude`), as globs. */
  readonly ui: { readonly include: readonly string[]; readonly exclude: readonly string[] };
}

/**
 * What a soft gate sees of a change: read-only, no file system or git (checkGates builds it; tests build
 * one in memory). Paths in `changes`, `before` and `after` are relative to the top of the work tree.
 */
export interface ChangeView {
  readonly changes: readonly ChangedPath[];
  /** The text of a path on the old side; undefined when it is absent there, and always when `compares` is false. */
  before(path: string): string | undefined;
  /** The text of a path on the new side; undefined when it is absent there. */
  after(path: string): string | undefined;
  /** False for explicit paths (`dsctl gate check <paths>`): there is no old side, so no two sides to compare. */
  readonly compares: boolean;
  readonly project: ProjectFiles;
  /** A project-relative path or glob (as options and the config write them) spelled as in `changes`. */
  inProject(path: string): string;
}

export interface ChangeViewInput {
  readonly changes: readonly ChangedPath[];
  readonly before: (path: string) => string | undefined;
  readonly after: (path: string) => string | undefined;
  readonly compares: boolean;
  readonly project: ProjectFiles;
  /** The project folder relative to the top of the work tree, `/`-separated; '' when they are the same. */
  readonly projectPrefix: string;
}

/** A view whose reads are each made once: several gates read the same file, and each git read is a process. */
export function changeView(input: ChangeViewInput): ChangeView {
  const once = (read: (path: string) => string | undefined) => {
    const seen = new Map<string, string | undefined>();
    return (path: string) => {
      if (!seen.has(path)) seen.set(path, read(path));
      return seen.get(path);
    };
  };
  const before = once(input.before);
  return {
    changes: input.changes,
    before: input.compares ? before : () => undefined,
    after: once(input.after),
    compares: input.compares,
    project: input.project,
    inProject: (path) => posix.join(input.projectPrefix, posix.normalize(path.replace(/\\/g, '/'))).replace(/^\.\/?$/, ''),
  };
}
