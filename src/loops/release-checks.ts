import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runProcess, tailLines } from '../io/process.js';

/*
 * The smoke checks of W5 release readiness, as plain functions returning plain JSON (a durable step's
 * value): pack the project and install the tarball in a fresh folder, run what it ships; boot the MCP
 * server and list its tools. They never publish, tag or push.
 */

export interface CheckResult {
  /** `ci-1`, `pack-smoke`, `mcp-smoke`… */
  readonly name: string;
  readonly command: string;
  readonly passed: boolean;
  readonly exitCode: number | null;
  readonly durationMs: number;
  /** One line: why it failed, or what it showed. */
  readonly reason: string;
  /** The last lines of output, for evidence. */
  readonly tail: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

const TAIL_LINES = 40;
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** npm without the network chatter a smoke does not need. */
const NPM_ENV = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

interface ProcessOutcome {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly output: string;
  readonly timedOut: boolean;
}

/** Runs a program (no shell), keeping stdout whole and stdout+stderr for the tail; exitCode null when it timed out or never started. */
async function runProgram(command: string, args: readonly string[], cwd: string, timeoutMs: number, env: Readonly<Record<string, string>> = {}): Promise<ProcessOutcome> {
  const exit = await runProcess(command, args, { cwd, env: { ...process.env, ...env }, timeoutMs, keepStdout: true });
  if (exit.error) return { exitCode: null, stdout: exit.stdout, output: `${exit.output}\n${exit.error.message}`, timedOut: exit.timedOut };
  return { exitCode: exit.timedOut ? null : exit.code, stdout: exit.stdout, output: exit.output, timedOut: exit.timedOut };
}

export function tailOf(text: string, lines = TAIL_LINES): string {
  return tailLines(text, lines);
}

interface PackEntry {
  readonly name: string;
  readonly version: string;
  readonly filename: string;
  readonly entryCount?: number;
  readonly size?: number;
}

/** `npm pack --json` prints a JSON array, possibly after lifecycle script output: the last parseable array wins. */
function parsePackJson(stdout: string): PackEntry | undefined {
  const starts = [...stdout.matchAll(/^\[/gm)].map((m) => m.index ?? 0).reverse();
  for (const start of starts) {
    try {
      const value = JSON.parse(stdout.slice(start)) as unknown;
      const first = Array.isArray(value) ? (value[0] as Partial<PackEntry> | undefined) : undefined;
      if (first && typeof first.filename === 'string' && typeof first.name === 'string') return first as PackEntry;
    } catch {
      // Not the JSON array: keep looking.
    }
  }
  return undefined;
}

/** The commands a package's `bin` field declares, by name. */
function binNames(bin: unknown, packageName: string): string[] {
  if (typeof bin === 'string') return [packageName.replace(/^@[^/]+\//, '')];
  if (typeof bin === 'object' && bin !== null) return Object.keys(bin).sort();
  return [];
}

/**
 * Packs the project (`npm pack` runs its own prepack scripts), installs the tarball into a fresh temp
 * folder with scripts off, then runs `<bin> --version` for each bin it declares. The temp folder is removed.
 */
export async function packSmoke(root: string, options: { timeoutMs?: number; binTimeoutMs?: number } = {}): Promise<CheckResult> {
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const binTimeoutMs = options.binTimeoutMs ?? 20_000;
  const started = Date.now();
  const name = 'pack-smoke';
  const command = 'npm pack --json --pack-destination <tmp> && npm install --no-audit --no-fund --ignore-scripts --no-save --prefer-offline <tarball>';
  const fail = (reason: string, tail = '', exitCode: number | null = null, details?: Record<string, unknown>): CheckResult => ({
    name,
    command,
    passed: false,
    exitCode,
    durationMs: Date.now() - started,
    reason,
    tail: tailOf(tail),
    ...(details ? { details } : {}),
  });
  const pass = (reason: string, tail: string, details: Record<string, unknown>): CheckResult => ({ name, command, passed: true, exitCode: 0, durationMs: Date.now() - started, reason, tail: tailOf(tail), details });
  if (!existsSync(join(root, 'package.json'))) return fail('there is no package.json in the project root: nothing to pack');
  let own: { name?: unknown; version?: unknown };
  try {
    own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as typeof own;
  } catch (error) {
    return fail(`package.json cannot be read as JSON: ${(error as Error).message}`);
  }
  const missing = (['name', 'version'] as const).filter((key) => typeof own[key] !== 'string' || own[key] === '');
  if (missing.length > 0) return fail(`package.json has no ${missing.join(' and no ')}: npm pack needs both, and a release candidate needs a version`);

  const tmp = mkdtempSync(join(tmpdir(), 'dsctl-release-'));
  try {
    const dest = join(tmp, 'pack');
    const install = join(tmp, 'install');
    mkdirSync(dest, { recursive: true });
    const pack = await runProgram(NPM, ['pack', '--json', '--pack-destination', dest], root, timeoutMs, NPM_ENV);
    if (pack.exitCode !== 0) return fail(pack.timedOut ? `npm pack timed out after ${timeoutMs} ms` : `npm pack exited ${pack.exitCode ?? 'abnormally'}`, pack.output, pack.exitCode);
    const packed = parsePackJson(pack.stdout);
    const tarball = packed ? join(dest, packed.filename) : undefined;
    if (packed === undefined || tarball === undefined || !existsSync(tarball)) {
      const found = existsSync(dest) ? readdirSync(dest).filter((f) => f.endsWith('.tgz')) : [];
      return fail(`npm pack did not report a tarball it wrote${found.length ? ` (found ${found.join(', ')})` : ''}`, pack.output, pack.exitCode);
    }
    const packDetails = { package: packed.name, version: packed.version, tarball: packed.filename, files: packed.entryCount ?? null, size: packed.size ?? null };

    mkdirSync(install, { recursive: true });
    writeFileSync(join(install, 'package.json'), `${JSON.stringify({ name: 'dsctl-release-smoke', version: '0.0.0', private: true }, null, 2)}\n`);
    const installed = await runProgram(NPM, ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-save', '--prefer-offline', tarball], install, timeoutMs, NPM_ENV);
    if (installed.exitCode !== 0) {
      return fail(installed.timedOut ? `installing the tarball timed out after ${timeoutMs} ms` : `installing the tarball exited ${installed.exitCode ?? 'abnormally'}`, installed.output, installed.exitCode, packDetails);
    }
    const manifestPath = join(install, 'node_modules', ...packed.name.split('/'), 'package.json');
    let manifest: { name?: unknown; version?: unknown; bin?: unknown };
    try {
      manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as typeof manifest;
    } catch (error) {
      return fail(`the installed package's package.json cannot be read: ${(error as Error).message}`, installed.output, 0, packDetails);
    }
    if (manifest.name !== packed.name || manifest.version !== packed.version) {
      return fail(`the installed package is ${String(manifest.name)}@${String(manifest.version)}, not the packed ${packed.name}@${packed.version}`, installed.output, 0, packDetails);
    }
    const bins = binNames(manifest.bin, packed.name);
    if (bins.length === 0) {
      return pass(`${packed.name}@${packed.version} packs and installs; it declares no bin, so the smoke is the install and resolving its package.json`, installed.output, { ...packDetails, bins: [] });
    }
    const runs: { bin: string; exitCode: number | null; output: string }[] = [];
    for (const bin of bins) {
      const path = join(install, 'node_modules', '.bin', process.platform === 'win32' ? `${bin}.cmd` : bin);
      const ran = await runProgram(path, ['--version'], install, binTimeoutMs);
      runs.push({ bin, exitCode: ran.exitCode, output: tailOf(ran.output, 5) });
    }
    const broken = runs.filter((r) => r.exitCode !== 0);
    const evidence = runs.map((r) => `$ ${r.bin} --version  (exit ${r.exitCode ?? 'timeout'})\n${r.output}`).join('\n');
    const details = { ...packDetails, bins: runs.map((r) => ({ bin: r.bin, exitCode: r.exitCode, version: r.output.split('\n')[0] ?? '' })) };
    if (broken.length > 0) return fail(`${broken.map((r) => `${r.bin} --version`).join(', ')} failed from the installed tarball`, evidence, broken[0]?.exitCode ?? null, details);
    return pass(`${packed.name}@${packed.version} packs, installs, and ${runs.map((r) => `${r.bin} --version`).join(', ')} run${runs.length === 1 ? 's' : ''}`, evidence, details);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** How to start a dsctl entry point: a JavaScript file runs under this Node; anything else is executed as is. */
function launcher(bin: string): { command: string; args: string[] } {
  if (/\.[cm]?js$/i.test(bin)) return { command: process.execPath, args: [bin] };
  try {
    const fd = openSync(bin, 'r');
    const head = Buffer.alloc(128);
    const n = readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    if (/^#!.*\bnode\b/.test(head.subarray(0, n).toString('utf8').split('\n')[0] ?? '')) return { command: process.execPath, args: [bin] };
  } catch {
    // Unreadable: let the spawn report it.
  }
  return { command: bin, args: [] };
}

/** Boots `<dsctl> mcp` in the project root over stdio, initializes, lists the tools; all within `timeoutMs`. */
export async function mcpSmoke(root: string, bin: string, options: { timeoutMs?: number } = {}): Promise<CheckResult> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const started = Date.now();
  const name = 'mcp-smoke';
  const command = `${bin} mcp (initialize, tools/list)`;
  if (!existsSync(bin)) {
    return { name, command, passed: false, exitCode: null, durationMs: 0, reason: `the dsctl binary ${bin} does not exist: cannot boot the MCP server`, tail: '' };
  }
  const { command: program, args } = launcher(bin);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  const transport = new StdioClientTransport({ command: program, args: [...args, 'mcp'], cwd: root, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-16 * 1024);
  });
  const client = new Client({ name: 'dsctl-release-readiness', version: '1.0.0' });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const session = (async () => {
      await client.connect(transport);
      const server = client.getServerVersion();
      const tools: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        tools.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return { server, tools };
    })();
    const { server, tools } = await Promise.race([session, timeout]);
    const details = { server: server?.name ?? null, version: server?.version ?? null, tools: [...tools].sort() };
    const passed = tools.length > 0;
    return {
      name,
      command,
      passed,
      exitCode: 0,
      durationMs: Date.now() - started,
      reason: passed
        ? `${details.server ?? 'the server'} ${details.version ?? ''} booted and listed ${tools.length} tool(s): ${details.tools.join(', ')}`.replace(/\s+/g, ' ')
        : 'the MCP server booted but lists no tools',
      tail: tailOf(stderr),
      details,
    };
  } catch (error) {
    return { name, command, passed: false, exitCode: null, durationMs: Date.now() - started, reason: `the MCP server did not boot: ${(error as Error).message}`, tail: tailOf(stderr) };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
  }
}
