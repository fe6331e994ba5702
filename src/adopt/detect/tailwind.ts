import { dependencies, type PackageJsonInfo } from './package-json.js';
import { findFiles, readText } from './repo-files.js';

export interface TailwindInfo {
  /** The range declared in package.json (`^3.4.1`), when any. */
  readonly declared: string | undefined;
  /** The version installed in node_modules, when installed. */
  readonly installed: string | undefined;
  /** The major version: from the installed package, else the declared range. */
  readonly major: number | undefined;
  /** The CSS file that loads Tailwind (`@import "tailwindcss"` or `@tailwind base`), repo-relative. */
  readonly cssEntry: string | undefined;
  /** `tailwind.config.*` files, repo-relative. */
  readonly configFiles: readonly string[];
}

const V4_IMPORT = /@import\s+(?:url\()?["']tailwindcss(?:\/[^"']*)?["']/;
const V3_DIRECTIVE = /@tailwind\s+(?:base|components|utilities)\b/;

export function detectTailwind(root: string, pkg: PackageJsonInfo | undefined): TailwindInfo {
  const declared = dependencies(pkg).tailwindcss;
  let installed: string | undefined;
  const installedText = readText(root, 'node_modules/tailwindcss/package.json');
  if (installedText) {
    try {
      const version = (JSON.parse(installedText) as { version?: unknown }).version;
      if (typeof version === 'string') installed = version;
    } catch {
      // A broken install says nothing about the version: fall back to the declared range.
    }
  }
  const majorOf = (v: string | undefined) => {
    const m = v === undefined ? null : /(\d+)/.exec(v);
    return m ? Number(m[1]) : undefined;
  };
  const css = findFiles(root, ['**/*.css']);
  const cssEntry = css.find((f) => V4_IMPORT.test(readText(root, f) ?? '')) ?? css.find((f) => V3_DIRECTIVE.test(readText(root, f) ?? ''));
  const configFiles = findFiles(root, ['tailwind.config.{js,cjs,mjs,ts,mts,cts}']);
  return { declared, installed, major: majorOf(installed) ?? majorOf(declared), cssEntry, configFiles };
}
