import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { TokenType } from '../../contracts/token-types.js';
import { UserError } from '../../diagnostics/user-error.js';
import { customPropertyPath } from '../css-naming.js';
import { readCssValue } from '../css-value.js';
import { isObject, segmentName } from '../json-tokens.js';
import { installCommand } from '../package-manager.js';
import { defineTokenImporter, importProblem, type ImportedToken, type ImportResult } from '../token-importer.js';

/** The theme sections dsctl imports, their group and type. */
const SECTIONS: readonly { readonly key: string; readonly group: string; readonly type: TokenType }[] = [
  { key: 'colors', group: 'color', type: 'color' },
  { key: 'spacing', group: 'spacing', type: 'dimension' },
  { key: 'borderRadius', group: 'radius', type: 'dimension' },
  { key: 'fontSize', group: 'font.size', type: 'dimension' },
  { key: 'boxShadow', group: 'shadow', type: 'shadow' },
  { key: 'zIndex', group: 'z-index', type: 'number' },
];

// dsctl's own copy of jiti, loaded at run time (not bundled): it loads TypeScript and ESM configs.
const own = createRequire(import.meta.url);

/**
 * `tailwind.config.{js,cjs,mjs,ts}`, loaded with jiti and resolved by the project's own
 * `tailwindcss/resolveConfig` (so presets and plugins resolve as they do for the project). Only the
 * sections the config sets (in `theme` or `theme.extend`) are imported, not Tailwind's defaults.
 * Nested colours are named as Tailwind names the utility (`primary.DEFAULT` → color.primary,
 * `brand.500` → color.brand-500); `hsl(var(--x))` / `var(--x)` are aliases of the css variable --x
 * (of its own name, mere wiring, which the layout drops when a CSS source defines it).
 */
export const importer = defineTokenImporter({
  id: 'tailwind-v3-config',
  meta: {
    docs: { description: "Tailwind v3 tailwind.config.{js,cjs,mjs,ts}, resolved by the project's own tailwindcss: colors, spacing, borderRadius, fontSize, boxShadow, zIndex." },
    detect: (file) => /(?:^|[\\/])tailwind\.config\.(?:js|cjs|mjs|ts|cts|mts)$/.test(file),
  },
  async import(file, text, options) {
    const project = createRequire(join(options.projectDir, 'package.json'));
    const missing = (name: string, cause: unknown) =>
      new UserError('tokens/missing-dependency', `${file} needs "${name}", which is not installed in the project`, {
        location: { file },
        details: [`install the project's dependencies first: ${installCommand(options.projectDir)}`],
        cause,
      });
    let resolveConfig: (config: unknown) => { theme?: Record<string, unknown> };
    try {
      const loaded = project('tailwindcss/resolveConfig') as typeof resolveConfig | { default: typeof resolveConfig };
      resolveConfig = typeof loaded === 'function' ? loaded : loaded.default;
    } catch (error) {
      throw missing('tailwindcss', error);
    }
    let config: unknown;
    try {
      const { createJiti } = own('jiti') as typeof import('jiti');
      config = await createJiti(options.absolutePath, { interopDefault: true, moduleCache: false, fsCache: false }).import(options.absolutePath, { default: true });
    } catch (error) {
      const name = /Cannot find (?:module|package) '([^']+)'/.exec(error instanceof Error ? error.message : '')?.[1];
      if (name && !name.startsWith('.') && !name.startsWith('/')) throw missing(name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/'), error);
      throw new UserError('tokens/tailwind-config', `${file} could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { location: { file }, cause: error });
    }
    const theme = resolveConfig(config).theme ?? {};
    const declared = isObject(config) && isObject(config.theme) ? config.theme : {};
    const extend = isObject(declared.extend) ? declared.extend : {};
    const tokens: ImportedToken[] = [];
    const problems: ImportResult['problems'] = [];
    for (const section of SECTIONS) {
      const resolved = isObject(theme[section.key]) ? (theme[section.key] as Record<string, unknown>) : {};
      const keys = declared[section.key] !== undefined ? Object.keys(resolved) : isObject(extend[section.key]) ? Object.keys(extend[section.key] as object) : [];
      for (const key of keys) {
        for (const [name, raw, keys] of flatten(key, resolved[key], [key])) {
          const location = locate(file, text, section.key, keys);
          const path = `${section.group}.${segmentName(name)}`;
          const text_ = typeof raw === 'string' ? raw : Array.isArray(raw) && typeof raw[0] === 'string' ? raw[0] : typeof raw === 'number' ? String(raw) : undefined;
          const read = text_ === undefined ? undefined : readCssValue(text_, section.type === 'number' ? undefined : section.type);
          if (!read || read.kind === 'unsupported') {
            problems.push(importProblem('warn', 'tokens/import-skipped', `theme.${section.key}.${name} was not imported: ${read?.kind === 'unsupported' ? read.reason : `${JSON.stringify(raw)} is not a value dsctl reads`}`, location));
          } else if (read.kind === 'reference') {
            // An alias of its own name is wiring; the layout drops it once the CSS defines the name.
            tokens.push({ path, type: read.type ?? section.type, value: `{${customPropertyPath(read.name, read.type ?? section.type)}}`, location });
          } else {
            tokens.push({ path, type: read.type, value: read.value, location });
          }
        }
      }
    }
    return { tokens, problems };
  },
});

/** `{ DEFAULT: a, foreground: b }` under `primary` → `primary` = a, `primary-foreground` = b (Tailwind's utility names). */
function flatten(name: string, value: unknown, keys: readonly string[]): [string, unknown, readonly string[]][] {
  if (!isObject(value)) return [[name, value, keys]];
  return Object.entries(value).flatMap(([k, v]) => flatten(k === 'DEFAULT' ? name : `${name}-${k}`, v, [...keys, k]));
}

/**
 * Where a theme key is written in the config text: its section's name, then each key of its chain in
 * turn (`primary`, then `foreground`). A key built by a function is not in the text: the nearest found wins.
 */
function locate(file: string, text: string, section: string, keys: readonly string[]): { file: string; line: number; column: number } {
  let offset = Math.max(0, text.search(new RegExp(`\\b${section}\\b`)));
  for (const key of keys) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(['"\`]?)${escaped}\\1\\s*:`).exec(text.slice(offset));
    if (!match) break;
    offset += match.index;
  }
  const before = text.slice(0, offset).split('\n');
  return { file, line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}
