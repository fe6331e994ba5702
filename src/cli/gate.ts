import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { chooseFormatter, FORMATTERS } from '../diagnostics/formatters/index.js';
import { sortProblems } from '../diagnostics/problem.js';
import { byFile, type Formatter } from '../diagnostics/results.js';
import { UserError } from '../diagnostics/user-error.js';
import { agentMarkersIn } from '../governance/agent-markers.js';
import { approvalCovers, findApproval, gitIdentity, recordApproval, stagedTree, type GateApproval } from '../governance/gate-approval.js';
import { checkGates, type GateCheckResult, type GateSource } from '../governance/gate-check.js';
import { blockingCount, gateEscalation, gateProblems, gateSummaryMarkdown, personPath, type GateScope } from '../governance/gate-report.js';
import { git } from '../io/git.js';
import { loadPolicy, type LoadedPolicy } from '../project/policy.js';
import type { CommandContext } from './context.js';
import { printFindings } from './output.js';

export interface GateCheckOptions {
  readonly staged?: boolean;
  readonly range?: string;
  readonly json?: boolean;
  readonly format?: string;
  readonly summary?: string;
}

/** `A..B` (A's tree against B's) or `A...B` (the merge base of A and B against B, as in git diff). */
function parseRange(range: string): { from: string; to: string; mergeBase: boolean } {
  const match = /^(.+?)(\.\.\.?)(.+)$/.exec(range);
  if (!match || (match[3] as string).startsWith('.')) throw new UserError('usage/range', `--range expects A..B or A...B, got "${range}"`);
  return { from: match[1] as string, to: match[3] as string, mergeBase: match[2] === '...' };
}

/** The approval of the current staged tree that covers every finding, or why there is none. */
function stagedApproval(loaded: LoadedPolicy, result: GateCheckResult): { approval?: GateApproval; problem?: string } {
  const top = git(loaded.root, ['rev-parse', '--show-toplevel'], 'gate/git').trim();
  const tree = stagedTree(top);
  const found = findApproval(top, tree, resolve(loaded.root, loaded.policy.runLog));
  if (found.status === 'none') return {};
  if (found.status === 'invalid') return { problem: found.reason };
  if (!approvalCovers(found.approval, result)) return { problem: `the approval of tree ${tree.slice(0, 12)} does not list every gated change now found (index flags or hidden files changed since)` };
  return { approval: found.approval };
}

/**
 * `dsctl gate check [--staged | --range A..B | paths…]`: exit 1 when a change touches a hard gate or a
 * blocking soft gate of policy.softGates flags it (test weakening, a rule change, …), unless (for
 * `--staged`) a person approved this exact staged tree with `dsctl gate approve`.
 * `--format github` adds workflow-command annotations; `--summary FILE` appends a Markdown job summary.
 */
export async function runGateCheck(ctx: CommandContext, paths: readonly string[], options: GateCheckOptions): Promise<number> {
  const modes = [options.staged === true, options.range !== undefined, paths.length > 0].filter(Boolean).length;
  if (modes !== 1) throw new UserError('usage/gate', 'give exactly one of --staged, --range A..B or paths');
  const formatter = chooseFormatter(options);
  const loaded = await loadPolicy({ cwd: ctx.io.cwd, configPath: ctx.configPath });
  let source: GateSource;
  let scope: GateScope;
  if (options.range !== undefined) {
    source = { kind: 'range', ...parseRange(options.range) };
    scope = { kind: 'range', range: options.range };
  } else if (options.staged) {
    source = { kind: 'staged' };
    scope = { kind: 'staged' };
  } else {
    source = { kind: 'paths', paths };
    scope = { kind: 'paths' };
  }
  const result = checkGates(loaded, source);
  const blocking = blockingCount(result);
  const touched = blocking > 0;
  const { approval, problem } = touched && source.kind === 'staged' ? stagedApproval(loaded, result) : {};
  const failed = touched && approval === undefined;
  const approvedBy = approval ? `${approval.approved_by.name} <${approval.approved_by.email}>` : undefined;

  // An empty --summary is what "$GITHUB_STEP_SUMMARY" gives outside GitHub Actions: no summary then.
  if (options.summary !== undefined && options.summary !== '') {
    const file = resolve(ctx.io.cwd, options.summary);
    try {
      // GitHub's step summary is appended to by every step; appending is its contract.
      appendFileSync(file, gateSummaryMarkdown(result, scope, approvedBy));
    } catch (error) {
      throw new UserError('gate/summary', `cannot append the summary to ${options.summary}: ${(error as Error).message}`, { location: { file: options.summary } });
    }
  }
  const escalation = failed ? gateEscalation(result) : null;
  const data = { ...result, escalation, approval: approval ?? null, ...(problem === undefined ? {} : { approvalProblem: problem }) };
  printFindings(ctx.io, formatter, byFile(sortProblems(gateProblems(result, approvedBy))), { command: 'gate-check', ok: !failed, data });
  if (formatter.id !== 'stylish') return failed ? 1 : 0;
  const e = ctx.io.err;
  for (const k of result.skipped) ctx.io.stderr(`${e.dim(`- soft gate ${k.gate} did not run: ${k.reason}`)}\n`);
  if (!touched) {
    const review = result.soft.length ? `; ${result.soft.length} soft-gate flag(s) for a person to review` : '';
    ctx.io.stderr(`${e.green('✔')} ${result.changes.length} change(s), ${review ? 'no gate blocks' : 'no gate touched'}${review}\n`);
    return 0;
  }
  if (approval) {
    ctx.io.stderr(`${e.green('✔')} ${blocking} gated change(s) pass: this staged tree was approved by ${approvedBy} at ${approval.approved_at} (dsctl gate approve, audit run ${approval.run_id})\n`);
    return 0;
  }
  const lines = [`${e.red('✖')} ${result.hard.length} protected path(s), ${blocking - result.hard.length} soft-gate flag(s) a person must decide`];
  if (problem) lines.push(`${e.yellow('!')} an approval was found but not honoured: ${problem}`);
  lines.push(...personPath(scope));
  ctx.io.stderr(`${lines.join('\n')}\n`);
  return 1;
}

export interface GateApproveOptions {
  readonly staged?: boolean;
}

/** Whether standard input and output are a terminal: injectable so the refusals can be tested in-process. */
export interface Terminal {
  readonly interactive: boolean;
  ask(question: string): Promise<string>;
}

export function processTerminal(): Terminal {
  return {
    interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
    async ask(question) {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
  };
}

/**
 * `dsctl gate approve --staged`: a person, at a terminal, passes the hard gates for this exact staged
 * tree. Refused (exit 2) without a terminal, inside `dsctl sandbox`, under the loop runner and when an
 * agent's session variables are set. Exit 0 approved (or nothing to approve), 1 declined.
 */
export async function runGateApprove(ctx: CommandContext, options: GateApproveOptions, terminal: Terminal = processTerminal()): Promise<number> {
  if (!options.staged) throw new UserError('usage/gate', 'dsctl gate approve needs --staged: it approves the staged tree the next commit records');
  const markers = agentMarkersIn(ctx.io.env);
  if (markers.length) {
    throw new UserError('gate/approve-refused', `dsctl gate approve is for a person, and ${markers.map((m) => `${m.variable} (${m.who})`).join(', ')} ${markers.length === 1 ? 'is' : 'are'} set: an agent or dsctl's own automation cannot pass a gate`, {
      details: ['run it yourself, in a terminal outside the agent, the sandbox and the loop runner'],
    });
  }
  if (!terminal.interactive) {
    throw new UserError('gate/approve-no-tty', 'dsctl gate approve needs a terminal on standard input and output: a person confirms each approval', {
      details: ['run it yourself in an interactive terminal; it cannot be piped or scripted'],
    });
  }
  const loaded = await loadPolicy({ cwd: ctx.io.cwd, configPath: ctx.configPath });
  const top = git(loaded.root, ['rev-parse', '--show-toplevel'], 'gate/git').trim();
  const tree = stagedTree(top);
  const result = checkGates(loaded, { kind: 'staged' });
  const e = ctx.io.err;
  if (blockingCount(result) === 0) {
    ctx.io.stderr(`${e.green('✔')} no staged change touches a gate: nothing to approve\n`);
    return 0;
  }
  const identity = gitIdentity(top);
  if (!identity) throw new UserError('gate/approve-identity', 'git user.name is not set: an approval records who approved it', { details: ['git config user.name "Your Name" && git config user.email you@example.com'] });
  // The question goes to the terminal with what it is about: the same findings `gate check` shows.
  const findings = (FORMATTERS['stylish'] as Formatter).format(byFile(sortProblems(gateProblems(result))), { command: 'gate-approve', ok: false, data: null, toolVersion: '', colors: e });
  ctx.io.stderr(`The staged tree ${tree.slice(0, 12)} changes gated paths:\n${findings}Approving records ${identity.name} <${identity.email}> in the audit log (${loaded.policy.runLog}).\n`);
  const answer = (await terminal.ask('Approve these changes as a person? [y/N] ')).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') {
    ctx.io.stderr(`${e.yellow('!')} not approved; nothing was recorded\n`);
    return 1;
  }
  if (stagedTree(top) !== tree) {
    ctx.io.stderr(`${e.yellow('!')} the staged changes changed while you decided; nothing was recorded: run dsctl gate approve --staged again\n`);
    return 1;
  }
  const { approval, file } = await recordApproval({ top, runLog: resolve(loaded.root, loaded.policy.runLog), tree, identity, result });
  ctx.io.stderr(`${e.green('✔')} approved tree ${tree.slice(0, 12)} (${approval.covers.length} gated change(s)) as ${identity.name}; audit run ${approval.run_id}, ${file}\nCommit now; a change to the staged files needs a new approval.\n`);
  return 0;
}
