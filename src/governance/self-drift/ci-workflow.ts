import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { defineSelfDriftCheck, type SelfDriftReport } from './check.js';

const codes = {
  'ci-workflow-missing': {
    severity: 'error',
    message: (a: { file: string; policy: string }) => `the CI workflow ${a.file} (ci.workflow in ${a.policy}) does not exist`,
  },
  'ci-workflow-invalid': {
    severity: 'error',
    message: (a: { reason: string }) => `the CI workflow is not valid YAML: ${a.reason}`,
  },
  'ci-command-missing': {
    severity: 'error',
    message: (a: { command: string; policy: string }) =>
      `no step of the CI workflow runs "${a.command}" (ci.commands in ${a.policy}); expected a \`run:\` line or \`&&\` part that is exactly this command`,
  },
  'ci-gate-check-missing': {
    severity: 'warn',
    message: (a: { policy: string }) =>
      `no step of the CI workflow runs "dsctl gate check --range …", so the hard gates of ${a.policy} have no server-side check; expected a \`run:\` step such as \`.dsctl/bin/dsctl gate check --range "$BASE...$HEAD"\``,
  },
} as const;

export const check = defineSelfDriftCheck({
  id: 'ci-workflow',
  meta: {
    docs: { description: 'the CI workflow of the policy (ci.workflow) exists, is valid YAML, runs every command of ci.commands, and checks the hard gates of a range' },
    codes,
  },
  run(files, context) {
    const { workflow: file, commands } = context.policy.ci;
    if (file === undefined) return [];
    const policy = context.paths.policy;
    const text = files.read(file, 'CI workflow');
    if (text === undefined) return [{ code: 'ci-workflow-missing', file, args: { file, policy } }];
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter, prettyErrors: false });
    const error = doc.errors[0];
    if (error) return [{ code: 'ci-workflow-invalid', file, line: lineCounter.linePos(error.pos[0]).line, args: { reason: error.message } }];

    const jobsKey = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'jobs')?.key : undefined;
    const line = isScalar(jobsKey) && jobsKey.range ? lineCounter.linePos(jobsKey.range[0]).line : 1;
    const parts = runParts(doc.toJS());
    const runs = new Set(parts);
    const reports: SelfDriftReport<typeof codes>[] = commands
      .filter((command) => !runs.has(command))
      .map((command) => ({ code: 'ci-command-missing', file, line, args: { command, policy } }));
    // The gates' server-side layer (ARCHITECTURE.md §5): a workflow that never checks a range lets every gated change through.
    if (context.policy.hardGates.length > 0 && !parts.some((part) => /\bdsctl\s+gate\s+check\b/.test(part) && /--range\b/.test(part))) {
      reports.push({ code: 'ci-gate-check-missing', file, line, args: { policy } });
    }
    return reports;
  },
});

/** Every command a workflow's steps run: each line of each `run:`, and each `&&`-separated part, trimmed. */
function runParts(workflow: unknown): string[] {
  const jobs = (workflow as { jobs?: unknown } | null)?.jobs;
  if (typeof jobs !== 'object' || jobs === null) return [];
  const parts: string[] = [];
  for (const job of Object.values(jobs)) {
    const steps = (job as { steps?: unknown } | null)?.steps;
    if (!Array.isArray(steps)) continue;
    for (const step of steps) {
      const run = (step as { run?: unknown } | null)?.run;
      if (typeof run !== 'string') continue;
      for (const runLine of run.split('\n')) {
        parts.push(runLine.trim(), ...runLine.split('&&').map((part) => part.trim()));
      }
    }
  }
  return parts.filter(Boolean);
}
