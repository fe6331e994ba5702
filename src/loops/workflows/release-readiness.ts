import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UserError } from '../../diagnostics/user-error.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { isGitWorkTree, uncommittedPaths } from '../../io/git.js';
import { fencedBlock } from '../../views/markdown-fence.js';
import { CATALOG } from '../catalog.js';
import { mcpSmoke, packSmoke, tailOf, type CheckResult } from '../release-checks.js';
import type { RunContext, Workflow, WorkflowOutcome } from '../workflow.js';

export interface ReleaseReadinessParams {
  /** Absolute path of the dsctl entry point whose `mcp` is booted (the CLI passes the running binary); default `node_modules/.bin/dsctl`. */
  readonly dsctlBin?: string;
}

export const REPORT_JSON = '.dsctl/reports/release-readiness.json';
export const REPORT_MD = '.dsctl/reports/release-readiness.md';
const HUMAN_ACTIONS = 'Publishing, tagging and pushing were not done: they stay human actions.';
const RUNTIME = /^\.dsctl\//;

/**
 * W5, a deterministic pipeline: every CI command of the policy, an npm pack smoke and an MCP boot smoke,
 * then a readiness report. A failing check is a release blocker for a person to weigh, not a crash, so
 * every check runs and the run escalates. It never publishes, tags or pushes.
 */
export const releaseReadiness: Workflow<ReleaseReadinessParams> = {
  ...CATALOG['release-readiness'],

  parseParams(raw, project) {
    if (raw.dsctlBin === undefined || raw.dsctlBin === '') return {};
    const bin = resolve(raw.cwd ?? project.root, raw.dsctlBin);
    if (!existsSync(bin)) throw new UserError('run/params', `the dsctl binary ${raw.dsctlBin} does not exist: the MCP smoke boots it`);
    return { dsctlBin: bin };
  },

  async run(ctx, params) {
    const root = ctx.root;
    const inGit = await ctx.step('git-work-tree', () => isGitWorkTree(root));
    const dirty = () => uncommittedPaths(root, 'run/git').filter((p) => !RUNTIME.test(p));
    const before = inGit ? await ctx.step('worktree-before', dirty, { command: 'git status --porcelain' }) : [];

    const checks: CheckResult[] = [];
    const { commands } = ctx.policy.ci;
    if (commands.length === 0) {
      checks.push({ name: 'ci-commands', command: 'policy.ci.commands', passed: false, exitCode: null, durationMs: 0, reason: 'policy.ci.commands is empty: no CI gate defines what must pass before a release', tail: '' });
    }
    for (const [i, command] of commands.entries()) {
      ctx.progress(`${command}…`);
      const ran = await ctx.shell(`ci-${i + 1}`, command);
      checks.push({
        name: `ci-${i + 1}`,
        command,
        passed: ran.exitCode === 0,
        exitCode: ran.exitCode,
        durationMs: ran.durationMs,
        reason: ran.exitCode === 0 ? 'exit 0' : `exited ${ran.exitCode}`,
        tail: ran.tail,
      });
    }
    ctx.progress('npm pack smoke…');
    checks.push(await ctx.step('pack-smoke', () => packSmoke(root), { command: 'npm pack --json' }));
    const bin = params.dsctlBin ?? join(root, 'node_modules', '.bin', 'dsctl');
    ctx.progress('MCP boot smoke…');
    checks.push(await ctx.step('mcp-smoke', () => mcpSmoke(root, bin), { command: `dsctl mcp` }));

    const after = inGit ? await ctx.step('worktree-after', dirty, { command: 'git status --porcelain' }) : [];
    const changedPaths = after.filter((p) => !before.includes(p));
    const ready = checks.every((c) => c.passed);
    writeReports(ctx, checks, ready, changedPaths);
    return outcome(checks, ready, changedPaths);
  },
};

function projectPackage(root: string): { name: string | null; version: string | null } {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    return { name: typeof pkg.name === 'string' ? pkg.name : null, version: typeof pkg.version === 'string' ? pkg.version : null };
  } catch {
    return { name: null, version: null };
  }
}

function writeReports(ctx: RunContext, checks: readonly CheckResult[], ready: boolean, changedPaths: readonly string[]): void {
  const pkg = projectPackage(ctx.root);
  const report = {
    schema: 'dsctl.release-readiness/v1',
    run_id: ctx.runId,
    generated_at: new Date().toISOString(),
    package: pkg,
    ready,
    checks: checks.map((c) => ({ name: c.name, command: c.command, passed: c.passed, exit_code: c.exitCode, duration_ms: c.durationMs, reason: c.reason, tail: c.tail, ...(c.details ? { details: c.details } : {}) })),
    changed_paths: changedPaths,
    human_actions: HUMAN_ACTIONS,
  };
  writeFileAtomic(join(ctx.root, REPORT_JSON), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(join(ctx.root, REPORT_MD), renderMarkdown(ctx.runId, pkg, checks, ready, changedPaths));
}

function renderMarkdown(runId: string, pkg: { name: string | null; version: string | null }, checks: readonly CheckResult[], ready: boolean, changedPaths: readonly string[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const out = [
    `# Release readiness: ${pkg.name ?? 'this project'}${pkg.version ? ` ${pkg.version}` : ''}`,
    '',
    `**${ready ? 'Ready' : 'Not ready'}** · run \`${runId}\` · ${checks.filter((c) => c.passed).length} of ${checks.length} check(s) passed`,
    '',
    `> ${HUMAN_ACTIONS}`,
    '',
    '| Check | Command | Result | Duration | Detail |',
    '|---|---|---|---|---|',
    ...checks.map((c) => `| ${c.name} | \`${cell(c.command)}\` | ${c.passed ? 'pass' : '**fail**'} | ${(c.durationMs / 1000).toFixed(1)} s | ${cell(c.reason)} |`),
    '',
  ];
  for (const c of checks) {
    if (c.tail === '') continue;
    out.push(`## ${c.name}: ${c.passed ? 'pass' : 'fail'}`, '', `\`${c.command}\``, '', fencedBlock(c.tail, 'text'), '');
  }
  out.push('## Changed paths', '', ...(changedPaths.length ? changedPaths.map((p) => `- \`${p}\``) : ['_none_']), '');
  return out.join('\n');
}

function outcome(checks: readonly CheckResult[], ready: boolean, changedPaths: readonly string[]): WorkflowOutcome {
  const failing = checks.filter((c) => !c.passed);
  const smoke = checks.filter((c) => c.name === 'pack-smoke' || c.name === 'mcp-smoke').map((c) => `${c.name}: ${c.passed ? 'pass' : 'FAIL'}: ${c.reason}`);
  const result = {
    ready,
    report: REPORT_JSON,
    reportMarkdown: REPORT_MD,
    checks: checks.map((c) => ({ name: c.name, command: c.command, passed: c.passed, durationMs: c.durationMs, reason: c.reason, ...(c.details ? { details: c.details } : {}) })),
    humanActions: HUMAN_ACTIONS,
  };
  if (ready) {
    return {
      status: 'passed',
      summary: `ready: ${checks.length} check(s) passed; publishing stays a human action (report: ${REPORT_MD})`,
      attempts: checks.length,
      changedPaths,
      result,
    };
  }
  return {
    status: 'escalated',
    summary: `not ready: ${failing.length} of ${checks.length} check(s) failed (${failing.map((c) => c.name).join(', ')}); report: ${REPORT_MD}`,
    attempts: checks.length,
    changedPaths,
    escalation: {
      stuck_reason: `${failing.length} release check(s) failed: ${failing.map((c) => c.command).join('; ')}`,
      severity: 'error',
      proposed_diff: `${REPORT_MD} (readiness report)`,
      evidence: [
        ...failing.map((c) => `${c.command}: ${c.reason}${c.tail ? `\n${tailOf(c.tail, 20)}` : ''}`),
        ...smoke,
        ...changedPaths.map((p) => `changed: ${p}`),
      ],
      human_question: `The release is blocked by ${failing.map((c) => c.name).join(', ')}. Fix and re-run release readiness, or does a person decide to release anyway? ${HUMAN_ACTIONS}`,
    },
    result,
  };
}
