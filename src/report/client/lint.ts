import * as Plot from '@observablehq/plot';
import type { LintData } from '../data.js';
import { plural } from '../shared.js';
import { chart } from './chart.js';
import { h, section, table } from './dom.js';

export function lintSummary(l: LintData): string {
  const baseline =
    l.baselineNow === null
      ? 'No baseline file.'
      : `The baseline accepts ${plural(l.baselineNow, 'finding')}${trend(l)}.`;
  const top = l.byRule[0];
  return `${plural(l.findings, 'finding')} in ${plural(l.files, 'linted file')}${top ? `, most of them ${top.ruleId} (${top.errors + top.warnings})` : ''}. ${baseline} ${plural(l.disables.reduce((s, d) => s + d.count, 0), 'disable comment')}.`;
}

function trend(l: LintData): string {
  const first = l.baselineHistory[0];
  const last = l.baselineHistory.at(-1);
  if (!first || !last || l.baselineHistory.length < 2) return '';
  const d = last.entries - first.entries;
  return `; it was ${first.entries} on ${first.date.slice(0, 10)} (${d > 0 ? `+${d}` : d === 0 ? 'no change' : d} over ${plural(l.baselineHistory.length, 'commit')})`;
}

export function lintSection(l: LintData, width: number): HTMLElement {
  const parts: HTMLElement[] = [];
  if (l.baselineHistory.length) {
    const points = l.baselineHistory.map((p) => ({ date: new Date(p.date), entries: p.entries }));
    parts.push(
      chart(
        {
          id: 'baseline-history',
          title: `Baseline size over time (${l.baselineFile})`,
          alt: `A line, one point per commit that changed ${l.baselineFile}: ${l.baselineHistory.map((p) => `${p.entries} on ${p.date.slice(0, 10)}`).join(', ')}.`,
          plot: {
            height: 220,
            x: { type: 'utc', label: null },
            y: { label: 'accepted findings', grid: true, zero: true, nice: true },
            marks: [Plot.lineY(points, { x: 'date', y: 'entries', stroke: 'var(--primary)', strokeWidth: 2, curve: 'step-after' }), Plot.dot(points, { x: 'date', y: 'entries', fill: 'var(--primary)' }), Plot.ruleY([0])],
          },
          data: { id: 'baseline-history', columns: ['commit', 'date', 'entries'], numeric: [2], rows: l.baselineHistory.map((p) => [p.commit, p.date, p.entries]) },
        },
        width,
      ),
    );
  } else {
    parts.push(h('p', { class: 'missing' }, l.baselineFile ? `${l.baselineFile} has no history in git yet: its size over time appears once it is committed.` : 'No baseline is configured (lint.baseline): there is no lint debt to follow over time.'));
  }
  if (l.byRule.length) {
    const long = l.byRule.flatMap((r) => [
      { ruleId: r.ruleId, severity: 'error', n: r.errors },
      { ruleId: r.ruleId, severity: 'warning', n: r.warnings },
    ]);
    parts.push(
      chart(
        {
          id: 'findings-by-rule',
          title: 'Findings by rule',
          alt: `Horizontal bars, one per rule, errors and warnings stacked: ${l.byRule.map((r) => `${r.ruleId} ${r.errors + r.warnings}`).join(', ')}.`,
          plot: {
            marginLeft: 200,
            height: 40 + 24 * l.byRule.length,
            // Counts: whole-number ticks only, however few findings there are.
            x: { label: 'findings', grid: true, ticks: Math.min(10, Math.max(...l.byRule.map((r) => r.errors + r.warnings))) },
            y: { label: null, domain: l.byRule.map((r) => r.ruleId) },
            color: { domain: ['error', 'warning'], range: ['var(--danger)', 'var(--warning)'], legend: true },
            marks: [Plot.barX(long, { y: 'ruleId', x: 'n', fill: 'severity' }), Plot.ruleX([0])],
          },
          data: { id: 'findings-by-rule', columns: ['rule', 'errors', 'warnings', 'in the baseline'], numeric: [1, 2, 3], rows: l.byRule.map((r) => [r.ruleId, r.errors, r.warnings, r.baselined]) },
        },
        width,
      ),
    );
  } else {
    parts.push(h('p', { class: 'ok' }, 'No findings: every linted file is clean.'));
  }
  if (l.topFiles.length) parts.push(h('h3', {}, 'Files with the most findings'), table({ id: 'top-files', caption: 'Files with the most findings', columns: ['File', 'Findings'], numeric: [1], rows: l.topFiles.map((f) => [f.file, f.findings]) }));
  parts.push(h('h3', {}, 'Disable comments'));
  parts.push(
    l.disables.length
      ? table({ id: 'disables', caption: 'dsctl-disable comments by rule and reason', columns: ['Rule', 'Reason', 'Comments', 'Unused'], numeric: [2, 3], rows: l.disables.map((d) => [d.ruleId, d.reason, d.count, d.unused]) })
      : h('p', {}, 'No dsctl-disable comment in the linted files.'),
  );
  return section('lint', 'Lint debt', lintSummary(l), ...parts);
}
