import { dependencies, type PackageJsonInfo } from './package-json.js';
import { exists, findFiles, isDir } from './repo-files.js';

export type FrameworkName = 'next' | 'nuxt' | 'vite' | 'angular' | 'astro' | 'sveltekit' | 'html' | 'unknown';

export interface Layout {
  readonly framework: FrameworkName;
  /** Next.js: which routers exist (`app/`, `pages/`, or both). */
  readonly routers: readonly ('app' | 'pages')[];
  /** Whether the source lives under `src/`. */
  readonly srcDir: boolean;
  /** The top-level folders that hold UI source, repo-relative, sorted. */
  readonly sourceDirs: readonly string[];
  /** UI files at the root (`index.html`, `app.vue`). */
  readonly rootFiles: readonly string[];
  /** The UI file extensions of this framework that dsctl can lint. */
  readonly extensions: readonly string[];
}

const UI_DIRS = ['app', 'pages', 'components', 'layouts', 'lib', 'styles', 'assets', 'public', 'src', 'views', 'composables', 'plugins'];

/** Which framework the app uses, from its dependencies first and its config files second. */
function framework(root: string, pkg: PackageJsonInfo | undefined): FrameworkName {
  const deps = dependencies(pkg);
  const config = (name: string) => findFiles(root, [`${name}.config.{js,cjs,mjs,ts,mts}`]).length > 0;
  if (deps.next || config('next')) return 'next';
  if (deps.nuxt || config('nuxt')) return 'nuxt';
  if (deps['@sveltejs/kit'] || config('svelte')) return 'sveltekit';
  if (deps.astro || config('astro')) return 'astro';
  if (deps['@angular/core'] || exists(root, 'angular.json')) return 'angular';
  if (deps.vite || config('vite')) return 'vite';
  if (findFiles(root, ['*.html', '*/*.html']).length > 0) return 'html';
  return 'unknown';
}

const EXTENSIONS: Readonly<Record<FrameworkName, readonly string[]>> = {
  next: ['tsx', 'jsx', 'ts', 'js', 'css'],
  nuxt: ['vue', 'ts', 'js', 'css'],
  vite: ['tsx', 'jsx', 'ts', 'js', 'vue', 'css', 'html'],
  angular: ['html', 'css', 'ts'],
  // .astro and .svelte files are not parsed by dsctl: their HTML, CSS and script siblings are.
  astro: ['html', 'tsx', 'jsx', 'vue', 'css'],
  sveltekit: ['html', 'css'],
  html: ['html', 'css'],
  unknown: ['html', 'jsx', 'tsx', 'vue', 'css'],
};

/** The framework and where its source is: the input of `lint.include`. */
export function detectLayout(root: string, pkg: PackageJsonInfo | undefined): Layout {
  const name = framework(root, pkg);
  const srcDir = isDir(root, 'src');
  const base = srcDir && name === 'next' ? 'src/' : '';
  const routers = name === 'next' ? (['app', 'pages'] as const).filter((r) => isDir(root, `${base}${r}`)) : [];
  const sourceDirs = UI_DIRS.filter((d) => d !== 'public' && isDir(root, d)).sort();
  const rootFiles = findFiles(root, ['index.html', 'app.vue', 'error.vue']);
  return { framework: name, routers, srcDir, sourceDirs, rootFiles, extensions: EXTENSIONS[name] };
}
