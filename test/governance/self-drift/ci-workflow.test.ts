import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/ci-workflow.js';
import { brief, context, memoryFiles, POLICY } from './support.js';

const WORKFLOW = '.github/workflows/ci.yml';
const GATE = { id: 'contracts', paths: ['design/**'], reason: 'r' };
const policy = { ci: { workflow: WORKFLOW, commands: ['npm run a', 'npm run b'] }, hardGates: [GATE] };
const workflow = (run: string) => `on: pull_request\njobs:\n  check:\n    steps:\n      - run: ${run}\n`;
const GATE_CHECK = '.dsctl/bin/dsctl gate check --range "$BASE...$HEAD"';

const cases: { name: string; yml?: string; policy?: Record<string, unknown>; want: [string, number?][]; message?: string }[] = [
  { name: 'every command and the gate check, in && parts', yml: workflow(`npm run a && npm run b && ${GATE_CHECK}`), want: [] },
  { name: 'as lines of a multi-line run', yml: workflow(`|\n          npm run a\n          npm run b\n          ${GATE_CHECK}`), want: [] },
  {
    name: 'a command no step runs, at the jobs key',
    yml: workflow(`npm run a && ${GATE_CHECK}`),
    want: [['ci-command-missing', 2]],
    message: `no step of the CI workflow runs "npm run b" (ci.commands in ${POLICY}); expected a \`run:\` line or \`&&\` part that is exactly this command`,
  },
  { name: 'extra arguments make a different command', yml: workflow(`npm run a -- --json && npm run b && ${GATE_CHECK}`), want: [['ci-command-missing', 2]] },
  { name: 'no gate check of a range: a warning', yml: workflow('npm run a && npm run b && dsctl gate check --staged'), want: [['ci-gate-check-missing', 2]] },
  { name: 'without hard gates no gate check is needed', yml: workflow('npm run a && npm run b'), policy: { ...policy, hardGates: [] }, want: [] },
  { name: 'no jobs: every command missing, at line 1', yml: 'on: push\n', want: [['ci-command-missing', 1], ['ci-command-missing', 1], ['ci-gate-check-missing', 1]] },
  {
    name: 'not valid YAML, at the error',
    yml: 'jobs:\n  a:\n    steps: [\n',
    want: [['ci-workflow-invalid', 4]],
  },
  {
    name: 'no workflow file',
    want: [['ci-workflow-missing']],
    message: `the CI workflow ${WORKFLOW} (ci.workflow in ${POLICY}) does not exist`,
  },
  { name: 'no ci.workflow: nothing to check', policy: { ci: { commands: ['npm run a'] } }, want: [] },
];

describe('ci-workflow', () => {
  test.each(cases)('$name', ({ yml, want, message, ...c }) => {
    const got = check.run(memoryFiles(yml === undefined ? {} : { [WORKFLOW]: yml }), context(c.policy ?? policy));
    expect(brief(got)).toEqual(want);
    expect(got.every((f) => f.file === WORKFLOW && f.severity === (f.code === 'ci-gate-check-missing' ? 'warn' : 'error'))).toBe(true);
    if (message !== undefined) expect(got[0]?.message).toBe(message);
  });
});
