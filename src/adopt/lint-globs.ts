import type { Layout } from './detect/framework.js';

/** Build output and dependencies of every framework dsctl adopts, plus dsctl's own folders (its generated CSS is no one's UI). */
export const LINT_EXCLUDE: readonly string[] = ['**/node_modules/**', '**/.next/**', '**/.nuxt/**', '**/.output/**', '**/dist/**', '**/build/**', '**/out/**', '**/.svelte-kit/**', '**/.astro/**', '**/coverage/**', '.dsctl/**', 'redteam/**', 'design/generated/**'];

const ext = (extensions: readonly string[]) => (extensions.length === 1 ? (extensions[0] as string) : `{${extensions.join(',')}}`);

/**
 * `lint.include` for the detected layout: every source folder of the framework, with the file types
 * it writes UI in. Next with `src/` is `src/**`; without it, `app/**`, `components/**`, `pages/**`, ….
 */
export function lintIncludeFor(layout: Layout, options: { examples: boolean }): string[] {
  const e = ext(layout.extensions);
  const include: string[] = [];
  if (layout.framework === 'html') {
    include.push('**/*.html', '**/*.css');
  } else if (layout.srcDir && layout.framework !== 'nuxt') {
    include.push(`src/**/*.${e}`);
    // Vite and Astro keep index.html (and shadcn's components/) beside src/.
    for (const dir of layout.sourceDirs) if (dir !== 'src' && dir !== 'lib' && dir !== 'public') include.push(`${dir}/**/*.${e}`);
  } else {
    for (const dir of layout.sourceDirs) if (dir !== 'public') include.push(`${dir}/**/*.${e}`);
  }
  // `**/*.html` already reaches a plain site's index.html.
  if (layout.framework !== 'html') for (const file of layout.rootFiles) include.push(file);
  if (include.length === 0) include.push(`src/**/*.${e}`);
  if (options.examples) include.push('examples/**/*.html');
  return [...new Set(include)];
}
