import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DesignSystem } from './design-system.js';

/** dsctl's own copies, resolved from here (bundled or not), never bundled: @tailwindcss/node loads native code. */
export const own = createRequire(import.meta.url);

interface LoadOptions {
  base: string;
  loadStylesheet?: (id: string, base: string) => Promise<{ path: string; base: string; content: string }>;
  loadModule?: (id: string, base: string, hint: string) => Promise<never>;
}
type Load = (css: string, options: LoadOptions) => Promise<DesignSystem>;

/**
 * Tailwind v4's design system for `css`. Plain CSS (imports, @theme, @utility) is read with
 * tailwindcss itself and the stylesheet resolver below: a few ms to start, and nothing of Node's
 * loaders. A stylesheet with `@plugin` or `@config` needs modules loaded: then @tailwindcss/node
 * (enhanced-resolve, jiti), about ten times slower to start.
 */
export async function loadDesignSystem(css: string, base: string): Promise<DesignSystem> {
  const lib = await importOwn('tailwindcss');
  try {
    return await lib.__unstable__loadDesignSystem(css, {
      base,
      loadStylesheet: async (id, from) => {
        const path = resolveStylesheet(id, from);
        return { path, base: dirname(path), content: readFileSync(path, 'utf8') };
      },
      loadModule: async (id, _from, hint) => {
        throw new NeedsModules(`${hint} "${id}"`);
      },
    });
  } catch (error) {
    if (!(error instanceof NeedsModules)) throw error;
    const node = await importOwn('@tailwindcss/node');
    return node.__unstable__loadDesignSystem(css, { base });
  }
}

class NeedsModules extends Error {}

/**
 * dsctl's copy of a package, by its ES module entry ("exports" → "." → "import"): a specifier
 * esbuild leaves alone, and named exports whatever loads it (a CommonJS entry would give only a default).
 */
async function importOwn(name: string): Promise<{ __unstable__loadDesignSystem: Load }> {
  // Not every package exports its package.json: found from its main entry up.
  const main = own.resolve(name);
  let dir = dirname(main);
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const manifest = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: { '.'?: { import?: string | { default?: string } } } };
  const entry = pkg.exports?.['.']?.import;
  const file = typeof entry === 'string' ? entry : entry?.default;
  const mod = (await import(pathToFileURL(file ? join(dir, file) : main).href)) as { __unstable__loadDesignSystem?: Load; default?: { __unstable__loadDesignSystem: Load } };
  const load = mod.__unstable__loadDesignSystem ?? mod.default?.__unstable__loadDesignSystem;
  if (!load) throw new Error(`${name} has no __unstable__loadDesignSystem`);
  return { __unstable__loadDesignSystem: load };
}

/** `./x.css` from `base`; `tailwindcss`, `tailwindcss/theme.css`, `pkg` (its "style" file) from the project's packages, else dsctl's. */
export function resolveStylesheet(id: string, base: string): string {
  if (id.startsWith('.') || isAbsolute(id)) return resolve(base, id);
  const parts = id.split('/');
  const scoped = id.startsWith('@');
  const name = parts.slice(0, scoped ? 2 : 1).join('/');
  const sub = parts.slice(scoped ? 2 : 1).join('/');
  const dir = packageDir(name, base);
  if (sub) return join(dir, sub.endsWith('.css') ? sub : `${sub}.css`);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { style?: string; exports?: { '.'?: { style?: string } } };
  return join(dir, pkg.style ?? pkg.exports?.['.']?.style ?? 'index.css');
}

function packageDir(name: string, base: string): string {
  try {
    return dirname(createRequire(join(base, 'noop.js')).resolve(`${name}/package.json`));
  } catch {
    return dirname(own.resolve(`${name}/package.json`));
  }
}
