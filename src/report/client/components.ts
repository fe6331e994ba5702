import * as Plot from '@observablehq/plot';
import type { ComponentsData } from '../data.js';
import { percent, plural, usd } from '../shared.js';
import { chart } from './chart.js';
import { h, section, table } from './dom.js';

export function componentsSummary(c: ComponentsData): string {
  const t = c.total;
  const best = [...c.groups].sort((a, b) => b.cleanRate - a.cleanRate)[0];
  return `${plural(t.runs, 'component run')} in the ledger: ${percent(t.cleanRate)} ended clean, ${t.meanGateRetries.toFixed(2)} gate retries a run, ${usd(t.costPerClean)} per clean component.${best && c.groups.length > 1 ? ` Cleanest: ${best.risk} on the ${best.path} path (${percent(best.cleanRate)}).` : ''}`;
}

export function componentsSection(c: ComponentsData, width: number): HTMLElement {
  const label = (g: { risk: string; path: string }) => `${g.risk} · ${g.path}`;
  const groups = c.groups.map((g) => ({ ...g, label: label(g) }));
  const parts: HTMLElement[] = [
    chart(
      {
        id: 'ledger-clean-rate',
        title: 'Clean rate by risk tier and review path',
        alt: `Horizontal bars, one per risk tier and review path: ${groups.map((g) => `${g.label} ${percent(g.cleanRate)} of ${g.runs}`).join('; ')}.`,
        plot: {
          marginLeft: 170,
          height: 40 + 30 * groups.length,
          x: { label: 'clean rate (%)', domain: [0, 100], grid: true },
          y: { label: null, domain: groups.map((g) => g.label) },
          marks: [Plot.barX(groups, { y: 'label', x: (g: { cleanRate: number }) => g.cleanRate * 100, fill: 'var(--success)' }), Plot.ruleX([0])],
        },
        data: {
          id: 'ledger-groups',
          columns: ['tier · path', 'runs', 'clean', 'clean rate', 'mean gate retries', 'cost (USD)', 'cost per clean'],
          numeric: [1, 2, 3, 4, 5, 6],
          rows: groups.map((g) => [g.label, g.runs, g.clean, percent(g.cleanRate), g.meanGateRetries.toFixed(2), g.costUsd.toFixed(2), usd(g.costPerClean)]),
        },
      },
      width,
    ),
  ];
  const priced = groups.filter((g) => g.costPerClean !== null);
  if (priced.length)
    parts.push(
      chart(
        {
          id: 'ledger-cost-per-clean',
          title: 'Cost per clean component and mean gate retries',
          alt: `Horizontal bars, one per risk tier and review path with a clean run: ${priced.map((g) => `${g.label} ${usd(g.costPerClean)} per clean component, ${g.meanGateRetries.toFixed(2)} retries`).join('; ')}.`,
          plot: {
            marginLeft: 170,
            height: 40 + 30 * priced.length,
            x: { label: 'USD per clean component', grid: true },
            y: { label: null, domain: priced.map((g) => g.label) },
            marks: [Plot.barX(priced, { y: 'label', x: 'costPerClean', fill: 'var(--primary)' }), Plot.ruleX([0])],
          },
          data: { id: 'ledger-cost', columns: ['tier · path', 'cost per clean (USD)', 'mean gate retries'], numeric: [1, 2], rows: priced.map((g) => [g.label, (g.costPerClean as number).toFixed(2), g.meanGateRetries.toFixed(2)]) },
        },
        width,
      ),
    );
  parts.push(
    h('h3', {}, 'Latest component runs'),
    table({
      id: 'ledger-runs',
      caption: `The newest ${c.runs.length} of ${c.total.runs} component runs, newest first`,
      columns: ['Component', 'Ran', 'Risk', 'Path', 'Outcome', 'Gate retries', 'Cost'],
      numeric: [5, 6],
      rows: c.runs.map((r) => [r.component, r.ranAt, r.risk, r.path, r.outcome, r.retries, usd(r.costUsd)]),
    }),
  );
  return section('components', 'Component loop', componentsSummary(c), ...parts);
}
