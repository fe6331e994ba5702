import type { TokenValueKind } from '../contracts/rule-types.js';
import type { Token } from '../contracts/tokens.js';
import type { Config } from '../project/config-schema.js';
import type { Project } from '../project/project.js';

export type ThemeNamespace = keyof Config['theme'];

export interface ThemeToken {
  readonly token: Token;
  /** The utility name under its namespace: `primary` for `bg-primary`, `4` for `p-4`. */
  readonly utility: string;
}

/** How utility names map to tokens (config `theme`), and which tokens may replace a raw value. */
export interface ThemeIndex {
  lookup(namespace: ThemeNamespace, name: string): Token | undefined;
  candidates(kind: TokenValueKind): readonly ThemeToken[];
}

// helper-2 replaces this file with the real index (issue 3, in progress).
export function buildThemeIndex(_project: Project): ThemeIndex {
  return { lookup: () => undefined, candidates: () => [] };
}
