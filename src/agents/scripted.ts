import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { AgentDriver, AgentResult, AgentTask } from './driver.js';
import type { AgentScript, ScriptStep } from './scripted-script.js';

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
  const writes = Object.keys(step.write).length + step.delete.length + step.shell.length;
  if (task.readOnly && writes > 0) {
    return { ok: false, subtype: 'error_read_only', text: '', error: 'a read-only stage cannot write files or run commands', ...usage };
  }
  for (const [path, content] of Object.entries(step.write)) {
    const target = inside(task.cwd, path);
    if (target === undefined) return refused(path, usage);
    writeFileAtomic(target, content);
  }
  for (const path of step.delete) {
    const target = inside(task.cwd, path);
    if (target === undefined) return refused(path, usage);
    rmSync(target, { force: true, recursive: true });
  }
  for (const command of step.shell) {
    const code = await sh(command, task.cwd, task.signal);
    if (code !== 0) return { ok: false, subtype: 'error_during_execution', text: '', error: `\`${command}\` exited ${code}`, ...usage };
  }
  if (step.fail !== undefined) return { ok: false, subtype: 'error_during_execution', text: step.answer, error: step.fail, ...usage };
  return { ok: true, subtype: 'success', text: step.answer, ...(step.output === undefined ? {} : { structuredOutput: step.output }), ...usage };
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
  const rel = relative(root, target);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : target;
}

function sh(command: string, cwd: string, signal: AbortSignal | undefined): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd, stdio: 'ignore', ...(signal ? { signal } : {}) });
    child.once('error', (error) => (error.name === 'AbortError' ? resolvePromise(130) : reject(error)));
    child.once('close', (code, sig) => resolvePromise(code ?? (sig ? 128 : 1)));
  });
}
