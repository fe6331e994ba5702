import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runSelfDrift } from '../../../src/governance/self-drift/run.js';
import { loadProject } from '../../../src/project/project.js';
import type { DriftFinding } from '../../../src/views/finding.js';
import { editJson, starterProject } from '../../support/project.js';

// The CLI's command table as `dsctl` builds it (see commandTable in src/cli/run.ts).
const COMMANDS = new Set(['init', 'check', 'lint', 'build', 'drift', 'workflows', 'run', 'run resume', 'mcp', 'gate', 'gate check', 'hook', 'hooks', 'hooks install', 'audit', 'audit verify', 'audit tail', 'triage', 'learn', 'learn propose', 'learn list', 'demo']);
const PLAYBOOK = 'docs/loop-playbook.md';
const WORKFLOW = '.github/workflows/design-check.yml';
const POLICY = 'design/policy.json';

type Want = Pick<DriftFinding, 'code' | 'severity' | 'file'> & { line?: number; message?: string; details?: readonly string[] };

const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');
const write = (dir: string, rel: string, text: string) => writeFileSync(join(dir, rel), text);

/** Rewrites a project file; `edit` must change it, so a stale fixture cannot make a case pass. */
function edit(dir: string, rel: string, change: (text: string) => string): void {
  const before = read(dir, rel);
  const after = change(before);
  expect(after, `edit of ${rel} changed nothing`).not.toBe(before);
  write(dir, rel, after);
}

/** 1-based line of the only line containing `needle`. */
function lineOf(text: string, needle: string): number {
  const lines = text.split('\n').flatMap((l, i) => (l.includes(needle) ? [i + 1] : []));
  expect(lines, `"${needle}" should be on exactly one line`).toHaveLength(1);
  return lines[0] as number;
}

/** 1-based lines of every line containing `needle`. */
function linesOf(text: string, needle: string): number[] {
  return text.split('\n').flatMap((l, i) => (l.includes(needle) ? [i + 1] : []));
}

function run(dir: string, commands: ReadonlySet<string> = COMMANDS): DriftFinding[] {
  return runSelfDrift(loadProject({ cwd: dir }), { commands });
}

/** Only what the case asserts: message checked when the case names one. */
function shape(findings: readonly DriftFinding[], wants: readonly Want[]): Want[] {
  return findings.map((f, i) => ({
    code: f.code,
    severity: f.severity,
    file: f.file,
    ...(f.line === undefined ? {} : { line: f.line }),
    ...(wants[i]?.message === undefined ? {} : { message: f.message }),
    ...(f.details === undefined ? {} : { details: f.details }),
  }));
}

const error = (code: string, file: string, line?: number, message?: string): Want => ({
  code,
  severity: 'error',
  file,
  ...(line === undefined ? {} : { line }),
  ...(message === undefined ? {} : { message }),
});

interface Case {
  readonly name: string;
  /** Breaks the fresh starter in `dir`, returns the findings expected. */
  readonly given: (dir: string) => Want[];
  readonly commands?: ReadonlySet<string>;
}

const cases: Case[] = [
  { name: 'the fresh starter is clean', given: () => [] },
  {
    name: 'a script the playbook names is removed from package.json: one finding, every mention listed',
    given: (dir) => {
      editJson<{ scripts: Record<string, string> }>(dir, 'package.json', (pkg) => {
        delete pkg.scripts['design:build'];
      });
      const [first, ...rest] = linesOf(read(dir, PLAYBOOK), 'npm run design:build');
      expect(rest.length).toBeGreaterThan(0);
      return [
        {
          ...error('playbook-unknown-npm-script', PLAYBOOK, first),
          details: [`also mentioned at lines ${rest.join(', ')}`],
        },
      ];
    },
  },
  {
    name: 'a mistyped npm script gets a suggestion',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace('| Trigger | `npm run design:drift` failing', '| Trigger | `npm run design:drif` failing'));
      return [
        error(
          'playbook-unknown-npm-script',
          PLAYBOOK,
          lineOf(read(dir, PLAYBOOK), 'npm run design:drif`'),
          '"npm run design:drif" is not a script in package.json (did you mean "design:drift"?)',
        ),
      ];
    },
  },
  {
    name: 'a dsctl command that does not exist',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace('or `dsctl lint` exiting 0', 'or `dsctl frobnicate --all` exiting 0'));
      return [
        error(
          'playbook-unknown-command',
          PLAYBOOK,
          lineOf(read(dir, PLAYBOOK), 'dsctl frobnicate'),
          '"dsctl frobnicate": "frobnicate" is not a dsctl command (the commands are audit, build, check, demo, drift, gate, hook, hooks, init, learn, lint, mcp, run, triage, workflows)',
        ),
      ];
    },
  },
  {
    name: 'a required marker line is deleted',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace('<!-- dsctl:marker brand-gate -->\n', ''));
      return [
        error(
          'playbook-marker-missing',
          PLAYBOOK,
          undefined,
          'governance marker "brand-gate" is missing; expected <!-- dsctl:marker brand-gate --> right after the heading of its section',
        ),
      ];
    },
  },
  {
    name: 'a marker whose section is emptied',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace(/(<!-- dsctl:marker brand-draft-label -->\n)[^#]*/, '$1\n'));
      return [error('playbook-marker-empty', PLAYBOOK, lineOf(read(dir, PLAYBOOK), 'dsctl:marker brand-draft-label'))];
    },
  },
  {
    name: 'a marker that appears twice',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace('## Draft label\n', '## Draft label\n<!-- dsctl:marker brand-gate -->\n'));
      const lines = linesOf(read(dir, PLAYBOOK), 'dsctl:marker brand-gate');
      return [
        error(
          'playbook-marker-duplicated',
          PLAYBOOK,
          lines[1],
          `governance marker "brand-gate" appears again (first at line ${lines[0]}); expected each governance section once`,
        ),
      ];
    },
  },
  {
    name: 'the CI workflow no longer runs a command of the CI set',
    given: (dir) => {
      edit(dir, WORKFLOW, (t) => t.replace(/\n\s+- name: Check generated views for drift\n\s+run: npm run design:drift\n/, '\n'));
      return [error('ci-command-missing', WORKFLOW, lineOf(read(dir, WORKFLOW), 'jobs:'))];
    },
  },
  {
    name: 'the CI workflow no longer runs dsctl gate check --range: a warning',
    given: (dir) => {
      edit(dir, WORKFLOW, (t) => t.replace(/--range "\$BASE\.\.\.\$HEAD"/, '--staged'));
      return [{ code: 'ci-gate-check-missing', severity: 'warn', file: WORKFLOW, line: lineOf(read(dir, WORKFLOW), 'jobs:') }];
    },
  },
  {
    name: 'the CI workflow is not valid YAML',
    given: (dir) => {
      edit(dir, WORKFLOW, (t) => t.replace('      - name: Install\n', '      - name: Install\n     bad: indent\n'));
      return [
        error(
          'ci-workflow-invalid',
          WORKFLOW,
          lineOf(read(dir, WORKFLOW), 'bad: indent'),
          'the CI workflow is not valid YAML: All mapping items must start at the same column',
        ),
      ];
    },
  },
  {
    name: 'the CI workflow is deleted',
    given: (dir) => {
      rmSync(join(dir, WORKFLOW));
      return [error('ci-workflow-missing', WORKFLOW, undefined, `the CI workflow ${WORKFLOW} (ci.workflow in ${POLICY}) does not exist`)];
    },
  },
  {
    name: 'without ci.workflow the workflow is not checked',
    given: (dir) => {
      rmSync(join(dir, WORKFLOW));
      editJson<{ ci: { workflow?: string } }>(dir, POLICY, (policy) => {
        delete policy.ci.workflow;
      });
      return [];
    },
  },
  {
    name: 'W5 release-readiness no longer verifies a CI command',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace('| Verify | `npm run design:check`, `npm run design:lint`, ', '| Verify | `npm run design:check`, '));
      return [
        error(
          'release-command-missing',
          PLAYBOOK,
          lineOf(read(dir, PLAYBOOK), '### W5 release-readiness'),
          `the release-readiness section "W5 release-readiness" does not mention "npm run design:lint" (ci.commands in ${POLICY}); a release must not skip a CI gate`,
        ),
      ];
    },
  },
  {
    name: 'the playbook has no release-readiness section',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace(/### W5 release-readiness\n[^#]*/, '').replace(/W5 release-readiness/g, 'release'));
      return [
        error('release-command-missing', PLAYBOOK),
        error('release-command-missing', PLAYBOOK),
        error('release-command-missing', PLAYBOOK),
      ];
    },
  },
  {
    name: 'the red-team output path is not in hookExclusions',
    given: (dir) => {
      editJson<{ hookExclusions: string[] }>(dir, POLICY, (policy) => {
        policy.hookExclusions = policy.hookExclusions.filter((g) => g !== 'redteam/**');
      });
      return [
        error(
          'red-team-not-excluded',
          POLICY,
          lineOf(read(dir, POLICY), '"outputPath"'),
          `the red-team output path "redteam/" is not excluded by hookExclusions in ${POLICY}; expected a glob such as "redteam/**"`,
        ),
      ];
    },
  },
  {
    name: 'the red-team output path is linted',
    given: (dir) => {
      editJson<{ lint: { include: string[]; exclude: string[] } }>(dir, 'dsctl.config.json', (config) => {
        config.lint.include = ['**/*.html'];
        config.lint.exclude = config.lint.exclude.filter((g) => g !== 'redteam/**');
      });
      return [error('red-team-not-excluded', 'dsctl.config.json', lineOf(read(dir, 'dsctl.config.json'), '"exclude"'))];
    },
  },
  {
    name: '.dsctl/ is no longer ignored',
    given: (dir) => {
      edit(dir, '.gitignore', (t) => t.replace('.dsctl/*\n!.dsctl/bin/\n', ''));
      return [error('dsctl-dir-not-ignored', '.gitignore', undefined, '.gitignore does not ignore .dsctl/; expected a line .dsctl/ so the run log and caches stay out of git')];
    },
  },
  {
    name: '/.dsctl counts as ignoring .dsctl/ (git\'s own rules: so do .dsctl/ and .dsctl/* with !.dsctl/bin/)',
    given: (dir) => {
      edit(dir, '.gitignore', (t) => t.replace('.dsctl/*\n!.dsctl/bin/\n', '# runtime\n/.dsctl\n'));
      return [];
    },
  },
  {
    name: 'un-ignoring all but the launcher still un-ignores the run log',
    given: (dir) => {
      edit(dir, '.gitignore', (t) => t.replace('!.dsctl/bin/\n', '!.dsctl/runs.jsonl\n'));
      return [error('dsctl-dir-not-ignored', '.gitignore', lineOf(read(dir, '.gitignore'), '!.dsctl/runs.jsonl'))];
    },
  },
  {
    name: 'a later negation un-ignores .dsctl/',
    given: (dir) => {
      edit(dir, '.gitignore', (t) => `${t}!.dsctl/*\n`);
      return [error('dsctl-dir-not-ignored', '.gitignore', lineOf(read(dir, '.gitignore'), '!.dsctl/*'))];
    },
  },
  {
    name: 'there is no .gitignore',
    given: (dir) => {
      rmSync(join(dir, '.gitignore'));
      return [error('dsctl-dir-not-ignored', '.gitignore')];
    },
  },
  {
    name: 'the automation levels are no longer named',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace(/Level ([123])/g, 'Tier $1'));
      return [
        {
          code: 'playbook-classification-wording',
          severity: 'warn',
          file: PLAYBOOK,
          message:
            'the playbook never says "Level 1", "Level 2", "Level 3"; expected the automation levels by name (Level 1, Level 2, Level 3) so workflow ids are not read as levels',
        },
      ];
    },
  },
  {
    name: 'one level is no longer named',
    given: (dir) => {
      edit(dir, PLAYBOOK, (t) => t.replace(/Level 3/g, 'Tier 3'));
      return [{ code: 'playbook-classification-wording', severity: 'warn', file: PLAYBOOK }];
    },
  },
  {
    name: 'the playbook is missing',
    given: (dir) => {
      rmSync(join(dir, PLAYBOOK));
      return [
        error(
          'playbook-missing',
          PLAYBOOK,
          undefined,
          `the loop playbook ${PLAYBOOK} does not exist (views.playbook-sections.path); every loop takes its limits from it`,
        ),
      ];
    },
  },
  {
    name: 'the playbook path comes from views.playbook-sections.path',
    given: (dir) => {
      editJson<{ views?: Record<string, unknown> }>(dir, 'dsctl.config.json', (config) => {
        config.views = { 'playbook-sections': { path: 'docs/playbook.md' } };
      });
      return [error('playbook-missing', 'docs/playbook.md')];
    },
  },
];

describe('runSelfDrift on the starter', () => {
  test.each(cases)('$name', ({ given, commands }) => {
    const dir = starterProject();
    const want = given(dir);
    const got = run(dir, commands);
    expect(shape(got, want)).toEqual(want);
    expect(got.every((f) => !f.fixable)).toBe(true);
  });
});

/** Mentions parsed from the Markdown tree: which places count, which lines are reported. */
const mentionCases: { name: string; md: string; want: [code: string, line: number, command?: string][]; commands?: string[] }[] = [
  {
    name: 'fenced code: the line of the mention inside the block',
    md: '# P\n\n```sh\nnpm run design:check\nnpm run nope -- --flag\ndsctl lint --baseline\n```\n',
    want: [['playbook-unknown-npm-script', 5]],
  },
  {
    name: 'tilde fence and indented code',
    md: '# P\n\n~~~\ndsctl check && dsctl frob\n~~~\n\n    npm run gone\n',
    want: [
      ['playbook-unknown-command', 4],
      ['playbook-unknown-npm-script', 7],
    ],
  },
  {
    name: 'npm run with arguments after --',
    md: '# P\n\nRun `npm run design:lint -- --baseline .design-baseline.json src/a.html`.\n',
    want: [],
  },
  {
    name: 'prose and file names are not mentions',
    md: '# P\n\ndsctl frobnicate is prose; npm run nope too. See `dsctl.config.json` and `node_modules/dsctl/schemas`.\n',
    want: [],
  },
  {
    name: 'plain text in a table cell is a mention',
    md: '# P\n\n| Check | Command |\n|---|---|\n| Drift | npm run design:drift |\n| Gone | npm run design:gone |\n',
    want: [['playbook-unknown-npm-script', 6]],
  },
  {
    name: 'the longest known command path wins; flags and arguments after it are fine',
    md: '# P\n\n`dsctl gate check --staged`, `npx dsctl lint src/a.html`, `dsctl gate`, `dsctl gate frob`, `dsctl init my-app`\n',
    commands: ['init', 'lint', 'gate check'],
    want: [['playbook-unknown-command', 3, 'gate frob']],
  },
  {
    name: 'a group-less unknown command with a suggestion',
    md: '# P\n\n\n`dsctl lnt src`\n',
    want: [['playbook-unknown-command', 4, 'lnt']],
  },
  {
    name: 'one finding per unknown command, at its first mention',
    md: '# P\n\n`dsctl frob`\n\n`dsctl frob --x`, `dsctl frob`\n',
    want: [['playbook-unknown-command', 3, 'frob']],
  },
  {
    name: 'a marker quoted in code is not a marker',
    md: '# P\n\n```md\n<!-- dsctl:marker brand-gate -->\n```\n',
    want: [],
  },
];

describe('runSelfDrift mentions', () => {
  test('without package.json every npm run mention is a finding', () => {
    const dir = starterProject();
    rmSync(join(dir, 'package.json'));
    const scripts = new Set(read(dir, PLAYBOOK).match(/(?<=npm run )design:[a-z]+/g));
    const got = run(dir);
    expect(scripts.size).toBeGreaterThan(2);
    expect(got).toHaveLength(scripts.size);
    expect(new Set(got.map((f) => f.code))).toEqual(new Set(['playbook-unknown-npm-script']));
    expect(got[0]?.message).toMatch(/^"npm run design:[a-z]+" names a package script, but the project has no package.json$/);
  });

  test.each(mentionCases)('$name', ({ md, want, commands }) => {
    const dir = starterProject();
    write(dir, PLAYBOOK, md);
    const got = run(dir, new Set(commands ?? COMMANDS)).filter((f) => f.code.startsWith('playbook-unknown-'));
    expect(got.map((f) => [f.code, f.line])).toEqual(want.map(([code, line]) => [code, line]));
    want.forEach(([, , command], i) => {
      if (command !== undefined) expect(got[i]?.message).toContain(`"${command}" is not a dsctl command`);
    });
  });

  test('a suggestion names the nearest command', () => {
    const dir = starterProject();
    write(dir, PLAYBOOK, '# P\n\n`dsctl lnt src`\n');
    const [first] = run(dir).filter((f) => f.code === 'playbook-unknown-command');
    expect(first?.message).toBe('"dsctl lnt src": "lnt" is not a dsctl command (did you mean "lint"?)');
  });
});

/** Which `run:` shapes run a command of the CI set. */
const runCases: { name: string; run: string; missing: boolean }[] = [
  { name: 'a whole line, quoted', run: '"npm run design:drift"', missing: false },
  { name: 'an && part', run: 'npm ci && npm run design:drift', missing: false },
  { name: 'a line of a multi-line run', run: '|\n          echo start\n          npm run design:drift\n          echo done', missing: false },
  { name: 'extra arguments are a different command', run: 'npm run design:drift -- --json', missing: true },
  { name: 'a longer script name', run: 'npm run design:drift-heal', missing: true },
  { name: 'a comment', run: '"# npm run design:drift"', missing: true },
];

describe('runSelfDrift CI runs', () => {
  test.each(runCases)('$name', ({ run: command, missing }) => {
    const dir = starterProject();
    edit(dir, WORKFLOW, (t) => t.replace('run: npm run design:drift', `run: ${command}`));
    const got = run(dir).filter((f) => f.code === 'ci-command-missing');
    expect(got.map((f) => f.message.match(/"([^"]+)"/)?.[1])).toEqual(missing ? ['npm run design:drift'] : []);
  });
});
