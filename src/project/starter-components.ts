import { applyEdits, modify, parse } from 'jsonc-parser';

/** Which component library `dsctl init` writes with the starter. */
export const COMPONENT_LIBRARIES = ['react', 'none'] as const;
export type ComponentLibrary = (typeof COMPONENT_LIBRARIES)[number];

/**
 * The starter's React library (issue 17, item 0): its sources and the configs that build and test
 * them. Everything else of the template is the design system itself and stays with `--components none`.
 */
const LIBRARY_FILES = /^(?:src\/|tsconfig(?:\.[\w-]+)?\.json$|vitest\.config\.ts$)/;
/** package.json scripts that exist for the library (the gate's commands); the design:* scripts stay. */
const LIBRARY_SCRIPTS = ['typecheck', 'build', 'test', 'a11y:test', 'a11y:coverage'];
/** .gitignore lines for the library's build and test output. */
const LIBRARY_IGNORES = ["# the component library's build output (npm run build)", 'dist/', '*.tsbuildinfo', 'coverage/'];
const CONTRACTS = /^design\/contracts\/components\/[^/]+\.contract\.json$/;

export function isComponentLibraryFile(path: string): boolean {
  return LIBRARY_FILES.test(path);
}

/**
 * The starter without its component library: the library's files, scripts, devDependencies and
 * ignore lines left out, and each contract's `source` (the code it is checked against) removed, so
 * `dsctl check` and `dsctl a11y coverage` do not look for code that is not there. The contracts are
 * edited in place (jsonc-parser), keeping the rest of each file byte for byte. `previous` reads the
 * project's own copy of a file: a contract that already names that source (a starter initialised
 * with the library, now initialised again) keeps it.
 */
export function withoutComponentLibrary(files: ReadonlyMap<string, string>, previous?: (path: string) => string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, text] of files) {
    if (isComponentLibraryFile(path)) continue;
    if (path === 'package.json') out.set(path, withoutLibraryPackage(text));
    else if (path === '.gitignore') out.set(path, text.split('\n').filter((line) => !LIBRARY_IGNORES.includes(line)).join('\n'));
    else if (CONTRACTS.test(path) && isLibrarySource(sourceOf(text)) && !keepsSource(previous?.(path), sourceOf(text))) out.set(path, applyEdits(text, modify(text, ['source'], undefined, {})));
    else out.set(path, text);
  }
  return out;
}

const isLibrarySource = (source: unknown): source is string => typeof source === 'string' && isComponentLibraryFile(source);

function keepsSource(before: string | undefined, source: unknown): boolean {
  return before !== undefined && sourceOf(before) === source;
}

function sourceOf(contract: string): unknown {
  const value: unknown = parse(contract);
  return typeof value === 'object' && value !== null ? (value as { source?: unknown }).source : undefined;
}

function withoutLibraryPackage(text: string): string {
  const pkg = JSON.parse(text) as { scripts?: Record<string, string>; devDependencies?: Record<string, string> };
  for (const name of LIBRARY_SCRIPTS) delete pkg.scripts?.[name];
  // Only dsctl itself is the design system's; the rest build and test the library.
  if (pkg.devDependencies) pkg.devDependencies = Object.fromEntries(Object.entries(pkg.devDependencies).filter(([name]) => name === 'dsctl'));
  return `${JSON.stringify(pkg, null, 2)}\n`;
}
