import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scanReactFile } from '../adopt/components/react.js';
import { compilerSettings, importPathFor } from '../adopt/components/tsconfig.js';
import type { ScannedComponent } from '../adopt/components/types.js';
import { loadTypeScript } from '../adopt/components/typescript.js';
import { scanVueFile } from '../adopt/components/vue.js';

export interface ScannedSource {
  /** Project-relative. */
  readonly source: string;
  /** Undefined when it is not a file (gone, or a folder). */
  readonly text?: string;
  readonly components: readonly ScannedComponent[];
}

export interface ScanResult {
  readonly sources: Map<string, ScannedSource>;
  /** Absolute paths of every project file the result depends on (sources, files their types come from, tsconfig). */
  readonly inputs: readonly string[];
}

/**
 * What `dsctl components scan` sees in these files, with the scanner's own functions: one TypeScript
 * program for every React file (the checker resolves their prop types), Vue SFCs one by one.
 */
export function scanSources(root: string, sources: readonly string[]): ScanResult {
  const out = new Map<string, ScannedSource>();
  // A folder or a dangling link is no component file: reported as missing, not thrown.
  const present = [...new Set(sources)].filter((s) => statSync(join(root, s), { throwIfNoEntry: false })?.isFile() === true);
  for (const source of sources) if (!present.includes(source)) out.set(source, { source, components: [] });
  if (present.length === 0) return { sources: out, inputs: [] };
  const typescript = loadTypeScript(root);
  const settings = compilerSettings(typescript, root);
  const read = present.map((source) => ({ source, text: readFileSync(join(root, source), 'utf8'), importPath: importPathFor(settings.options, root, join(root, source)) }));
  const react = read.filter((f) => !f.source.endsWith('.vue'));
  const program = react.length ? typescript.createProgram({ rootNames: react.map((f) => join(root, f.source)), options: settings.options }) : undefined;
  for (const file of read) {
    let components: ScannedComponent[] = [];
    if (file.source.endsWith('.vue')) components = scanVueFile(typescript, file.text, { ...file, sourceHash: '' });
    else {
      const sourceFile = program?.getSourceFile(join(root, file.source));
      if (program && sourceFile) components = scanReactFile(typescript, program, { ...file, sourceFile });
    }
    out.set(file.source, { source: file.source, text: file.text, components });
  }
  const projectFiles = (program?.getSourceFiles() ?? []).filter((f) => !f.isDeclarationFile && !program?.isSourceFileFromExternalLibrary(f) && !/[\\/]node_modules[\\/]/.test(f.fileName)).map((f) => f.fileName);
  const inputs = [...new Set([...present.map((s) => join(root, s)), ...projectFiles.map((f) => join(f)), ...(settings.tsconfig ? [join(root, settings.tsconfig)] : [])])].sort();
  return { sources: out, inputs };
}
