import * as Plot from '@observablehq/plot';
import type { BenchmarksData, BenchRun, BenchSeries } from '../data.js';
import { percent, plural, usd } from '../shared.js';
import { chart } from './chart.js';
import { code, h, section, table } from './dom.js';

const PALETTE = ['var(--primary)', 'var(--success)', 'var(--warning)', 'var(--danger)', 'var(--info)', 'var(--muted)', 'var(--fg)'];
const f3 = (n: number) => n.toFixed(3);

export function benchmarksSummary(b: BenchmarksData): string {
  const parts: string[] = [];
  const latest = b.latestConditions;
  if (latest) {
    const best = [...latest.conditions].sort((x, y) => y.mean - x.mean)[0];
    const lift = latest.lifts.filter((l) => l.condition === best?.condition)[0];
    parts.push(
      `Latest run (${latest.ranAt.slice(0, 10)}, protocol ${latest.protocolId}, ${latest.model}): best condition ${best?.condition ?? '—'} at ${best ? f3(best.mean) : '—'}${best ? ` (95% CI ${f3(best.low)}–${f3(best.high)})` : ''}${lift ? `, ${lift.lift >= 0 ? '+' : ''}${f3(lift.lift)} over ${lift.baseline} (CI ${f3(lift.low)} to ${f3(lift.high)}${lift.low > 0 ? ', above zero' : ', includes zero'})` : ''}.`,
    );
  } else parts.push('No conditions run is in the evidence yet.');
  parts.push(`${plural(b.series.length, 'protocol series', 'protocol series')}${b.series.length > 1 ? ': the protocol changed, so runs are compared only within a series' : ''}.`);
  if (b.latestAblation) {
    const totals = b.latestAblation.arms.filter((a) => a.risk === null);
    const best = [...totals].sort((x, y) => y.cleanRate - x.cleanRate)[0];
    if (best) parts.push(`Ablation: the ${best.arm} arm is clean most often (${percent(best.cleanRate)}, ${usd(best.costPerClean)} per clean).`);
  }
  if (b.scripted.length) parts.push(`${plural(b.scripted.length, 'scripted run')} shown apart: not evidence.`);
  return parts.join(' ');
}

function conditionsCharts(run: BenchRun, width: number): HTMLElement[] {
  const out: HTMLElement[] = [];
  const domain = run.conditions.map((c) => c.condition);
  out.push(
    chart(
      {
        id: 'bench-conditions',
        title: `Score by condition with 95% confidence intervals (${run.ranAt.slice(0, 10)})`,
        alt: `One dot per condition at its mean score with a bar over its 95% confidence interval: ${run.conditions.map((c) => `${c.condition} ${f3(c.mean)} (${f3(c.low)}–${f3(c.high)}, ${c.trials} trials)`).join('; ')}.`,
        plot: {
          marginLeft: 110,
          height: 50 + 32 * domain.length,
          x: { label: 'mean score', domain: [0, 1], grid: true },
          y: { label: null, domain },
          marks: [Plot.ruleY(run.conditions, { y: 'condition', x1: 'low', x2: 'high', stroke: 'var(--primary)', strokeWidth: 3 }), Plot.dot(run.conditions, { y: 'condition', x: 'mean', fill: 'var(--fg)', r: 4 })],
        },
        data: {
          id: 'bench-conditions',
          columns: ['condition', 'trials', 'mean', 'CI low', 'CI high', 'pass rate', 'cost (USD)'],
          numeric: [1, 2, 3, 4, 5, 6],
          rows: run.conditions.map((c) => [c.condition, c.trials, f3(c.mean), f3(c.low), f3(c.high), percent(c.passRate), c.costUsd.toFixed(2)]),
        },
      },
      width,
    ),
  );
  if (run.lifts.length)
    out.push(
      chart(
        {
          id: 'bench-lift',
          title: `Paired lift against the baseline condition${run.baseline ? ` (${run.baseline})` : ''}`,
          alt: `One dot per condition at its mean paired difference from the baseline, with its 95% confidence interval; a line marks no difference: ${run.lifts.map((l) => `${l.condition} ${l.lift >= 0 ? '+' : ''}${f3(l.lift)} (${f3(l.low)} to ${f3(l.high)}, ${l.pairs} pairs)`).join('; ')}.`,
          plot: {
            marginLeft: 110,
            height: 50 + 32 * run.lifts.length,
            x: { label: 'lift (condition − baseline)', grid: true },
            y: { label: null, domain: run.lifts.map((l) => l.condition) },
            marks: [Plot.ruleX([0], { stroke: 'var(--muted)' }), Plot.ruleY(run.lifts, { y: 'condition', x1: 'low', x2: 'high', stroke: 'var(--success)', strokeWidth: 3 }), Plot.dot(run.lifts, { y: 'condition', x: 'lift', fill: 'var(--fg)', r: 4 })],
          },
          data: { id: 'bench-lift', columns: ['condition', 'baseline', 'lift', 'CI low', 'CI high', 'pairs'], numeric: [2, 3, 4, 5], rows: run.lifts.map((l) => [l.condition, l.baseline, f3(l.lift), f3(l.low), f3(l.high), l.pairs]) },
        },
        width,
      ),
    );
  return out;
}

function seriesChart(s: BenchSeries, previous: BenchSeries | undefined, width: number): HTMLElement {
  const points = s.runs.filter((r) => r.kind === 'conditions').flatMap((r) => r.conditions.map((c) => ({ date: new Date(r.ranAt), ranAt: r.ranAt, condition: c.condition, mean: c.mean, low: c.low, high: c.high })));
  const conditions = [...new Set(points.map((p) => p.condition))].sort();
  const label = `Series ${s.index}: protocol ${s.protocolId}`;
  const el = chart(
    {
      id: 'bench-history',
      title: `${label} — mean score over time`,
      alt: `${previous ? `A new protocol id (${s.protocolId}, after ${previous.protocolId}) starts this series: its scores are not comparable with series ${previous.index}. ` : ''}One line per condition over ${plural(new Set(points.map((p) => p.ranAt)).size, 'run')} from ${points[0]?.ranAt.slice(0, 10) ?? '—'} to ${points.at(-1)?.ranAt.slice(0, 10) ?? '—'}: ${conditions.map((c) => `${c} ends at ${f3(points.filter((p) => p.condition === c).at(-1)?.mean ?? 0)}`).join(', ')}.`,
      plot: {
        height: 240,
        x: { type: 'utc', label: null },
        y: { label: 'mean score', domain: [0, 1], grid: true },
        color: { domain: conditions, range: PALETTE.slice(0, Math.max(conditions.length, 1)), legend: true },
        marks: [Plot.ruleX(points, { x: 'date', y1: 'low', y2: 'high', stroke: 'condition', strokeOpacity: 0.5 }), Plot.lineY(points, { x: 'date', y: 'mean', stroke: 'condition', strokeWidth: 2 }), Plot.dot(points, { x: 'date', y: 'mean', fill: 'condition', r: 3 })],
      },
      data: { id: 'bench-history', columns: ['run', 'condition', 'mean', 'CI low', 'CI high'], numeric: [2, 3, 4], rows: points.map((p) => [p.ranAt, p.condition, f3(p.mean), f3(p.low), f3(p.high)]) },
    },
    width,
  );
  el.setAttribute('data-series', s.protocolId);
  return el;
}

function ablationChart(run: BenchRun, width: number): HTMLElement {
  const totals = run.arms.filter((a) => a.risk === null);
  const shown = totals.length ? totals : run.arms;
  const label = (a: { arm: string; risk: string | null }) => (a.risk ? `${a.arm} · ${a.risk}` : a.arm);
  return chart(
    {
      id: 'bench-ablation',
      title: `Ablation arms: clean rate (${run.ranAt.slice(0, 10)}, protocol ${run.protocolId})`,
      alt: `Horizontal bars, one per arm: ${shown.map((a) => `${label(a)} ${percent(a.cleanRate)} clean of ${a.runs}, ${usd(a.costPerClean)} per clean`).join('; ')}.`,
      plot: {
        marginLeft: 120,
        height: 50 + 30 * shown.length,
        x: { label: 'clean rate (%)', domain: [0, 100], grid: true },
        y: { label: null, domain: shown.map(label) },
        marks: [Plot.barX(shown, { y: label, x: (a: { cleanRate: number }) => a.cleanRate * 100, fill: 'var(--success)' }), Plot.ruleX([0])],
      },
      data: { id: 'bench-ablation', columns: ['arm', 'risk', 'runs', 'clean', 'clean rate', '$/clean'], numeric: [2, 3, 4, 5], rows: run.arms.map((a) => [a.arm, a.risk ?? 'all', a.runs, a.clean, percent(a.cleanRate), usd(a.costPerClean)]) },
    },
    width,
  );
}

export function benchmarksSection(b: BenchmarksData, width: number): HTMLElement {
  const parts: HTMLElement[] = [];
  if (b.latestConditions) parts.push(h('h3', {}, 'Latest conditions run'), ...conditionsCharts(b.latestConditions, width));
  if (b.series.length) {
    parts.push(h('h3', {}, 'History by protocol'), h('p', {}, 'Runs are compared only with runs of the same protocol id: a change of protocol starts a new, labelled series.'));
    b.series.forEach((s, i) => {
      if (s.runs.some((r) => r.kind === 'conditions')) parts.push(seriesChart(s, b.series[i - 1], width));
    });
  }
  if (b.latestAblation) parts.push(h('h3', {}, 'Ablation arms'), ablationChart(b.latestAblation, width));
  if (!b.series.length) parts.push(h('p', { class: 'missing', 'data-missing': '' }, `No benchmark evidence yet: ${b.historyFile} has no run of a real provider.`));
  if (b.scripted.length)
    parts.push(
      h('h3', {}, 'Scripted runs — not evidence'),
      h('p', { class: 'warn' }, 'These runs used the scripted provider: they test the benchmark machinery and prove nothing about a model. They are never written to ', code(b.historyFile), '.'),
      table({
        id: 'bench-scripted',
        caption: 'Scripted runs (not evidence)',
        columns: ['Run', 'Protocol', 'Kind', 'Conditions or arms', 'Folder'],
        rows: b.scripted.map((r) => [r.ranAt, r.protocolId, r.kind, r.kind === 'conditions' ? r.conditions.map((c) => `${c.condition} ${f3(c.mean)}`).join(', ') : r.arms.map((a) => `${a.arm} ${percent(a.cleanRate)}`).join(', '), r.dir]),
      }),
    );
  for (const p of b.problems) parts.push(h('p', { class: 'warn' }, p));
  return section('benchmarks', 'Benchmarks', benchmarksSummary(b), ...parts);
}
