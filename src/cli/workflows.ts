import { WORKFLOW_INFO } from '../loops/catalog.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface WorkflowsOptions {
  readonly json?: boolean;
}

/** `dsctl workflows`: the registry, W1…W5, with level, status and one example each. */
export function runWorkflows(ctx: CommandContext, options: WorkflowsOptions): number {
  const { io } = ctx;
  if (options.json) {
    printEnvelope(io, 'workflows', true, { workflows: WORKFLOW_INFO.map((w) => ({ ...w, available: w.unavailable === undefined })) });
    return 0;
  }
  const c = io.out;
  for (const w of WORKFLOW_INFO) {
    const status = w.unavailable === undefined ? c.green('available') : c.yellow('not yet available');
    io.stdout(`${c.bold(w.id)}  ${c.bold(w.name.padEnd(22))} ${w.classification.padEnd(32)} ${status}\n`);
    io.stdout(`    ${c.dim('stop:')} ${w.stop}\n`);
    io.stdout(`    ${c.dim('human gate:')} ${w.humanGate}\n`);
    io.stdout(w.unavailable === undefined ? `    ${c.dim('run:')} ${c.cyan(w.example)}\n` : `    ${c.dim('why not:')} ${w.unavailable}\n`);
  }
  return 0;
}
