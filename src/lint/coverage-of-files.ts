import picomatch from 'picomatch';
import { globSync } from 'tinyglobby';
import type { Project } from '../project/project.js';

/** What a whole-project lint covered: how many files, and which top-level folders of UI files it left out. */
export interface IncludeCoverage {
  readonly linted: number;
  readonly include: readonly string[];
  /** Top-level folders holding UI files (HTML, JSX/TSX, Vue, CSS) that lint.include does not reach, by name. */
  readonly notIncluded: readonly { readonly dir: string; readonly files: number }[];
}

// Plain .ts/.js files are lintable but rarely UI (scripts, tests, config): they alone do not make a folder worth naming.
const UI_FILES = '**/*.{html,htm,jsx,tsx,vue,css}';
// Dependencies, build output, VCS: never UI a person wrote.
const NEVER = ['**/node_modules/**', '**/.git/**', '**/.next/**', '**/.nuxt/**', '**/.output/**', '**/dist/**', '**/build/**', '**/.svelte-kit/**', '**/.astro/**', '**/coverage/**'];

/**
 * Which top-level folders hold UI files that `lint.include` misses (after `lint.exclude`), so a lint that
 * passes on a handful of files says what it did not look at. `linted` are project-relative paths.
 */
export function includeCoverage(project: Project, linted: readonly string[]): IncludeCoverage {
  const { include, exclude } = project.config.lint;
  const seen = new Set(linted);
  const own = ownFolders(project);
  const counts = new Map<string, number>();
  for (const file of globSync([UI_FILES], { cwd: project.root, ignore: [...exclude, ...NEVER], onlyFiles: true })) {
    const slash = file.indexOf('/');
    if (slash < 0 || seen.has(file)) continue;
    const dir = file.slice(0, slash);
    if (own.has(dir)) continue;
    counts.set(dir, (counts.get(dir) ?? 0) + 1);
  }
  const notIncluded = [...counts].map(([dir, files]) => ({ dir, files })).sort((a, b) => b.files - a.files || a.dir.localeCompare(b.dir));
  return { linted: linted.length, include, notIncluded };
}

/** dsctl's own top-level folders (the contracts' and the generated views'): their CSS is not the app's UI. */
function ownFolders(project: Project): Set<string> {
  const top = (path: string) => path.split('/')[0] as string;
  const own = new Set<string>([top(project.config.contracts.tokens)]);
  for (const view of Object.values(project.config.views)) if (view.path.includes('/') && !picomatch.scan(view.path).isGlob) own.add(top(view.path));
  // A view such as .github/CODEOWNERS would name .github: never UI either way.
  own.delete('.github');
  return own;
}

/** `linted 42 files (src/**); not included: app/ (12 files), components/ (9 files) — lint.include in dsctl.config.json`. */
export function formatIncludeCoverage(coverage: IncludeCoverage, configFile: string): string {
  const head = `linted ${coverage.linted} file${coverage.linted === 1 ? '' : 's'} (${coverage.include.join(', ')})`;
  if (coverage.notIncluded.length === 0) return head;
  const dirs = coverage.notIncluded.map((d) => `${d.dir}/ (${d.files} file${d.files === 1 ? '' : 's'})`).join(', ');
  return `${head}; not included: ${dirs} — lint.include in ${configFile}`;
}
