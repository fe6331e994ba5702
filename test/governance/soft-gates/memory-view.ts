import { changeView, type ChangedPath, type ChangeView, type ProjectFiles } from '../../../src/governance/soft-gates/change-view.js';

/** The starter's files, as dsctl.config.json and the policy name them. */
export const STARTER_FILES: ProjectFiles = {
  rules: 'design/contracts/rules.json',
  tokens: 'design/contracts/tokens.json',
  components: 'design/contracts/components',
  designMd: 'DESIGN.md',
  learnings: 'docs/loop-learnings',
  ui: { include: ['examples/**/*.html', 'src/**/*.{html,jsx,tsx,vue,css}'], exclude: ['**/node_modules/**', '.dsctl/**', 'redteam/**'] },
};

export interface MemoryChange {
  /** Text of each path on the old side. */
  readonly before?: Readonly<Record<string, string>>;
  /** Text of each path on the new side. */
  readonly after?: Readonly<Record<string, string>>;
  /** The changes; default: every path that differs between the sides (added, deleted or modified). */
  readonly changes?: readonly ChangedPath[];
  readonly compares?: boolean;
  readonly project?: Partial<ProjectFiles>;
  readonly projectPrefix?: string;
}

/** A change view over two in-memory sides, as checkGates builds one over git. */
export function memoryView(input: MemoryChange = {}): ChangeView {
  const before = input.before ?? {};
  const after = input.after ?? {};
  const derived = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((path) => before[path] !== after[path])
    .map((path): ChangedPath => ({ status: before[path] === undefined ? 'added' : after[path] === undefined ? 'deleted' : 'modified', path }));
  return changeView({
    changes: input.changes ?? derived,
    before: (path) => before[path],
    after: (path) => after[path],
    compares: input.compares ?? true,
    project: { ...STARTER_FILES, ...input.project },
    projectPrefix: input.projectPrefix ?? '',
  });
}
