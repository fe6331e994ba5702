import type { Options } from 'ajv';

/**
 * How contract schemas are compiled — at run time for a project's own schemas, at build time for
 * dsctl's (scripts/write-schemas.ts). verbose: errors carry their schema, so messages can list the
 * allowed kinds; strictRequired off: `required` inside oneOf branches names properties declared beside it.
 */
export const CONTRACT_AJV_OPTIONS: Options = { allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false, allowUnionTypes: true };
