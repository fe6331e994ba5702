import type { Problem } from '../diagnostics/problem.js';
import type { GateCheckResult, GateViolation, SoftGateFlag } from './gate-check.js';
import { softGateById } from './soft-gates/index.js';

/** Where the checked changes came from, for the words around the findings. */
export type GateScope = { readonly kind: 'staged' } | { readonly kind: 'range'; readonly range: string } | { readonly kind: 'paths' };

/** What changed, in a few words: `modified`, `mode-changed (mode 100644 → 100755)`. */
export function describeChange(h: Pick<GateViolation, 'change' | 'detail'>): string {
  return h.detail === undefined ? h.change : `${h.change} (${h.detail})`;
}

/** The findings that fail the check: every hard-gate change, and the soft flags of blocking gates. */
export function blockingCount(result: GateCheckResult): number {
  return result.hard.length + result.soft.filter((s) => s.blocking).length;
}

/** What a soft flag asks of a person, after its reason: `a person must decide`. */
export function softVerdict(s: Pick<SoftGateFlag, 'needs' | 'blocking'>): string {
  if (!s.blocking) return 'for a person to review; does not block';
  return s.needs === 'human' ? 'a person must judge it' : 'a person must decide';
}

/** How a person proceeds past a hard gate, by where the check ran. */
export function personPath(scope: GateScope): string[] {
  if (scope.kind === 'staged') {
    return [
      'Only a person may change these paths. If you are that person and the change is intended:',
      '  1. review it: git diff --cached',
      '  2. approve this exact staged tree in your own terminal (never through an agent): dsctl gate approve --staged',
      '  3. commit again; any further change to the staged files needs a new approval.',
      'Otherwise take it out of the commit: git restore --staged <path> (and git restore <path> to drop it).',
    ];
  }
  if (scope.kind === 'range') {
    return [
      'Only a person may change these paths. A code owner of each gated path (.github/CODEOWNERS, generated from the',
      "gates' owners) reviews the pull request; if the owning team approves the change on purpose, one of them merges it",
      'past this check (the branch ruleset lets only that team bypass it). Otherwise revert these changes.',
    ];
  }
  return ['Only a person may change these paths.'];
}

/**
 * The check's findings in dsctl's one finding shape: a hard-gate change is an error (a note once a
 * person approved it), a blocking soft flag an error, one that does not block a note for a person.
 */
export function gateProblems(result: GateCheckResult, approvedBy?: string): Problem[] {
  return [
    ...result.hard.map(
      (h): Problem => ({
        severity: approvedBy === undefined ? 'error' : 'info',
        code: `hard-gate/${h.gate}`,
        message: `${describeChange(h)}: ${h.reason}`,
        file: h.path,
        ...(approvedBy === undefined ? {} : { hint: `approved by ${approvedBy}` }),
      }),
    ),
    ...result.soft.map(
      (s): Problem => ({
        severity: !s.blocking ? 'info' : approvedBy === undefined ? 'error' : 'info',
        code: `soft-gate/${s.gate}`,
        message: s.reason,
        file: s.path,
        hint: approvedBy === undefined || !s.blocking ? softVerdict(s) : `approved by ${approvedBy}`,
      }),
    ),
  ];
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** A Markdown job summary (for `$GITHUB_STEP_SUMMARY`): gate, path, change and reason of every finding. */
export function gateSummaryMarkdown(result: GateCheckResult, scope: GateScope, approvedBy?: string): string {
  const where = scope.kind === 'range' ? ` in ${code(scope.range)}` : scope.kind === 'staged' ? ' in the staged changes' : '';
  const out: string[] = [];
  const notRun = result.skipped.map((k) => `Soft gate ${code(k.gate)} did not run: ${k.reason}.`);
  const blocking = blockingCount(result);
  if (blocking + result.soft.length === 0) {
    out.push(`## dsctl gate check: no gate touched`, '', `${result.changes.length} changed path(s)${where}; none is hard-gated and no soft gate flags any.`);
    if (notRun.length) out.push('', ...notRun);
    return `${out.join('\n')}\n`;
  }
  const title = blocking === 0 ? 'passed, for a person to review' : approvedBy === undefined ? 'blocked' : `approved by ${approvedBy}`;
  out.push(`## dsctl gate check: ${title}`, '', `${result.hard.length} hard-gate change(s) and ${result.soft.length} soft-gate flag(s)${where}.`, '');
  if (result.hard.length) {
    out.push('| Gate | Path | Change | Reason |', '|---|---|---|---|');
    for (const h of result.hard) out.push(`| ${code(h.gate)} | ${code(h.path)} | ${cell(describeChange(h))} | ${cell(h.reason)} |`);
    out.push('');
  }
  if (result.soft.length) {
    out.push('| Soft gate | Path | Why a person decides | Needs |', '|---|---|---|---|');
    for (const s of result.soft) out.push(`| ${code(s.gate)} | ${code(s.path)} | ${cell(s.reason)} | ${cell(softVerdict(s))} |`);
    out.push('');
  }
  if (notRun.length) out.push(...notRun, '');
  if (blocking > 0) out.push(...personPath(scope).map((line) => line.trim()));
  while (out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** The escalation payload of a failed check (the playbook's fields but run_id): what stopped, the evidence, the question. */
export function gateEscalation(result: GateCheckResult) {
  const blocking = result.soft.filter((s) => s.blocking);
  const unique = (texts: (string | undefined)[]) => [...new Set(texts.filter((t): t is string => t !== undefined))];
  const meta = (s: SoftGateFlag) => softGateById(s.gate)?.meta;
  const softEvidence = (s: SoftGateFlag) => `${s.path}: ${s.reason} (soft gate "${s.gate}"${s.needs === 'human' ? ', needs: human' : ''}${s.blocking ? '' : ', does not block'})`;
  return {
    workflow: 'gate-check',
    stuck_reason: result.hard.length ? 'a change touches paths only a person may change' : unique(blocking.map((s) => meta(s)?.stuck)).join('; ') || 'a change needs a person',
    severity: result.hard.length ? ('blocking' as const) : ('error' as const),
    proposed_diff: result.changes.map((c) => (c.from ? `${c.from} → ${c.path}` : c.path)).join('\n'),
    evidence: [...result.hard.map((h) => `${h.path}: ${describeChange(h)}, hard gate "${h.gate}" (${h.reason})`), ...result.soft.map(softEvidence)],
    human_question: result.hard.length ? 'Should these protected files change? If so, a person makes the change.' : unique(blocking.map((s) => meta(s)?.question)).join(' ') || 'Are these changes intended?',
  };
}
