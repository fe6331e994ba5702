import { dirname, isAbsolute } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createLinter, sourceTypeOf, type Linter } from '../lint/engine.js';
import { projectPath } from '../lint/files.js';
import { proposeFixes } from '../lint/fix.js';
import { loadValidProject, type Project } from '../project/project.js';
import type { LintAnswer, LintRequest, PluginViolation } from './protocol.js';
import { computeLineStarts } from '../diagnostics/json-source.js';

// One linter per loaded project: loadValidProject returns the same Project until a contract changes.
const linters = new WeakMap<Project, Promise<Linter>>();

/** The same lint() as `dsctl lint`, for the project around the file (found as the CLI finds it). */
async function answer({ filename, text }: LintRequest): Promise<LintAnswer> {
  if (!isAbsolute(filename) || sourceTypeOf(filename) === undefined) return { ok: true, skipped: true };
  try {
    const project = loadValidProject({ cwd: dirname(filename) });
    let linter = linters.get(project);
    if (!linter) linters.set(project, (linter = createLinter(project)));
    const result = (await linter).lint(text, { filename: projectPath(project.root, filename) });
    // A fix belongs to the violation that starts where it does, of its rule.
    const fixes = new Map(proposeFixes(project, text, result.violations).map((f) => [`${f.ruleId}\0${f.range.start}`, f]));
    const lineStarts = computeLineStarts(text);
    const violations = result.violations.map((v): PluginViolation => {
      const fix = fixes.get(`${v.ruleId}\0${(lineStarts[v.line - 1] ?? 0) + v.column - 1}`);
      return fix ? { ...v, fix: { range: [fix.range.start, fix.range.end], text: fix.text } } : v;
    });
    return { ok: true, violations };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const port = (workerData as { port: MessagePort }).port;
parentPort?.on('message', (request: LintRequest) => {
  void answer(request).then((reply) => {
    port.postMessage(reply);
    Atomics.store(request.signal, 0, 1);
    Atomics.notify(request.signal, 0);
  });
});
