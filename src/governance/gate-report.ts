import type { GateCheckResult, GateViolation } from './gate-check.js';

/** Where the checked changes came from, for the words around the findings. */
export type GateScope = { readonly kind: 'staged' } | { readonly kind: 'range'; readonly range: string } | { readonly kind: 'paths' };

/** What changed, in a few words: `modified`, `mode-changed (mode 100644 → 100755)`. */
export function describeChange(h: Pick<GateViolation, 'change' | 'detail'>): string {
  return h.detail === undefined ? h.change : `${h.change} (${h.detail})`;
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

// GitHub Actions workflow command escaping (actions/toolkit packages/core/src/command.ts).
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=…,title=…::…` for each hard-gate change, `::warning` for each soft flag. */
export function gateAnnotations(result: GateCheckResult): string {
  const lines = [
    ...result.hard.map((h) => `::error file=${property(h.path)},title=${property(`Hard gate ${h.gate}`)}::${data(`${describeChange(h)}: ${h.reason}`)}`),
    ...result.soft.map((s) => `::warning file=${property(s.path)},title=${property(`Soft gate ${s.gate}`)}::${data(`${s.reason}; a person must decide`)}`),
  ];
  return lines.length ? `${lines.join('\n')}\n` : '';
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** A Markdown job summary (for `$GITHUB_STEP_SUMMARY`): gate, path, change and reason of every finding. */
export function gateSummaryMarkdown(result: GateCheckResult, scope: GateScope, approvedBy?: string): string {
  const where = scope.kind === 'range' ? ` in ${code(scope.range)}` : scope.kind === 'staged' ? ' in the staged changes' : '';
  const out: string[] = [];
  if (result.hard.length + result.soft.length === 0) {
    out.push(`## dsctl gate check: no gate touched`, '', `${result.changes.length} changed path(s)${where}; none is hard-gated and no test is weakened.`);
    return `${out.join('\n')}\n`;
  }
  const title = approvedBy === undefined ? 'blocked' : `approved by ${approvedBy}`;
  out.push(`## dsctl gate check: ${title}`, '', `${result.hard.length} hard-gate change(s) and ${result.soft.length} test-weakening change(s)${where}.`, '');
  if (result.hard.length) {
    out.push('| Gate | Path | Change | Reason |', '|---|---|---|---|');
    for (const h of result.hard) out.push(`| ${code(h.gate)} | ${code(h.path)} | ${cell(describeChange(h))} | ${cell(h.reason)} |`);
    out.push('');
  }
  if (result.soft.length) {
    out.push('| Soft gate | Path | Why a person decides |', '|---|---|---|');
    for (const s of result.soft) out.push(`| ${code(s.gate)} | ${code(s.path)} | ${cell(s.reason)} |`);
    out.push('');
  }
  out.push(...personPath(scope).map((line) => line.trim()));
  return `${out.join('\n')}\n`;
}
