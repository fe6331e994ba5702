import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { globSync } from 'tinyglobby';
import { UserError } from '../../diagnostics/user-error.js';

/** Where apps keep their components (shadcn/ui, Vite, Next.js, Nuxt), most specific first. */
export const DEFAULT_COMPONENT_FOLDERS = ['components/ui', 'src/components', 'components', 'app/components'] as const;

const SOURCES = '**/*.{tsx,jsx,vue}';
// Tests, stories and type declarations live beside components but are not components.
const NOT_COMPONENTS = ['**/node_modules/**', '**/*.{test,spec,stories,story}.*', '**/__tests__/**', '**/*.d.ts'];

/**
 * The component folders to scan, project-relative: the ones given (each must exist), else every
 * default that exists — a folder inside another chosen one is dropped, so no file is scanned twice.
 */
export function componentFolders(root: string, given: readonly string[]): string[] {
  const rel = (abs: string) => relative(root, abs).split(sep).join('/') || '.';
  let folders: string[];
  if (given.length > 0) {
    folders = given.map((folder) => {
      const abs = resolve(root, folder);
      const display = rel(abs);
      if (display.startsWith('..')) throw new UserError('components/dir-outside', `--dir ${folder} is outside the project (${root})`);
      if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UserError('components/dir-missing', `--dir ${folder}: no such folder`);
      return display;
    });
  } else {
    folders = DEFAULT_COMPONENT_FOLDERS.filter((folder) => existsSync(join(root, folder)) && statSync(join(root, folder)).isDirectory());
    if (folders.length === 0) {
      throw new UserError('components/no-folder', `no components folder found: looked for ${DEFAULT_COMPONENT_FOLDERS.join(', ')}`, { details: ['name yours with --dir <folder>'] });
    }
  }
  const unique = [...new Set(folders)].sort();
  return unique.filter((folder) => !unique.some((other) => other !== folder && (other === '.' || folder.startsWith(`${other}/`))));
}

/** Every component source file under the folders, project-relative and sorted. */
export function componentFiles(root: string, folders: readonly string[]): string[] {
  const files = new Set<string>();
  for (const folder of folders) {
    for (const file of globSync(folder === '.' ? SOURCES : `${folder}/${SOURCES}`, { cwd: root, ignore: NOT_COMPONENTS, dot: false })) files.add(file);
  }
  return [...files].sort();
}
