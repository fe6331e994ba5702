import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';
import { agentEnv, exitSubtype, lastLine, runAgentProcess } from './agent-process.js';
import type { AgentDriver, AgentResult, AgentTask } from './driver.js';
import type { AgentScript, ScriptStep } from './scripted-script.js';
import { relativeInside } from '../io/paths.js';

/**
 * The offline driver for demos and tests: it replays a script instead of asking a model. It does what
 * the step says and nothing else, so a run with it is deterministic; the runner around it behaves
 * exactly as with a real agent (guard, lint, limits, audit).
 */
export function createScriptedDriver(script: AgentScript): AgentDriver {
  return {
    id: 'scripted',
    async run(task) {
      const step = script.steps[task.sequence];
      if (step === undefined) {
        return { ok: false, subtype: 'error_script_exhausted', text: '', error: `the script has ${script.steps.length} step(s); stage ${task.sequence + 1} has none` };
      }
      return replay(withRunId(step, task.runId), task);
    },
  };
}

async function replay(step: ScriptStep, task: AgentTask): Promise<AgentResult> {
  const usage = { turns: step.turns, costUsd: step.costUsd, sessionId: `scripted-${task.sequence}` };
  if (task.readOnly && Object.keys(step.write).length + step.delete.length + step.shell.length > 0) {
    return { ok: false, subtype: 'error_read_only', text: '', error: 'a read-only stage cannot write files or run commands', ...usage };
  }
  const writes: [string, string][] = [];
  const deletes: string[] = [];
  for (const [path, content] of Object.entries(step.write)) {
    const target = inside(task.cwd, path);
    if (target === undefined) return refused(path, usage);
    writes.push([target, content]);
  }
  for (const path of step.delete) {
    const target = inside(task.cwd, path);
    if (target === undefined) return refused(path, usage);
    deletes.push(target);
  }
  // Like a real agent's tool calls, a write the sandbox refuses is an error the agent sees, not the end of its turn.
  const denied = task.sandbox ? await fileOpsInSandbox(task, writes, deletes) : fileOps(writes, deletes);
  for (const command of step.shell) {
    const code = await sh(command, task);
    if (code !== 0) return { ok: false, subtype: 'error_during_execution', text: '', error: `\`${command}\` exited ${code}`, ...usage };
  }
  const text = denied.length ? `${step.answer}${step.answer ? '\n' : ''}${denied.map((d) => `refused: ${d}`).join('\n')}` : step.answer;
  if (step.fail !== undefined) return { ok: false, subtype: 'error_during_execution', text, error: step.fail, ...usage };
  return { ok: true, subtype: 'success', text, ...(step.output === undefined ? {} : { structuredOutput: step.output }), ...usage };
}

/** `{run_id}` anywhere in a step (paths, contents, commands, the answer) becomes the run's id: red-team output goes to a folder per run. */
function withRunId(step: ScriptStep, runId: string): ScriptStep {
  const expand = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replaceAll('{run_id}', runId)
      : Array.isArray(value)
        ? value.map(expand)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [expand(k) as string, expand(v)]))
          : value;
  return expand(step) as ScriptStep;
}

function refused(path: string, usage: Partial<AgentResult>): AgentResult {
  return { ok: false, subtype: 'error_during_execution', text: '', error: `the script writes outside the project: ${path}`, ...usage };
}

function inside(root: string, path: string): string | undefined {
  const target = resolve(root, path);
  const rel = relativeInside(root, target);
  return rel === undefined || rel === '' ? undefined : target;
}

/** A step's shell command, run as an agent's shell tool would be: in the stage's sandbox, its process group killed after. */
async function sh(command: string, task: AgentTask): Promise<number> {
  const exit = await runAgentProcess('/bin/sh', ['-c', command], { cwd: task.cwd, env: agentEnv(undefined, task), sandbox: task.sandbox, ...(task.signal ? { signal: task.signal } : {}) });
  if (exit.aborted) return 130;
  return exit.code ?? 128;
}

function fileOps(writes: readonly [string, string][], deletes: readonly string[]): string[] {
  for (const [target, content] of writes) writeFileAtomic(target, content);
  for (const target of deletes) rmSync(target, { force: true, recursive: true });
  return [];
}

// The same writes, made by a process inside the sandbox (so a gated path is refused by the OS, as an agent's would be).
const FILE_OPS = `
const fs = require('node:fs'), path = require('node:path');
const ops = JSON.parse(fs.readFileSync(0, 'utf8')), denied = [];
for (const [target, content] of ops.writes) {
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), '.' + path.basename(target) + '.' + process.pid + '.tmp');
    fs.writeFileSync(temp, content);
    try { fs.renameSync(temp, target); } catch (e) { fs.rmSync(temp, { force: true }); throw e; }
  } catch (e) { denied.push(target + ': ' + e.code); }
}
for (const target of ops.deletes) {
  try { fs.rmSync(target, { force: true, recursive: true }); } catch (e) { denied.push(target + ': ' + e.code); }
}
process.stdout.write(JSON.stringify(denied));
`;

async function fileOpsInSandbox(task: AgentTask, writes: readonly [string, string][], deletes: readonly string[]): Promise<string[]> {
  if (writes.length + deletes.length === 0) return [];
  let out = '';
  const exit = await runAgentProcess(process.execPath, ['-e', FILE_OPS], {
    cwd: task.cwd,
    env: agentEnv(undefined, task),
    sandbox: task.sandbox,
    input: JSON.stringify({ writes, deletes }),
    onStdout: (chunk) => (out += chunk),
    ...(task.signal ? { signal: task.signal } : {}),
  });
  if (exit.code !== 0) throw new Error(`the scripted driver's file writer failed in the sandbox (${exitSubtype(exit)}): ${lastLine(exit.stderr) ?? ''}`);
  return (JSON.parse(out) as string[]).map((d) => relative(task.cwd, d.slice(0, d.lastIndexOf(': '))) + d.slice(d.lastIndexOf(': ')));
}
