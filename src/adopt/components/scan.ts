import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONTRACT_SUFFIX } from '../../contracts/component-types.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { componentId, draftContract } from './draft.js';
import { componentFiles, componentFolders } from './folders.js';
import { scanReactFile } from './react.js';
import { reconcile, type ScanAction } from './reconcile.js';
import { compilerSettings, importPathFor } from './tsconfig.js';
import type { ScannedComponent } from './types.js';
import { loadTypeScript } from './typescript.js';
import { scanVueFile } from './vue.js';

export interface ScanOptions {
  /** The project root (the folder of dsctl.config.json). */
  readonly root: string;
  /** Project-relative folder of the component contracts (config `contracts.components`). */
  readonly contractsDir: string;
  /** Project-relative folder of the JSON Schemas (config `contracts.schemas`), for the drafts' `$schema`. */
  readonly schemasDir: string;
  /** Folders to scan; empty: the usual ones that exist. */
  readonly dirs: readonly string[];
  /** Write nothing; report what would be written. */
  readonly dryRun: boolean;
}

export interface ScanEntry {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly exportName: string;
  /** Project-relative contract file. */
  readonly file: string;
  readonly action: ScanAction;
  /** Top-level contract keys that differ (created/updated: written; drift: what the component now says otherwise). */
  readonly changed: readonly string[];
  readonly message?: string;
}

export interface OrphanEntry {
  readonly id: string;
  readonly file: string;
  readonly source: string;
  readonly status: string;
  readonly message: string;
}

export interface ScanReport {
  readonly folders: readonly string[];
  readonly tsconfig?: string;
  readonly contractsDir: string;
  readonly dryRun: boolean;
  readonly scannedFiles: number;
  readonly components: readonly ScanEntry[];
  /** Scanned contracts whose component is gone. */
  readonly orphans: readonly OrphanEntry[];
  /** Person-owned contracts the code contradicts (drift entries, and orphans that are not drafts). */
  readonly drift: number;
  readonly written: number;
  /** The text of every contract created or updated (written unless dryRun), by project-relative file. */
  readonly texts: ReadonlyMap<string, string>;
}

/**
 * `dsctl components scan`: finds the exported components of the app, writes a draft contract for
 * each new one, rewrites drafts whose component changed, and only reports on contracts a person owns.
 * Each write is atomic; an unchanged component leaves its file byte-identical.
 */
export function scanComponents(options: ScanOptions): ScanReport {
  const { root } = options;
  const folders = componentFolders(root, options.dirs);
  const files = componentFiles(root, folders);
  const typescript = loadTypeScript(root);
  const settings = compilerSettings(typescript, root);
  const read = files.map((source) => {
    const text = readFileSync(join(root, source), 'utf8');
    return { source, text, importPath: importPathFor(settings.options, root, join(root, source)) };
  });

  const scanned: ScannedComponent[] = [];
  const react = read.filter((f) => !f.source.endsWith('.vue'));
  if (react.length) {
    const program = typescript.createProgram({ rootNames: react.map((f) => join(root, f.source)), options: settings.options });
    for (const file of react) {
      const sourceFile = program.getSourceFile(join(root, file.source));
      if (sourceFile) scanned.push(...scanReactFile(typescript, program, { ...file, sourceFile }));
    }
  }
  // One component per SFC: the whole file is what it is.
  for (const file of read.filter((f) => f.source.endsWith('.vue'))) scanned.push(...scanVueFile(typescript, file.text, { ...file, sourceHash: hashOf(file.text) }));
  scanned.sort((a, b) => a.source.localeCompare(b.source) || a.name.localeCompare(b.name));

  const contractsAbs = join(root, options.contractsDir);
  const existing = readContracts(contractsAbs);
  const schemaPath = `${toPosix(relative(contractsAbs, join(root, options.schemasDir))) || '.'}/component.schema.json`;
  const display = (id: string) => `${toPosix(options.contractsDir).replace(/\/$/, '')}/${id}${CONTRACT_SUFFIX}`;

  const components: ScanEntry[] = [];
  const claimed = new Map<string, ScannedComponent>();
  let written = 0;
  const texts = new Map<string, string>();
  for (const component of scanned) {
    const id = componentId(component.name);
    const entry = { id, name: component.name, source: component.source, exportName: component.exportName, file: display(id) };
    const first = claimed.get(id);
    if (first) {
      components.push({ ...entry, action: 'kept', changed: [], message: `${component.name} is also exported by ${first.source}, which was scanned first: rename one, or scan one folder at a time` });
      continue;
    }
    claimed.set(id, component);
    const current = existing.get(id);
    if (current && current.value === undefined) {
      components.push({ ...entry, action: 'kept', changed: [], message: `${entry.file} is not a JSON object: left as it is` });
      continue;
    }
    const fresh = draftContract(component, schemaPath) as unknown as Record<string, unknown>;
    const result = reconcile(fresh, current?.value === undefined ? undefined : { value: current.value, text: current.text });
    if (result.text !== undefined) texts.set(entry.file, result.text);
    if (result.text !== undefined && !options.dryRun) {
      writeFileAtomic(join(contractsAbs, `${id}${CONTRACT_SUFFIX}`), result.text);
      written++;
    }
    const message =
      result.action === 'kept'
        ? `${entry.file} ${typeof current?.value?.source === 'string' ? `was scanned from ${current.value.source}` : 'was written by hand'}: not scanned over (give it "source": "${component.source}" to compare them)`
        : result.action === 'drift'
          ? `${entry.file} is "${String(current?.value?.status)}", so it was not written; the component now differs in ${result.changed.join(', ')}`
          : undefined;
    components.push({ ...entry, action: result.action, changed: result.changed, ...(message === undefined ? {} : { message }) });
  }

  const orphans = orphansOf(root, existing, scanned, folders, display);
  const drift = components.filter((c) => c.action === 'drift').length + orphans.filter((o) => o.status !== 'draft').length;
  return { folders, ...(settings.tsconfig === undefined ? {} : { tsconfig: settings.tsconfig }), contractsDir: toPosix(options.contractsDir), dryRun: options.dryRun, scannedFiles: files.length, components, orphans, drift, written, texts };
}

interface ExistingContract {
  readonly text: string;
  readonly value: Record<string, unknown> | undefined;
}

function readContracts(dir: string): Map<string, ExistingContract> {
  const out = new Map<string, ExistingContract>();
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(CONTRACT_SUFFIX)).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    out.set(file.slice(0, -CONTRACT_SUFFIX.length), { text, value: typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined });
  }
  return out;
}

/** Scanned contracts (they carry `source`) whose file is gone, or whose export was not found in a scanned file. */
function orphansOf(root: string, existing: ReadonlyMap<string, ExistingContract>, scanned: readonly ScannedComponent[], folders: readonly string[], display: (id: string) => string): OrphanEntry[] {
  const orphans: OrphanEntry[] = [];
  const inFolders = (source: string) => folders.some((f) => f === '.' || source.startsWith(`${f}/`));
  for (const [id, { value }] of existing) {
    const source = value?.source;
    if (typeof source !== 'string') continue;
    const status = String(value?.status);
    const gone = !existsSync(join(root, source));
    if (!gone && !inFolders(source)) continue;
    if (scanned.some((c) => c.source === source && componentId(c.name) === id)) continue;
    orphans.push({ id, file: display(id), source, status, message: gone ? `${source} is gone` : `${source} no longer exports ${String(value?.name ?? id)} as a component` });
  }
  return orphans;
}

/** sha256 of the text with line endings normalized: a checkout with CRLF is the same component. */
function hashOf(text: string): string {
  return `sha256:${createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('hex')}`;
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
