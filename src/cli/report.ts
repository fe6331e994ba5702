import { spawn } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { collectReport } from '../report/collect.js';
import { isMissing, type ReportData } from '../report/data.js';
import { REPORT_DIR, writeReport } from '../report/write.js';
import type { CommandContext } from './context.js';
import type { CliIo } from './io.js';
import { printEnvelope } from './output.js';

export interface ReportOptions {
  readonly out?: string;
  readonly open?: boolean;
  readonly format?: string;
  readonly json?: boolean;
}

const FORMATS = ['html', 'json'] as const;

/**
 * `dsctl report [--out DIR] [--open] [--format html|json]`: one self-contained page of governance, runs,
 * lint debt, the component loop and benchmarks. Exit 0 when written (the page shows a broken chain or
 * drift; `audit verify` and `drift` are the checks that fail on them); 2 for bad usage or unreadable input.
 */
export async function runReport(ctx: CommandContext, options: ReportOptions): Promise<number> {
  const { io } = ctx;
  const format = options.format ?? (options.json ? 'json' : 'html');
  if (!(FORMATS as readonly string[]).includes(format)) throw new UserError('usage/format', `--format must be ${FORMATS.join(' or ')}, got "${format}"`);
  if (options.json && format !== 'json') throw new UserError('usage/format', `--json prints the data as JSON: it cannot go with --format ${format}`);
  if (format === 'json' && (options.out !== undefined || options.open)) throw new UserError('usage/report-json', '--format json prints the data on stdout: --out and --open are for the HTML page');
  const { root, data } = await collectReport({ cwd: io.cwd, configPath: ctx.configPath, commands: ctx.commands });
  if (format === 'json') {
    printEnvelope(io, 'report', true, data);
    return 0;
  }
  const dir = options.out === undefined ? resolve(root, REPORT_DIR) : resolve(io.cwd, options.out);
  const { file, bytes } = await writeReport(dir, data);
  io.stdout(`${file}\n`);
  const absent = notYet(data);
  io.stderr(`${io.err.green('✔')} ${relative(io.cwd, file) || file} (${Math.ceil(bytes / 1024)} KiB)${absent.length ? `; not there yet: ${absent.join(', ')}` : ''}\n`);
  if (options.open) openInBrowser(io, file);
  return 0;
}

function notYet(data: ReportData): string[] {
  const sections = { runs: data.runs, 'lint debt': data.lint, 'component runs': data.components, benchmarks: data.benchmarks };
  return Object.entries(sections)
    .filter(([, s]) => isMissing(s))
    .map(([name]) => name);
}

/** `$BROWSER`, else the platform's opener; detached, so dsctl exits at once. A missing opener is a warning, not a failure. */
function openInBrowser(io: CliIo, file: string): void {
  const browser = io.env.BROWSER?.trim();
  const [command, args] = browser ? [browser, [file]] : process.platform === 'darwin' ? ['open', [file]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', file]] : ['xdg-open', [file]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error) => io.stderr(`${io.err.yellow('warn')} could not open the report with ${command}: ${error.message}; open ${file} yourself\n`));
    child.unref();
  } catch (error) {
    io.stderr(`${io.err.yellow('warn')} could not open the report with ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
