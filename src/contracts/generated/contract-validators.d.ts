import type { ValidateFunction } from 'ajv';
/** dsctl's contract schemas, compiled at build time (see scripts/write-schemas.ts). */
export declare const validateTokens: ValidateFunction;
export declare const validateRules: ValidateFunction;
export declare const validateComponent: ValidateFunction;
