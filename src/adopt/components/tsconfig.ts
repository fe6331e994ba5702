import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type ts from 'typescript';
import type { TypeScript } from './typescript.js';

export interface ProjectCompilerSettings {
  readonly options: ts.CompilerOptions;
  /** Project-relative tsconfig the options came from, if any. */
  readonly tsconfig?: string;
}

const TSCONFIGS = ['tsconfig.json', 'jsconfig.json'];

/**
 * The project's compiler options (its tsconfig.json, `extends` followed), else defaults for a bundler
 * app. Vite splits its config into `references` (tsconfig.app.json holds `paths`): when the root file
 * has no `paths`, the first referenced config that has them is used.
 */
export function compilerSettings(typescript: TypeScript, root: string): ProjectCompilerSettings {
  const defaults: ts.CompilerOptions = {
    target: typescript.ScriptTarget.ES2022,
    module: typescript.ModuleKind.ESNext,
    moduleResolution: typescript.ModuleResolutionKind.Bundler,
    jsx: typescript.JsxEmit.ReactJSX,
    strict: true,
    esModuleInterop: true,
  };
  const file = TSCONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  if (!file) return { options: withScanOptions(defaults) };
  const parsed = parseConfig(typescript, file);
  if (!parsed) return { options: withScanOptions(defaults) };
  let options = parsed.options;
  if (!options.paths) {
    for (const reference of parsed.projectReferences ?? []) {
      const path = existsSync(reference.path) && !reference.path.endsWith('.json') ? join(reference.path, 'tsconfig.json') : reference.path;
      const referenced = existsSync(path) ? parseConfig(typescript, path) : undefined;
      if (referenced?.options.paths) {
        options = { ...referenced.options, ...options, paths: referenced.options.paths, pathsBasePath: referenced.options.pathsBasePath ?? dirname(path) };
        break;
      }
    }
  }
  return { options: withScanOptions({ ...defaults, ...options }), tsconfig: relative(root, file).split(sep).join('/') };
}

function parseConfig(typescript: TypeScript, file: string): ts.ParsedCommandLine | undefined {
  const read = typescript.readConfigFile(file, (path) => typescript.sys.readFile(path));
  if (read.error) return undefined;
  return typescript.parseJsonConfigFileContent(read.config, typescript.sys, dirname(file), undefined, file);
}

// The scan reads types; it never emits, and a project's type errors must not stop it.
function withScanOptions(options: ts.CompilerOptions): ts.CompilerOptions {
  return { ...options, noEmit: true, allowJs: true, skipLibCheck: true, composite: false, incremental: false, declaration: false };
}

const STRIPPED = /\.(?:tsx|ts|jsx|js|mts|mjs)$/;

/**
 * How the app imports `file` (absolute): through the first `compilerOptions.paths` pattern that maps
 * onto it (`@/*` → `./src/*` gives `@/components/ui/button`), else bare from `baseUrl`; undefined when
 * only a relative import would reach it. `.vue` keeps its extension, as Vue imports need it; `/index` goes.
 */
export function importPathFor(options: ts.CompilerOptions, root: string, file: string): string | undefined {
  const target = file.replace(STRIPPED, '').replace(/\/index$/, '');
  const base = options.pathsBasePath !== undefined ? String(options.pathsBasePath) : options.baseUrl ?? root;
  for (const [pattern, targets] of Object.entries(options.paths ?? {})) {
    for (const mapped of targets) {
      const star = mapped.indexOf('*');
      const patternStar = pattern.indexOf('*');
      if (star < 0 || patternStar < 0) {
        if (resolve(base, mapped).replace(STRIPPED, '').replace(/\/index$/, '') === target && patternStar < 0) return pattern;
        continue;
      }
      const prefix = resolve(base, mapped.slice(0, star));
      const suffix = mapped.slice(star + 1).replace(STRIPPED, '');
      const withSlash = mapped.slice(0, star).endsWith('/') ? `${prefix}/` : prefix;
      if (!target.startsWith(withSlash) || !target.endsWith(suffix)) continue;
      const middle = target.slice(withSlash.length, target.length - suffix.length);
      if (middle === '') continue;
      return pattern.slice(0, patternStar) + middle + pattern.slice(patternStar + 1);
    }
  }
  if (options.baseUrl !== undefined) {
    const bare = relative(options.baseUrl, target).split(sep).join('/');
    if (!bare.startsWith('..')) return bare;
  }
  return undefined;
}
