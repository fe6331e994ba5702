import { codeFrame } from '../diagnostics/code-frame.js';
import { envelopeText } from '../diagnostics/formatters/json.js';
import type { FileResult, FormatContext, Formatter } from '../diagnostics/results.js';
import type { UserError } from '../diagnostics/user-error.js';
import type { CliIo } from './io.js';
import { VERSION } from './version.js';

/** A command's findings in the format the user chose: the one way check, drift, lint, gate and audit print them. */
export function printFindings(io: CliIo, formatter: Formatter, results: readonly FileResult[], context: Omit<FormatContext, 'toolVersion' | 'colors'>): void {
  io.stdout(formatter.format(results, { ...context, toolVersion: VERSION, colors: io.out }));
}

/** The one machine-readable shape of every command's `--json` output (ARCHITECTURE.md §3). */
export function printEnvelope(io: CliIo, command: string, ok: boolean, data: unknown): void {
  io.stdout(envelopeText(command, ok, data));
}

export function printErrorEnvelope(io: CliIo, error: UserError): void {
  const location = error.location;
  const envelope = {
    type: 'dsctl/error',
    ok: false,
    error: {
      code: error.code,
      message: error.message,
      ...(location?.file === undefined ? {} : { file: location.file }),
      ...(location?.pointer === undefined ? {} : { pointer: location.pointer }),
      ...(location?.line === undefined ? {} : { line: location.line }),
      ...(location?.column === undefined ? {} : { column: location.column }),
      ...(error.details.length ? { details: error.details } : {}),
    },
  };
  io.stdout(JSON.stringify(envelope, null, 2) + '\n');
}

/** A user error for people: message, place, code frame, details. Never a stack trace. */
export function printUserError(io: CliIo, error: UserError): void {
  const c = io.err;
  const lines = [`${c.red(c.bold('error'))} ${error.message} ${c.dim(`(${error.code})`)}`];
  const location = error.location;
  if (location?.file && location.line !== undefined) {
    lines.push(`  ${c.dim('at')} ${location.file}:${location.line}:${location.column ?? 1}${location.pointer ? c.dim(`  ${location.pointer}`) : ''}`);
    if (error.sourceText !== undefined) {
      const frame = codeFrame(error.sourceText, location.line, location.column ?? 1, { marker: (s) => c.red(s) });
      if (frame) lines.push(frame.replace(/^/gm, '  '));
    }
  }
  for (const detail of error.details) lines.push(`  ${c.dim('•')} ${detail}`);
  io.stderr(lines.join('\n') + '\n');
}
