import { createRequire } from 'node:module';
import { join } from 'node:path';
import type ts from 'typescript';
import { UserError } from '../../diagnostics/user-error.js';

export type TypeScript = typeof ts;

/**
 * The TypeScript compiler, loaded at run time rather than bundled: the bundle would lose the lib
 * `.d.ts` files beside typescript.js, and the checker needs them. dsctl's own copy first (a version it
 * was tested with), else the project's.
 */
export function loadTypeScript(projectRoot: string): TypeScript {
  for (const base of [import.meta.url, join(projectRoot, 'package.json')]) {
    try {
      return createRequire(base)('typescript') as TypeScript;
    } catch {
      // try the next place
    }
  }
  throw new UserError('components/no-typescript', 'scanning React components needs the TypeScript compiler, and neither dsctl nor the project has `typescript` installed', {
    details: ['npm install --save-dev typescript (in the project)'],
  });
}
