import { resolve } from 'node:path';
import { listLearnings, proposeLearning } from '../governance/learnings.js';
import { readText } from '../io/read-text.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface LearnProposeOptions {
  readonly title: string;
  /** A Markdown file with the body, or `-` for standard input. */
  readonly body?: string;
  readonly json?: boolean;
}

export interface LearnListOptions {
  readonly json?: boolean;
}

/** `dsctl learn propose --title T [--body F]`: write a quarantined proposal; prints its path. */
export async function runLearnPropose(ctx: CommandContext, options: LearnProposeOptions): Promise<number> {
  const { io } = ctx;
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const body = options.body === undefined ? '' : options.body === '-' ? await io.readStdin() : readText(resolve(io.cwd, options.body), options.body, 'body file');
  const { file } = proposeLearning(project, { title: options.title, body });
  if (options.json) {
    printEnvelope(io, 'learn-propose', true, { file, status: 'proposal' });
    return 0;
  }
  io.stdout(`${file}\n`);
  io.stderr(`${io.err.green('✔')} proposal written; it is not guidance until a person moves it into a source of truth\n`);
  return 0;
}

/** `dsctl learn list`: every quarantined learning with its status and title. */
export function runLearnList(ctx: CommandContext, options: LearnListOptions): number {
  const { io } = ctx;
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const learnings = listLearnings(project);
  if (options.json) {
    printEnvelope(io, 'learn-list', true, { folder: project.policy.learnings, learnings });
    return 0;
  }
  const c = io.out;
  const width = Math.max(8, ...learnings.map((l) => (l.status ?? '?').length));
  for (const l of learnings) {
    const status = l.status === 'proposal' ? c.yellow(l.status.padEnd(width)) : (l.status ?? '?').padEnd(width);
    io.stdout(`${status}  ${l.title ?? c.dim('(no title)')}  ${c.dim(l.file)}${l.problem ? `  ${c.red(l.problem)}` : ''}\n`);
  }
  if (learnings.length === 0) io.stderr(`${io.err.dim('no learnings')} in ${project.policy.learnings}\n`);
  return 0;
}
