import type { ArmSummary, HistoryEntry } from './history-schema.js';

/** The human report (report.md) of a run: the same numbers as summary.json, with what they do not say. */

export const SCRIPTED_STAMP = 'scripted — not evidence';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const num = (n: number) => n.toFixed(3);
const usd = (n: number | null) => (n === null ? '—' : `$${n.toFixed(4)}`);
const opt = (n: number | undefined) => (n === undefined ? '—' : num(n));

export function renderReport(entry: HistoryEntry, extra: { readonly title?: string; readonly incomplete?: string; readonly notes?: readonly string[] } = {}): string {
  const lines: string[] = [];
  lines.push(`# ${extra.title ?? 'Benchmark report'}`, '');
  if (entry.scripted) lines.push(`> **${SCRIPTED_STAMP}.** The scripted provider replays canned answers: this report checks the pipeline, it measures nothing, and it never enters design/benchmarks/history.json.`, '');
  if (extra.incomplete) lines.push(`> **Incomplete:** ${extra.incomplete}`, '');
  lines.push(`- Protocol id: \`${entry.protocolId}\` (compare only with reports of the same id)`);
  lines.push(`- Provider: ${entry.provider}, model: ${entry.model}`);
  lines.push(`- Ran at: ${entry.ranAt}${entry.shard ? `, shard ${entry.shard}` : ''}`);
  if (entry.baseline) lines.push(`- Baseline condition: ${entry.baseline}`);
  lines.push('');
  if (entry.kind === 'conditions') {
    lines.push('| condition | trials | mean | sd | 95% CI | pass rate | pass@k | pass^k | refusals | provider errors | cost | tokens |');
    lines.push('|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of entry.conditions) {
      lines.push(`| ${c.condition} | ${c.trials} | ${num(c.mean)} | ${num(c.sd)} | [${num(c.ci95[0])}, ${num(c.ci95[1])}] | ${pct(c.passRate)} | ${opt(c.passAtK)} | ${opt(c.passHatK)} | ${c.refusals} | ${c.providerErrors} | ${usd(c.costUsd)} | ${c.tokens} |`);
    }
    lines.push('');
    if (entry.lifts.length || entry.liftsNotShown?.length) {
      lines.push(`## Paired lift over ${entry.baseline ?? 'the baseline'}`, '', 'One pair per prompt (its mean score under each condition); the interval is a t interval over the pairs.', '');
      lines.push('| condition | lift | 95% CI | pairs |', '|---|---:|---|---:|');
      for (const l of entry.lifts) lines.push(`| ${l.condition} | ${l.lift >= 0 ? '+' : ''}${num(l.lift)} | [${num(l.ci95[0])}, ${num(l.ci95[1])}] | ${l.pairs} |`);
      for (const l of entry.liftsNotShown ?? []) lines.push(`| ${l.condition} | not shown: ${l.reason} | | |`);
      lines.push('');
    }
    lines.push('Scores are in [0, 1]: lint errors (weight 2), warnings, required and forbidden patterns, positive signals. Refusals and provider errors are counted apart and not scored. Trials are independent: no answer is cached or reused.');
  } else {
    lines.push(...armTable(entry.arms));
  }
  for (const note of extra.notes ?? []) lines.push('', note);
  return `${lines.join('\n')}\n`;
}

export function armTable(arms: readonly ArmSummary[]): string[] {
  const lines = ['| arm | risk | runs | clean | clean rate | cost | $/clean | tokens |', '|---|---|---:|---:|---:|---:|---:|---:|'];
  for (const a of arms) lines.push(`| ${a.arm} | ${a.risk ?? 'all'} | ${a.runs} | ${a.clean} | ${pct(a.cleanRate)} | ${usd(a.costUsd)} | ${usd(a.costPerClean)} | ${a.tokens} |`);
  return lines;
}
