import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseTokens } from '../contracts/tokens.js';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { parseJsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { sortProblems } from '../diagnostics/problem.js';
import { UserError } from '../diagnostics/user-error.js';
import { sha256Hex } from '../governance/canonical-json.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { readText } from '../io/read-text.js';
import { findConfig } from '../project/config-discovery.js';
import { loadConfig } from '../project/config.js';
import { IMPORTER_IDS, importerRegistry, type ImporterId } from './importers/index.js';
import { packageDirOf } from './package-manager.js';
import { diffTokens, type TokenDiff } from './token-diff.js';
import type { ImportedToken } from './token-importer.js';
import { buildDocument, placeTokens, themeMapping } from './token-layout.js';
import { mergeTokens } from './token-merge.js';

export interface TokensImportOptions {
  readonly cwd: string;
  readonly sources: readonly string[];
  /** An importer id; default: detected per source. */
  readonly format?: string | undefined;
  /** The tokens file; default: `contracts.tokens` of the project's config, else design/contracts/tokens.json. */
  readonly out?: string | undefined;
  readonly configPath?: string | undefined;
  /** Overwrite an existing tokens file (a person's decision: the file is a hard gate). */
  readonly apply?: boolean | undefined;
  /** Write nothing. */
  readonly dryRun?: boolean | undefined;
}

export interface TokensImportResult {
  /** `written` (new file, or --apply), `unchanged`, `proposal` (the file exists: a person must apply), `dry-run`. */
  readonly status: 'written' | 'unchanged' | 'proposal' | 'dry-run';
  /** The tokens file, relative to the working directory. */
  readonly out: string;
  /** The proposal written instead of the tokens file, relative to the working directory. */
  readonly proposal?: string;
  /** Against the existing tokens file; absent when there is none. */
  readonly diff?: TokenDiff;
  readonly sources: readonly { readonly file: string; readonly format: ImporterId; readonly tokens: number }[];
  readonly tokenCount: number;
  /** Every mode with a colour set, sorted. */
  readonly modes: readonly string[];
  /** What config `theme` should say for these tokens (namespace → groups); dsctl does not edit the config. */
  readonly theme: Readonly<Record<string, string[]>>;
  /** Warnings: what was left out, and why. */
  readonly problems: readonly Problem[];
  /** The tokens file's new text (also for --dry-run). */
  readonly text: string;
}

const posix = (p: string) => p.split(sep).join('/');

/**
 * `dsctl tokens import`: read every source with its importer, place the tokens in dsctl's layout,
 * merge (conflicts stop everything), and write DTCG 2025.10 — deterministically, atomically, and never
 * over an existing tokens file unless `apply`: otherwise the new file is a proposal under
 * `.dsctl/proposals/` with its semantic diff.
 */
export async function importTokens(options: TokensImportOptions): Promise<TokensImportResult> {
  if (options.sources.length === 0) throw new UserError('usage/missing-source', 'name at least one source file');
  const configFile = options.configPath ? resolve(options.cwd, options.configPath) : findConfig(options.cwd);
  const config = configFile && existsSync(configFile) ? loadConfig({ cwd: options.cwd, configPath: configFile }) : undefined;
  const root = config?.root ?? options.cwd;
  const outPath = options.out ? resolve(options.cwd, options.out) : join(root, config?.config.contracts.tokens ?? 'design/contracts/tokens.json');
  const display = (abs: string) => posix(relative(options.cwd, abs)) || '.';
  if (options.format !== undefined && !(IMPORTER_IDS as string[]).includes(options.format)) {
    throw new UserError('usage/unknown-format', `unknown --format "${options.format}"; expected one of ${IMPORTER_IDS.join(', ')}`, { details: [nearestNames(options.format, IMPORTER_IDS) ?? ''].filter(Boolean) });
  }

  const imported: ImportedToken[] = [];
  const problems: Problem[] = [];
  const sources: { file: string; format: ImporterId; tokens: number }[] = [];
  const texts = new Map<string, string>();
  for (const source of [...new Set(options.sources.map((s) => resolve(options.cwd, s)))]) {
    const file = display(source);
    const text = readText(source, file, 'token source');
    texts.set(file, text);
    const format = (options.format as ImporterId | undefined) ?? detectFormat(file, text);
    const result = await importerRegistry[format].import(file, text, { absolutePath: source, projectDir: packageDirOf(dirname(source)) });
    imported.push(...result.tokens);
    problems.push(...result.problems);
    sources.push({ file, format, tokens: result.tokens.length });
  }
  failOnErrors(problems, texts);

  const { placed, problems: placing } = placeTokens(imported);
  problems.push(...placing);
  const merged = mergeTokens(placed);
  const existing = existsSync(outPath) ? parseJsonDocument(readText(outPath, display(outPath), 'tokens file'), display(outPath)) : undefined;
  const head = documentHead(existing?.value, root, outPath, sources.map((s) => posix(relative(root, resolve(options.cwd, s.file)))));
  const { document, problems: building } = buildDocument(merged, head);
  problems.push(...building);
  failOnErrors(problems, texts);
  const text = JSON.stringify(document, null, 2) + '\n';
  checkOutput(text, display(outPath));

  const base = {
    out: display(outPath),
    sources,
    tokenCount: merged.length,
    modes: [...new Set(merged.filter((t) => t.type === 'color').map((t) => t.modeKey))].sort(),
    theme: themeMapping(merged),
    problems: sortProblems(problems),
    text,
  };
  if (!existing) {
    if (!options.dryRun) writeFileAtomic(outPath, text);
    return { ...base, status: options.dryRun ? 'dry-run' : 'written' };
  }
  const diff = diffTokens(existing.value, document);
  if (existing.text === text) return { ...base, diff, status: 'unchanged' };
  if (options.dryRun) return { ...base, diff, status: 'dry-run' };
  if (options.apply) {
    writeFileAtomic(outPath, text);
    return { ...base, diff, status: 'written' };
  }
  // Named by content: re-running on unchanged sources finds the same proposal.
  const proposalPath = join(root, '.dsctl', 'proposals', `tokens-${sha256Hex(text).slice(0, 12)}.json`);
  const proposal = { type: 'dsctl/tokens-proposal', target: posix(relative(root, outPath)), sources: sources.map((s) => s.file), diff, tokens: document };
  writeFileAtomic(proposalPath, JSON.stringify(proposal, null, 2) + '\n');
  return { ...base, diff, status: 'proposal', proposal: display(proposalPath) };
}

/** The one importer whose detect() claims the file. */
function detectFormat(file: string, text: string): ImporterId {
  const claims = IMPORTER_IDS.filter((id) => importerRegistry[id].meta.detect(file, text));
  if (claims.length === 1 && claims[0]) return claims[0];
  throw new UserError(
    'tokens/unknown-format',
    claims.length === 0 ? `${file}: not a token source dsctl can read` : `${file}: could be ${claims.join(' or ')}`,
    { location: { file }, details: [`pass --format with one of ${IMPORTER_IDS.join(', ')}`] },
  );
}

function failOnErrors(problems: readonly Problem[], texts: ReadonlyMap<string, string>): void {
  const errors = sortProblems(problems.filter((p) => p.severity === 'error'));
  const first = errors[0];
  if (!first) return;
  const sourceText = texts.get(first.file);
  throw new UserError(first.code, errors.length === 1 ? first.message : `${first.message} (and ${errors.length - 1} more problem(s); nothing was written)`, {
    location: { file: first.file, ...(first.line === undefined ? {} : { line: first.line, column: first.column ?? 1 }), ...(first.pointer === undefined ? {} : { pointer: first.pointer }) },
    ...(sourceText === undefined ? {} : { sourceText }),
    details: errors.map((p) => `${p.file}:${p.line ?? 1}:${p.column ?? 1} ${p.message}`),
  });
}

/** `$schema` (kept from the existing file, else the project's tokens schema) and a `$description` naming the sources. */
function documentHead(existing: unknown, root: string, outPath: string, sources: readonly string[]): { $schema?: string; $description: string } {
  const kept = typeof existing === 'object' && existing !== null ? (existing as Record<string, unknown>).$schema : undefined;
  const schemaFile = join(root, 'design', 'schemas', 'tokens.schema.json');
  const schema = typeof kept === 'string' ? kept : existsSync(schemaFile) ? posix(relative(dirname(outPath), schemaFile)) : undefined;
  return { ...(schema === undefined ? {} : { $schema: schema }), $description: `Design tokens (DTCG 2025.10) imported by dsctl tokens import from ${[...sources].sort().join(', ')}.` };
}

/** The written file must load as dsctl's own tokens do; anything else is a bug here, not bad input. */
function checkOutput(text: string, file: string): void {
  const { problems } = parseTokens(parseJsonDocument(text, file));
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new UserError('tokens/import-invalid-output', `the imported tokens would not be valid DTCG; nothing was written`, {
      details: errors.map((p) => `${p.pointer ?? ''}: ${p.message}`),
    });
  }
}
