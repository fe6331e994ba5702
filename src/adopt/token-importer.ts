import type { CssOrigin } from '../contracts/css-origin.js';
import type { TokenType } from '../contracts/token-types.js';
import type { Problem } from '../diagnostics/problem.js';

/** Where an imported token was written in its source; 1-based. */
export interface ImportLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/**
 * One token as an importer read it, before it is placed in the tokens file. The path is the same in
 * every mode (`color.primary`, `spacing.4`, `radius.DEFAULT`); the mode says which set it belongs to.
 */
export interface ImportedToken {
  /** Dotted DTCG path, mode-independent. */
  readonly path: string;
  readonly type: TokenType;
  /** A DTCG `$value`, or an alias `{path}` in the same mode-independent path space. */
  readonly value: unknown;
  readonly description?: string;
  /** `light`, `dark` or another mode name; undefined = no mode (the default set). */
  readonly mode?: string;
  /** The custom property it was declared as (CSS sources only), written to `$extensions["dsctl.css"]`. */
  readonly css?: CssOrigin;
  readonly location: ImportLocation;
}

export interface ImportResult {
  readonly tokens: ImportedToken[];
  /** Errors make the import fail (nothing is written); warnings name what was left out and why. */
  readonly problems: Problem[];
}

export interface ImportOptions {
  /** Absolute path of the source (the `file` argument is its display name). */
  readonly absolutePath: string;
  /** The folder of the project being imported (whose node_modules and lockfile count). */
  readonly projectDir: string;
}

export interface TokenImporterMeta {
  readonly docs: {
    /** What it reads, in a sentence or two; shown in `dsctl tokens import --help`. */
    readonly description: string;
  };
  /** True when this importer reads the file; exactly one importer of the registry may say so. */
  detect(file: string, text: string): boolean;
}

/** One source format, in one module that owns its id, docs, detection and reading. */
export interface TokenImporter<Id extends string = string> {
  readonly id: Id;
  readonly meta: TokenImporterMeta;
  import(file: string, text: string, options: ImportOptions): ImportResult | Promise<ImportResult>;
}

/** Identity, for inference and one place to hang future checks. */
export function defineTokenImporter<Id extends string>(importer: TokenImporter<Id>): TokenImporter<Id> {
  return importer;
}

/** A Problem of an importer, at a source position. */
export function importProblem(
  severity: 'error' | 'warn',
  code: string,
  message: string,
  at: ImportLocation & { readonly pointer?: string },
): Problem {
  return { severity, code, message, file: at.file, line: at.line, column: at.column, ...(at.pointer === undefined ? {} : { pointer: at.pointer }) };
}
