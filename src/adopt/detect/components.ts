import { findFiles, isDir } from './repo-files.js';

export interface ComponentsFolder {
  readonly dir: string;
  /** UI files directly or deeply inside, for the plan. */
  readonly files: number;
}

const CANDIDATES = ['components/ui', 'src/components/ui', 'src/components', 'components', 'app/components', 'src/app/components', 'src/lib/components'];

/** The folders that hold the app's components (shadcn's `components/ui` first): the input of the component scan. */
export function detectComponentFolders(root: string): ComponentsFolder[] {
  return CANDIDATES.filter((dir) => isDir(root, dir)).map((dir) => ({ dir, files: findFiles(root, [`${dir}/**/*.{tsx,jsx,vue,svelte,astro,ts,js,html}`]).length }));
}
