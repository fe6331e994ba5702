import { applyEdits, modify } from 'jsonc-parser';
import { jsonFormatOf } from './json-format.js';

export interface PackageJsonMerge {
  /** The new text: the old one with only the added keys inserted (every other byte kept). */
  readonly text: string;
  readonly addedScripts: readonly string[];
  /** Script names the repository already uses for something else: left alone. */
  readonly conflicts: readonly { readonly name: string; readonly theirs: string; readonly ours: string }[];
  readonly addedDevDependency: boolean;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/**
 * Merges dsctl's scripts and devDependency into an existing package.json with minimal text edits, so
 * key order, indentation, line endings and the final newline stay; nothing else (no `"type"`) is added.
 */
export function mergePackageJson(text: string, scripts: Readonly<Record<string, string>>, devDependency: readonly [string, string]): PackageJsonMerge {
  const data = record(JSON.parse(text));
  const format = jsonFormatOf(text);
  const formattingOptions = { insertSpaces: format.indent !== '\t', tabSize: format.indent === '\t' ? 1 : format.indent.length, eol: format.eol };
  let out = text;
  const existing = record(data.scripts);
  const addedScripts: string[] = [];
  const conflicts: { name: string; theirs: string; ours: string }[] = [];
  for (const [name, command] of Object.entries(scripts)) {
    const theirs = existing[name];
    if (theirs === undefined) {
      out = applyEdits(out, modify(out, ['scripts', name], command, { formattingOptions }));
      addedScripts.push(name);
    } else if (theirs !== command) conflicts.push({ name, theirs: String(theirs), ours: command });
  }
  const [dep, range] = devDependency;
  const declared = dep in record(data.dependencies) || dep in record(data.devDependencies);
  if (!declared) {
    const devDeps = Object.keys(record(data.devDependencies));
    // npm keeps dependencies sorted: insert in order when they are, else at the end.
    const sorted = devDeps.every((k, i) => i === 0 || (devDeps[i - 1] as string).localeCompare(k) <= 0);
    out = applyEdits(out, modify(out, ['devDependencies', dep], range, { formattingOptions, getInsertionIndex: (keys) => (sorted ? keys.filter((k) => k.localeCompare(dep) < 0).length : keys.length) }));
  }
  if (format.finalNewline && !out.endsWith('\n')) out += format.eol;
  return { text: out, addedScripts, conflicts, addedDevDependency: !declared };
}
