import { describe, expect, it } from 'vitest';
import { relevantLines, triage, UNKNOWN_FAILURE_LIMIT, weakeningAdvice, WEAKENING_PHRASES } from '../../src/governance/triage.js';
import { loadValidProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';

const starter = () => loadValidProject({ cwd: starterProject() });

describe('triage routes a failed command by the policy table', () => {
  const project = starter();
  it.each<{ command: string; log?: string; want: { entry: string | null; route: string; matched: { by: string; pattern: string } | null } }>([
    { command: 'npm run design:drift', want: { entry: 'drift', route: 'drift-repair', matched: { by: 'command', pattern: 'design:drift' } } },
    { command: 'npx dsctl build --check', want: { entry: 'drift', route: 'drift-repair', matched: { by: 'command', pattern: 'dsctl build --check' } } },
    { command: 'npm run design:lint -- examples/*.html', want: { entry: 'lint', route: 'ui-self-repair', matched: { by: 'command', pattern: 'design:lint' } } },
    { command: 'npm run design:check', want: { entry: 'contracts', route: 'deterministic-investigation', matched: { by: 'command', pattern: 'design:check' } } },
    { command: 'npm run validate', want: { entry: 'contracts', route: 'deterministic-investigation', matched: { by: 'command', pattern: 'validate' } } },
    { command: 'npm run build', want: { entry: 'build', route: 'deterministic-investigation', matched: { by: 'command', pattern: 'npm run build' } } },
    { command: 'npx vitest run', want: { entry: 'tests', route: 'evidence-report', matched: { by: 'command', pattern: 'vitest' } } },
    // The command decides before the log does.
    { command: 'npm test', log: 'npm ERR! code ECONNRESET', want: { entry: 'tests', route: 'evidence-report', matched: { by: 'command', pattern: 'npm test' } } },
    { command: 'npm ci', log: 'npm ERR! code ERESOLVE\nnpm ERR! unable to resolve dependency tree', want: { entry: 'environment', route: 'human', matched: { by: 'log', pattern: 'ERESOLVE' } } },
    { command: 'make deploy', log: 'getaddrinfo ENOTFOUND registry.example', want: { entry: 'environment', route: 'human', matched: { by: 'log', pattern: 'ENOTFOUND' } } },
    { command: 'make deploy', log: 'Segmentation fault', want: { entry: null, route: 'human', matched: null } },
    { command: 'make deploy', want: { entry: null, route: 'human', matched: null } },
  ])('$command → $want.route', ({ command, log, want }) => {
    const result = triage(project, command, log);
    expect({ entry: result.entry, route: result.route, matched: result.matched }).toEqual(want);
    const policyEntry = project.policy.triage.find((t) => t.id === want.entry);
    expect(result.automationLimit).toBe(policyEntry?.automationLimit ?? UNKNOWN_FAILURE_LIMIT);
  });

  it('an unknown failure goes to a human with no autonomous repair', () => {
    expect(triage(project, 'bash deploy.sh')).toEqual({ entry: null, route: 'human', automationLimit: 'No autonomous repair: unknown failure', matched: null, evidence: [] });
  });
});

describe('evidence: the first relevant log lines', () => {
  it('keeps error and failure lines, without colours, at most 10', () => {
    const log = [
      '> design@1.0.0 test',
      '\u001b[32m ✓ \u001b[39m button.test.ts (3 tests)',
      '\u001b[31m FAIL \u001b[39m dialog.test.ts > opens',
      'AssertionError: expected 2 to be 3',
      ...Array.from({ length: 20 }, (_, i) => `  at line ${i}`),
      '✖ 1 problem (1 error, 0 warnings)',
      'npm ERR! Test failed.',
      ...Array.from({ length: 12 }, (_, i) => `Error ${i}`),
    ].join('\n');
    expect(relevantLines(log)).toEqual([
      ' FAIL  dialog.test.ts > opens',
      'AssertionError: expected 2 to be 3',
      '✖ 1 problem (1 error, 0 warnings)',
      'npm ERR! Test failed.',
      ...Array.from({ length: 6 }, (_, i) => `Error ${i}`),
    ]);
  });

  it('falls back to the last 10 non-empty lines when nothing looks like an error', () => {
    const log = Array.from({ length: 30 }, (_, i) => `step ${i}`).join('\r\n') + '\n\n';
    expect(relevantLines(log)).toEqual(Array.from({ length: 10 }, (_, i) => `step ${i + 20}`));
  });

  it('includes lines with the route’s log patterns, and clips very long lines', () => {
    const log = `fetching\nconnect ETIMEDOUT 10.0.0.1:443\n${'x'.repeat(1000)} error`;
    const evidence = relevantLines(log, ['ETIMEDOUT']);
    expect(evidence[0]).toBe('connect ETIMEDOUT 10.0.0.1:443');
    expect(evidence[1]).toHaveLength(400);
    expect(evidence[1]?.endsWith('…')).toBe(true);
    expect(triage(starter(), 'npm ci', log).evidence).toEqual(evidence);
  });
});

describe('triage never advises weakening a test, a rule or a baseline', () => {
  const FORBIDDEN = ['skip', 'weaken', 'update snapshot', '--baseline-write', 'delete test'];

  it('no route of the starter policy, nor the fallback, contains such advice', () => {
    const project = starter();
    const texts = [...project.policy.triage.flatMap((t) => [t.route, t.automationLimit]), 'human', UNKNOWN_FAILURE_LIMIT];
    for (const text of texts) expect(weakeningAdvice(text), text).toBeUndefined();
    const commands = ['npm run design:drift', 'npm run design:lint', 'npm run design:check', 'npm run build', 'npm test', 'npm ci', 'unknown'];
    for (const command of commands) {
      const { route, automationLimit } = triage(project, command, 'ERESOLVE');
      expect(weakeningAdvice(`${route}. ${automationLimit}`), command).toBeUndefined();
    }
    for (const phrase of FORBIDDEN) expect(WEAKENING_PHRASES).toContain(phrase);
  });

  it.each([
    ['Skip the failing test', 'skip'],
    ['Weaken the assertion until it passes', 'weaken'],
    ['Run vitest -u to update snapshots', 'update snapshot'],
    ['Fix the UI, or run dsctl lint --baseline-write', '--baseline-write'],
    ['Delete tests that fail', 'delete test'],
    ['Never relax a rule, weaken the assertion instead', 'weaken'],
    ['Do not skip, weaken or delete tests', 'weaken'],
  ])('reads %j as advice (%s)', (text, phrase) => expect(weakeningAdvice(text)).toBe(phrase));

  it.each([
    'Report the evidence; never weaken tests or snapshots.',
    'Fix the generated UI; never relax a rule or the baseline.',
    'Do not update snapshots; do not skip tests.',
    'Report what failed without --baseline-write.',
    'No autonomous repair.',
  ])('reads %j as a limit, not advice', (text) => expect(weakeningAdvice(text)).toBeUndefined());

  it('withholds a policy route that would advise weakening, and sends the failure to a human', () => {
    const dir = starterProject();
    editJson<{ triage: { id: string; match: string[]; route: string; automationLimit: string }[] }>(dir, 'design/policy.json', (p) => {
      p.triage.unshift({ id: 'lazy', match: ['npm test'], route: 'evidence-report', automationLimit: 'Update snapshots with vitest -u, then push.' });
    });
    const result = triage(loadValidProject({ cwd: dir }), 'npm test');
    expect(result).toMatchObject({ entry: 'lazy', route: 'human', matched: { by: 'command', pattern: 'npm test' } });
    expect(result.automationLimit).toBe(
      'No autonomous repair: the policy\'s triage route "lazy" is withheld because automation never follows advice that would weaken a check (it says "update snapshot"); a person decides',
    );
    expect(weakeningAdvice(result.automationLimit)).toBeUndefined();
  });
});
