import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { SCHEMA_FILES } from '../contracts/schema-validation.js';
import { installLauncher } from './launcher.js';
import { packageRoot } from './package-root.js';
import { wantsStarter } from '../adopt/detect/index.js';
import { withoutComponentLibrary, type ComponentLibrary } from './starter-components.js';

export interface InitResult {
  readonly dir: string;
  /** Repo-relative paths, sorted. */
  readonly written: readonly string[];
  /** Files that existed and were replaced (only with force). */
  readonly overwritten: readonly string[];
}

// npm drops or renames dotfiles such as .gitignore when it packs a package; the template stores them bare.
const RENAMES: Readonly<Record<string, string>> = { gitignore: '.gitignore' };

export interface StarterOptions {
  /** The component library that comes with it: React (the default), or none. */
  readonly components?: ComponentLibrary;
}

/** Every file of the starter: the template tree plus dsctl's contract schemas under design/schemas/. */
export function starterFiles(options: StarterOptions = {}): Map<string, string> {
  const root = join(packageRoot(), 'templates', 'starter');
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      // A library built or installed inside the template (npm run build there) is no starter file.
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(abs);
      }
      else {
        const rel = relative(root, abs).split(sep).join('/');
        files.set(RENAMES[rel] ?? rel, readFileSync(abs, 'utf8'));
      }
    }
  };
  walk(root);
  for (const file of Object.values(SCHEMA_FILES)) {
    files.set(`design/schemas/${file}`, readFileSync(join(packageRoot(), 'schemas', file), 'utf8'));
  }
  const sorted = new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b)));
  return options.components === 'none' ? withoutComponentLibrary(sorted) : sorted;
}

/**
 * Whether `dsctl init` in `dir` writes the starter (an empty folder, a `.git` aside, or one holding only
 * starter files: a re-init, refused without --force as always) or adopts an existing repository.
 */
export function initMode(dir: string): 'starter' | 'adopt' {
  // Without the component library's names: a folder holding only a src/ is someone's code, not a starter.
  return wantsStarter(resolve(dir), new Set(starterFiles({ components: 'none' }).keys())) ? 'starter' : 'adopt';
}

/**
 * Writes the starter design system into `dir`. Refuses, before writing anything, when a file would be
 * replaced and `force` is not set.
 */
export function initProject(dir: string, options: { force?: boolean } & StarterOptions = {}): InitResult {
  const target = resolve(dir);
  const files = starterFiles(options.components === undefined ? {} : { components: options.components });
  const existing = [...files.keys()].filter((rel) => existsSync(join(target, rel)));
  if (existing.length > 0 && !options.force) {
    const shown = existing.slice(0, 10);
    throw new UserError(
      'init/exists',
      `${existing.length} file(s) of the starter already exist in ${dir}; nothing was written. Use --force to overwrite them.`,
      { details: [...shown, ...(existing.length > shown.length ? [`… and ${existing.length - shown.length} more`] : [])] },
    );
  }
  for (const [rel, content] of files) writeFileAtomic(join(target, rel), content);
  const launcher = installLauncher(target);
  // Code-unit order, not the locale's: the same on every machine, and `Tabs/Tabs.a11y.test.tsx` before `Tabs/index.tsx` as git lists them.
  return { dir: target, written: [...files.keys(), ...launcher.written].sort(), overwritten: existing };
}
