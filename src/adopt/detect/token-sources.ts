import { findFiles, readText } from './repo-files.js';

export interface TokenSource {
  readonly file: string;
  readonly kind: 'css-variables' | 'tailwind-config' | 'tokens-json';
  /** How many custom properties a CSS file declares in `:root` or `.dark` (0 for the other kinds). */
  readonly variables: number;
}

// `:root { … --x: … }` (and the `.dark` block shadcn writes beside it): the design tokens of CSS-first apps.
const ROOT_BLOCK = /(?::root|\.dark|\[data-theme[^\]]*\])\s*\{([^}]*)\}/g;
const VARIABLE = /--[\w-]+\s*:/g;

/** Where the app's existing design tokens are: the input of the token importers. */
export function detectTokenSources(root: string): TokenSource[] {
  const sources: TokenSource[] = [];
  for (const file of findFiles(root, ['**/*.css'])) {
    const text = readText(root, file) ?? '';
    let variables = 0;
    for (const block of text.matchAll(ROOT_BLOCK)) variables += (block[1] ?? '').match(VARIABLE)?.length ?? 0;
    if (variables > 0) sources.push({ file, kind: 'css-variables', variables });
  }
  for (const file of findFiles(root, ['tailwind.config.{js,cjs,mjs,ts,mts,cts}'])) sources.push({ file, kind: 'tailwind-config', variables: 0 });
  for (const file of findFiles(root, ['**/tokens*.json', '**/*.tokens.json'])) {
    // The starter's own contracts are not a source to import.
    if (!file.startsWith('design/contracts/')) sources.push({ file, kind: 'tokens-json', variables: 0 });
  }
  return sources;
}
