import { hash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { glob } from 'tinyglobby';
import type { Project } from '../../project/project.js';
import { openClassCache } from './cache.js';
import { contractClassNames, cssClassNames } from './component-classes.js';
import { buildModel } from './design-system.js';
import type { TailwindLoad } from './model.js';
import { loadDesignSystem, own } from './stylesheets.js';

const TAILWIND_IMPORT = /@import\s+(?:url\()?["']tailwindcss(?:\/[\w./-]*)?["']/;
const V3_CONFIGS = ['tailwind.config.js', 'tailwind.config.cjs', 'tailwind.config.mjs', 'tailwind.config.ts'];

/** Where the design system comes from, in the order it is looked for. */
interface Entry {
  /** The CSS handed to Tailwind. */
  readonly css: string;
  /** Where its imports resolve from. */
  readonly base: string;
  /** For coverage notes. */
  readonly source: string;
}

/**
 * Tailwind's class model of the project, or why there is none. Never throws: whatever goes wrong
 * (no Tailwind, a CSS entry Tailwind rejects, a v3 plugin v4 cannot run) ends in `{ note }`, and the
 * detectors fall back to matching names as written.
 *
 * 1. Tailwind v4: config `tailwind.css`, else the first CSS file of the lint include set that
 *    imports "tailwindcss", loaded from its folder (its imports resolve to the project's packages,
 *    else dsctl's; see stylesheets.ts for when @tailwindcss/node is needed).
 * 2. Tailwind v3 (the project's tailwindcss is 3.x): its tailwind.config.* through v4's `@config`.
 * 3. Otherwise: the generated `@theme` view (design/generated/theme.css) with dsctl's own tailwindcss.
 */
export async function loadTailwindModel(project: Project): Promise<TailwindLoad> {
  try {
    const settings = project.config.tailwind;
    const cssFiles = await includedCss(project);
    const entry = await findEntry(project, cssFiles);
    if (!entry) return { note: 'Tailwind class model: no Tailwind CSS entry, v3 config or generated theme found; class names are matched as written' };
    const designSystem = await loadDesignSystem(entry.css, entry.base);
    const components = contractClassNames(project.components);
    const componentFiles = settings.componentCss
      ? await glob([...settings.componentCss], { cwd: project.root, absolute: true, ignore: [...project.config.lint.exclude] })
      : [...cssFiles, resolve(project.root, project.config.views['tokens-css'].path)];
    for (const file of componentFiles) if (existsSync(file)) cssClassNames(readFileSync(file, 'utf8'), components);
    // The theme's hash: its resolved variables (whatever file they came from) and the entry's own CSS (@utility, @variant).
    let themeText = '';
    for (const [name, { value }] of designSystem.theme.entries()) themeText += `${name}:${value};`;
    const key = hash('sha256', `${tailwindVersion()}\u0000${entry.css}\u0000${themeText}`, 'hex').slice(0, 16);
    const cacheFile = settings.cache ? join(project.root, '.dsctl/cache/tailwind', `classes-${key}.json`) : undefined;
    return { model: buildModel(designSystem, components, openClassCache(cacheFile, key), entry.source) };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { note: `Tailwind class model could not be loaded (${reason}); class names are matched as written` };
  }
}

async function includedCss(project: Project): Promise<string[]> {
  const { include, exclude } = project.config.lint;
  const files = await glob([...include], { cwd: project.root, absolute: true, ignore: [...exclude] });
  return files.filter((f) => f.toLowerCase().endsWith('.css')).sort();
}

async function findEntry(project: Project, cssFiles: readonly string[]): Promise<Entry | undefined> {
  const display = (file: string) => relative(project.root, file).split('\\').join('/');
  const projectTailwind = projectTailwindVersion(project.root);
  const configured = project.config.tailwind.css;
  const candidates = configured ? [resolve(project.root, configured)] : cssFiles;
  for (const file of candidates) {
    const css = readFileSync(file, 'utf8');
    if (!configured && !TAILWIND_IMPORT.test(css)) continue;
    if (projectTailwind !== undefined && !projectTailwind.startsWith('4.')) continue;
    // `@import "tailwindcss"` is the project's stylesheets when it has them, else dsctl's (stylesheets.ts).
    return { css, base: dirname(file), source: `Tailwind ${tailwindVersion()} on ${display(file)}${projectTailwind ? ` (the project's tailwindcss ${projectTailwind})` : ''}` };
  }
  if (projectTailwind?.startsWith('3.')) {
    const config = V3_CONFIGS.map((name) => join(project.root, name)).find((file) => existsSync(file));
    if (config) return { css: `@import "tailwindcss";\n@config ${JSON.stringify(config)};\n`, base: ownTailwindDir(), source: `Tailwind ${projectTailwind} config ${display(config)}, read through Tailwind ${tailwindVersion()}'s @config` };
  }
  const view = project.config.views['tailwind-theme'];
  if (!view.enabled) return undefined;
  const theme = resolve(project.root, view.path);
  // Not built yet: the same @theme, generated from the tokens here.
  const css = existsSync(theme) ? readFileSync(theme, 'utf8') : await generatedTheme(project);
  return css === undefined ? undefined : { css: `@import "tailwindcss";\n${css}`, base: ownTailwindDir(), source: `Tailwind ${tailwindVersion()} (dsctl's), ${display(theme)}` };
}

async function generatedTheme(project: Project): Promise<string | undefined> {
  const { view } = await import('../../views/generators/tailwind-theme.js');
  const output = view.generate(project).find((o) => o.kind === 'file');
  return output && 'text' in output ? output.text : undefined;
}

/** The project's own tailwindcss version, if it has one. */
function projectTailwindVersion(root: string): string | undefined {
  try {
    const file = createRequire(join(root, 'package.json')).resolve('tailwindcss/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function ownTailwindDir(): string {
  return dirname(own.resolve('tailwindcss/package.json'));
}

function tailwindVersion(): string {
  return (JSON.parse(readFileSync(own.resolve('tailwindcss/package.json'), 'utf8')) as { version: string }).version;
}
