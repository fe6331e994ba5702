import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { LAUNCHER_PATH } from '../../project/launcher.js';
import { isObject } from '../agent-hooks.js';
import { POLICY_NOT_LOADED, reporter, type DoctorCheck, type DoctorFinding } from '../check.js';

/** What the server-side check must run (ARCHITECTURE.md §5, layer 4), as dsctl's words after `dsctl`. */
const REQUIRED: readonly { readonly command: string; readonly test: RegExp; readonly example: string }[] = [
  { command: 'check', test: /^check\b/, example: `${LAUNCHER_PATH} check` },
  { command: 'lint', test: /^lint\b/, example: `${LAUNCHER_PATH} lint --baseline` },
  { command: 'drift', test: /^drift\b/, example: `${LAUNCHER_PATH} drift` },
  { command: 'gate check --range', test: /^gate\s+check\b.*--range\b/, example: `${LAUNCHER_PATH} gate check --range "$BASE...$HEAD" --format github` },
];

/** `dsctl …` wherever it is written: `dsctl`, `npx dsctl`, `.dsctl/bin/dsctl`, `node_modules/.bin/dsctl`. */
const DSCTL = /(?<![\w.@-])dsctl(?:\.js)?["']?[ \t]+([^\n;&|]*)/g;
const PACKAGE_SCRIPT = /(?<![\w-])(?:npm[ \t]+(?:run|run-script)|pnpm(?:[ \t]+run)?|yarn(?:[ \t]+run)?|bun[ \t]+run)[ \t]+([\w@:.-]+)/g;
const FETCHES = /(?<![\w-])(?:npx|bunx|pnpx|pnpm[ \t]+dlx|yarn[ \t]+dlx)[ \t]+(?:-\S+[ \t]+)*dsctl\b/;

export const check: DoctorCheck = {
  id: 'ci-workflow',
  meta: {
    docs: { description: 'the CI workflow of the policy (ci.workflow) runs on pull requests and runs dsctl check, lint, drift and gate check --range' },
    messages: {
      missing: { message: 'the workflow does not exist (policy ci.workflow: {file}): nothing checks pull requests on the server', fix: "restore it (a new `dsctl init` in an empty folder writes the starter's), or point ci.workflow at your workflow" },
      'invalid-yaml': { message: 'not valid YAML: {error}', fix: 'correct it at {file}:{line}:{column}' },
      'no-pull-request': { message: 'the workflow does not run on pull requests: a change reaches the default branch unchecked', fix: 'add `pull_request:` under `on:`' },
      'step-missing': { message: 'the workflow never runs `dsctl {command}`', fix: 'add a step that runs `{example}`' },
      network: { message: 'the workflow runs dsctl through {runner}, which downloads whatever owns the name when dsctl is not installed', fix: `run ${LAUNCHER_PATH} instead`, severity: 'warn' },
    },
  },
  skip: (ctx) => (ctx.loaded === undefined ? POLICY_NOT_LOADED : ctx.loaded.policy.ci?.workflow === undefined ? 'the policy names no ci.workflow' : undefined),
  run(ctx) {
    const report = reporter(check);
    const file = ctx.loaded!.policy.ci!.workflow!;
    const abs = join(ctx.root, file);
    if (!existsSync(abs)) return [report('missing', { file }, { file })];
    const doc = parseDocument(readFileSync(abs, 'utf8'), { prettyErrors: false });
    const error = doc.errors[0];
    if (error) {
      const { line, col: column } = error.linePos?.[0] ?? { line: 1, col: 1 };
      return [report('invalid-yaml', { file, error: error.message.split('\n')[0] ?? error.code, line, column }, { file, line, column })];
    }
    const workflow: unknown = doc.toJS();
    const findings: DoctorFinding[] = [];
    if (!isObject(workflow)) return [report('no-pull-request', { file }, { file })];
    // YAML 1.1 readers turn a bare `on:` key into `true`; the yaml package (1.2) keeps "on".
    const on = workflow.on ?? workflow.true;
    const events = typeof on === 'string' ? [on] : Array.isArray(on) ? on.map(String) : isObject(on) ? Object.keys(on) : [];
    if (!events.some((e) => e === 'pull_request' || e === 'pull_request_target')) findings.push(report('no-pull-request', { file }, { file }));

    const scripts = runScripts(workflow);
    const text = expandPackageScripts(scripts.join('\n'), readPackageScripts(ctx.root));
    const invocations = [...text.matchAll(DSCTL)].map((m) => (m[1] ?? '').replace(/^--config[ \t]+\S+[ \t]+/, '').trim());
    for (const { command, test, example } of REQUIRED) {
      if (!invocations.some((words) => test.test(words))) findings.push(report('step-missing', { file, command, example }, { file }));
    }
    const fetching = FETCHES.exec(text);
    if (fetching) findings.push(report('network', { file, runner: `\`${fetching[0].split(/[ \t]/)[0]}\`` }, { file }));
    return findings;
  },
};

/** Every `run:` script of every job's steps. */
function runScripts(workflow: Record<string, unknown>): string[] {
  const jobs = isObject(workflow.jobs) ? Object.values(workflow.jobs) : [];
  return jobs.flatMap((job) => (isObject(job) && Array.isArray(job.steps) ? job.steps : [])).flatMap((step) => (isObject(step) && typeof step.run === 'string' ? [step.run] : []));
}

function readPackageScripts(root: string): Readonly<Record<string, string>> {
  try {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: unknown }).scripts;
    return isObject(scripts) ? (Object.fromEntries(Object.entries(scripts).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** `npm run design:check` → its script's text (and theirs, a few levels down), beside the original. */
function expandPackageScripts(text: string, scripts: Readonly<Record<string, string>>, depth = 3): string {
  if (depth === 0) return text;
  const bodies = [...text.matchAll(PACKAGE_SCRIPT)].flatMap((m) => (scripts[m[1] ?? ''] === undefined ? [] : [scripts[m[1] ?? '']!]));
  return bodies.length ? `${text}\n${expandPackageScripts(bodies.join('\n'), scripts, depth - 1)}` : text;
}
