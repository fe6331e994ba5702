import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';
import { runAuditVerify } from './audit.js';
import { runCheck } from './check.js';
import type { CommandContext } from './context.js';
import { DEMO_AGENT_SCRIPT, DEMO_PROTECTED_WRITE, DEMO_TARGET, DEMO_TOKEN_CHANGE } from './demo-script.js';
import { runDrift } from './drift.js';
import { runHook } from './hook.js';
import { runInit } from './init.js';
import { runLint } from './lint.js';
import { runHeal, runWorkflow } from './run-workflow.js';
import { detectSandbox } from '../sandbox/sandbox.js';
import { runSandboxCommand } from './sandbox.js';

interface Step {
  readonly title: string;
  /** The exit code the step must end with for the story to be right. */
  readonly expect: number;
  readonly run: (ctx: CommandContext) => number | Promise<number>;
}

const SCRIPT_FILE = '.dsctl/demo/agent-script.json';

/**
 * `dsctl demo [dir]`: the whole story on the starter, offline. Each step is a real command; the demo
 * fails if any step ends otherwise than the story says (a violation page that lints clean is a bug).
 */
export async function runDemo(ctx: CommandContext, dir: string | undefined): Promise<number> {
  const target = resolve(ctx.io.cwd, dir ?? mkdtempSync(join(tmpdir(), 'dsctl-demo-')));
  const inProject: CommandContext = { ...ctx, io: { ...ctx.io, cwd: target }, configPath: undefined };
  const c = ctx.io.err;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=dsctl demo', '-c', 'user.email=demo@dsctl.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: target, stdio: ['ignore', 'pipe', 'pipe'] });
  // Without bubblewrap (a fresh machine) the story runs unsandboxed, and says so: the guard still holds.
  const sandboxed = detectSandbox().ok;
  const steps: Step[] = [
    { title: `dsctl init ${target}`, expect: 0, run: () => runInit(ctx, target, { hint: false }) },
    { title: 'dsctl check — every contract valid', expect: 0, run: (x) => runCheck(x, {}) },
    {
      title: 'dsctl lint examples/violations-settings.html — seeded violations, each with its place and alternative',
      expect: 1,
      run: (x) => runLint(x, ['examples/violations-settings.html'], {}),
    },
    { title: 'dsctl lint --baseline — only findings nobody accepted fail', expect: 0, run: (x) => runLint(x, [], { baseline: true }) },
    {
      title: 'git init && git commit — the starter as a repository (drift repair compares against it)',
      expect: 0,
      run: () => {
        git('init', '-q');
        git('add', '-A');
        git('commit', '-qm', 'Tessera starter');
        return 0;
      },
    },
    {
      title: `dsctl run ui-self-repair --target ${DEMO_TARGET} --agent scripted — an agent writes a page, lint feeds back, two repairs${sandboxed ? ' (each agent stage inside the OS sandbox)' : ' (no bubblewrap here: --allow-unsandboxed, the guard still checks)'}`,
      expect: 0,
      run: (x) => {
        writeFileAtomic(join(target, SCRIPT_FILE), `${JSON.stringify(DEMO_AGENT_SCRIPT, null, 2)}\n`);
        return runWorkflow(x, 'ui-self-repair', { target: DEMO_TARGET, prompt: 'A billing page: the plan renewal date and a button to change plan', agent: 'scripted', script: SCRIPT_FILE, allowUnsandboxed: !sandboxed });
      },
    },
    ...(sandboxed
      ? [
          {
            title: "dsctl sandbox -- sh -c 'f=design/contracts/rules.json; echo {} > $f' — a path no hook can read, refused by the OS",
            expect: 2,
            run: (x: CommandContext) => runSandboxCommand(x.io, ['--', 'sh', '-c', 'f=design/contracts/rules.json; echo {} > $f']),
          },
        ]
      : []),
    {
      title: 'dsctl hook claude pre-tool-use — an agent tries `cd design && sed -i … contracts/tokens.json`: denied',
      expect: 2,
      run: (x) => runHook({ ...x, io: { ...x.io, readStdin: async () => JSON.stringify({ ...DEMO_PROTECTED_WRITE, cwd: target }) } }, 'claude', 'pre-tool-use'),
    },
    {
      title: `a person reviews the page, changes a token (${DEMO_TOKEN_CHANGE.path}) and commits both; dsctl drift — the generated views are stale`,
      expect: 1,
      run: (x) => {
        const path = join(target, DEMO_TOKEN_CHANGE.path);
        writeFileSync(path, readFileSync(path, 'utf8').replace(DEMO_TOKEN_CHANGE.from, DEMO_TOKEN_CHANGE.to));
        git('add', '-A');
        git('commit', '-qm', 'Billing page (brand-reviewed); darker neutral 600');
        return runDrift(x, {});
      },
    },
    { title: 'dsctl drift --heal — W2 regenerates the views, checks again, leaves the commit to a person', expect: 0, run: (x) => runHeal(x, {}) },
    { title: 'dsctl audit verify — every run left one hash-chained record', expect: 0, run: (x) => runAuditVerify(x, {}) },
  ];
  for (const [i, step] of steps.entries()) {
    ctx.io.stderr(`\n${c.bold(c.cyan(`[${i + 1}/${steps.length}]`))} ${c.bold(step.title)}\n`);
    let code: number;
    try {
      code = await step.run(inProject);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && String((error as Error).message).includes('git')) {
        ctx.io.stderr(`${c.red('✖')} the demo needs git on PATH for this step\n`);
        return 1;
      }
      throw error;
    }
    if (code !== step.expect) {
      ctx.io.stderr(`${c.red('✖')} expected exit ${step.expect}, got ${code}: the demo stops here\n`);
      return 1;
    }
  }
  ctx.io.stderr(
    [
      '',
      `${c.green('✔')} demo complete. What happened, and where it is (in ${target}):`,
      `  • ${DEMO_TARGET}: written by the agent, repaired twice, a lint-clean draft that still needs a person's brand review`,
      sandboxed
        ? `  • design/contracts/: untouched by the agent (its stages ran in the OS sandbox, a write through a variable got a read-only file system, the hook denied another)`
        : `  • design/contracts/: untouched by the agent (the hook denied the write; the runner's guard checks every stage — install bubblewrap for the OS sandbox)`,
      `  • the generated views (DESIGN.md front matter, design/generated/*, llms-full.txt): regenerated by W2, not committed`,
      `  • .dsctl/runs.jsonl: the audit log, one record per run (dsctl audit tail); .dsctl/runs/<run-id>/: each run's state and prompts`,
      `  • next: dsctl workflows · dsctl hooks install --claude · git diff`,
      '',
    ].join('\n'),
  );
  return 0;
}
