import { createRequire } from 'node:module';

type BabelParser = typeof import('@babel/parser');

const load = createRequire(import.meta.url);
let babel: BabelParser | undefined;

/**
 * Babel's parser, loaded on first use: an HTML page needs it only for a class binding (Alpine
 * `:class`, Angular `[ngClass]`), and most pages have none, so HTML runs do not pay for loading it.
 */
export function babelParser(): BabelParser {
  return (babel ??= load('@babel/parser') as BabelParser);
}
