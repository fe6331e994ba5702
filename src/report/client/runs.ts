import * as Plot from '@observablehq/plot';
import type { RunsData } from '../data.js';
import { formatHash, runsView, type RunFilter } from '../runs-view.js';
import { usd } from '../shared.js';
import { chart } from './chart.js';
import { h, section, table } from './dom.js';

const STATUSES = ['passed', 'escalated', 'failed'] as const;
const STATUS_COLOURS = ['var(--success)', 'var(--warning)', 'var(--danger)'];
const INTERVAL = { day: 'day', week: 'monday', month: 'month' } as const;

const toDate = (t: string) => new Date(`${t}T00:00:00Z`);

function filters(data: RunsData, filter: RunFilter, onChange: (f: RunFilter) => void): HTMLElement {
  const min = data.first.slice(0, 10);
  const max = data.last.slice(0, 10);
  const from = h('input', { type: 'date', id: 'filter-from', name: 'from', min, max, value: filter.from ?? '' }) as HTMLInputElement;
  const to = h('input', { type: 'date', id: 'filter-to', name: 'to', min, max, value: filter.to ?? '' }) as HTMLInputElement;
  const workflow = h('select', { id: 'filter-workflow', name: 'workflow' }, h('option', { value: '' }, 'All workflows'), ...data.workflows.map((w) => h('option', { value: w }, w))) as HTMLSelectElement;
  workflow.value = filter.workflow ?? '';
  const read = (): RunFilter => ({ ...(from.value ? { from: from.value } : {}), ...(to.value ? { to: to.value } : {}), ...(workflow.value ? { workflow: workflow.value } : {}) });
  for (const el of [from, to, workflow]) el.addEventListener('change', () => onChange(read()));
  const reset = h('button', { type: 'button', id: 'filter-reset' }, 'Show all');
  reset.addEventListener('click', () => onChange({}));
  return h(
    'form',
    { class: 'filters', 'aria-label': 'Filter runs', role: 'search' },
    h('label', { for: 'filter-from' }, 'From'),
    from,
    h('label', { for: 'filter-to' }, 'To'),
    to,
    h('label', { for: 'filter-workflow' }, 'Workflow'),
    workflow,
    reset,
    h('p', { class: 'hint' }, 'The filter is kept in the address (', h('code', {}, formatHash(filter) || '#'), '): a link to this page shows the same view.'),
  );
}

export function runsSection(data: RunsData, filter: RunFilter, width: number, onChange: (f: RunFilter) => void): HTMLElement {
  const view = runsView(data, filter);
  const interval = INTERVAL[data.unit];
  const long = view.rows.flatMap((r) => STATUSES.map((s) => ({ t: toDate(r.t), status: s, n: r[s] })));
  const parts: HTMLElement[] = [filters(data, filter, onChange)];
  if (view.runs === 0) {
    parts.push(h('p', { class: 'missing' }, 'No runs match this filter.'));
    return section('runs', 'Runs over time', view.summary, ...parts);
  }
  const unitWord = data.unit;
  parts.push(
    chart(
      {
        id: 'runs-by-status',
        title: `Runs per ${unitWord} by status`,
        alt: `Stacked bars, one per ${unitWord} from ${view.rows[0]?.t} to ${view.rows.at(-1)?.t}: runs that passed, escalated and failed. ${view.summary}`,
        plot: {
          x: { type: 'utc', label: null },
          y: { label: 'runs', grid: true, ticks: Math.min(10, Math.max(...view.rows.map((r) => r.runs))) },
          color: { domain: [...STATUSES], range: STATUS_COLOURS, legend: true },
          marks: [Plot.rectY(long, { x: 't', interval, y: 'n', fill: 'status', order: [...STATUSES] }), Plot.ruleY([0])],
        },
        data: {
          id: 'runs-by-status',
          columns: [unitWord, 'passed', 'escalated', 'failed', 'runs'],
          numeric: [1, 2, 3, 4],
          rows: view.rows.map((r) => [r.t, r.passed, r.escalated, r.failed, r.runs]),
        },
      },
      width,
    ),
  );
  const rows = view.rows.map((r) => ({ t: toDate(r.t), attempts: r.meanAttempts, cost: r.cost }));
  const line = (y: 'attempts' | 'cost', stroke: string) => [Plot.lineY(rows, { x: 't', y, stroke, strokeWidth: 2 }), Plot.dot(rows, { x: 't', y, fill: stroke, r: rows.length > 60 ? 0 : 2.5 }), Plot.ruleY([0])];
  parts.push(
    chart(
      {
        id: 'runs-attempts',
        title: `Mean attempts of a run per ${unitWord}`,
        alt: `A line over the ${unitWord}s: the mean attempts of a run, between ${Math.min(...rows.map((r) => r.attempts)).toFixed(2)} and ${Math.max(...rows.map((r) => r.attempts)).toFixed(2)}.`,
        plot: { height: 200, x: { type: 'utc', label: null }, y: { label: 'mean attempts', grid: true }, marks: line('attempts', 'var(--primary)') },
        data: { id: 'runs-attempts', columns: [unitWord, 'runs', 'mean attempts'], numeric: [1, 2], rows: view.rows.map((r) => [r.t, r.runs, r.meanAttempts.toFixed(2)]) },
      },
      width,
    ),
    chart(
      {
        id: 'runs-cost',
        title: `Agent cost per ${unitWord}`,
        alt: `A line over the ${unitWord}s: what the agents of the runs cost, ${usd(Math.max(...rows.map((r) => r.cost)))} at most in one ${unitWord}, ${usd(rows.reduce((s, r) => s + r.cost, 0))} in all.`,
        plot: { height: 200, x: { type: 'utc', label: null }, y: { label: 'agent cost (USD)', grid: true }, marks: line('cost', 'var(--info)') },
        data: { id: 'runs-cost', columns: [unitWord, 'runs', 'agent cost (USD)'], numeric: [1, 2], rows: view.rows.map((r) => [r.t, r.runs, r.cost.toFixed(2)]) },
      },
      width,
    ),
  );
  const byWf = view.byWorkflow.flatMap((w) => STATUSES.map((s) => ({ workflow: w.workflow, status: s, n: w[s] })));
  parts.push(
    chart(
      {
        id: 'runs-by-workflow',
        title: 'Runs by workflow and status',
        alt: `Stacked horizontal bars, one per workflow: ${view.byWorkflow.map((w) => `${w.workflow} ${w.runs} (${w.passed} passed, ${w.escalated} escalated, ${w.failed} failed)`).join('; ')}.`,
        plot: {
          marginLeft: 160,
          height: 40 + 28 * view.byWorkflow.length,
          x: { label: 'runs', grid: true, ticks: Math.min(10, Math.max(...view.byWorkflow.map((w) => w.runs))) },
          y: { label: null, domain: view.byWorkflow.map((w) => w.workflow) },
          color: { domain: [...STATUSES], range: STATUS_COLOURS },
          marks: [Plot.barX(byWf, { y: 'workflow', x: 'n', fill: 'status', order: [...STATUSES] }), Plot.ruleX([0])],
        },
        data: {
          id: 'runs-by-workflow',
          columns: ['workflow', 'passed', 'escalated', 'failed', 'runs', 'agent cost (USD)'],
          numeric: [1, 2, 3, 4, 5],
          rows: view.byWorkflow.map((w) => [w.workflow, w.passed, w.escalated, w.failed, w.runs, w.cost.toFixed(2)]),
        },
      },
      width,
    ),
  );
  parts.push(h('h3', {}, 'Latest runs'));
  parts.push(
    view.recent.length
      ? table({
          id: 'recent-runs',
          caption: `Latest runs matching the filter, newest first (of the ${data.recent.length} newest recorded)`,
          columns: ['Run', 'Workflow', 'Status', 'Trigger', 'Ended', 'Attempts', 'Agent cost'],
          numeric: [5],
          rows: view.recent.map((r) => [r.run_id, r.workflow, r.status, r.trigger, r.ended_at, r.attempts, usd(r.cost)]),
        })
      : h('p', {}, `None of the ${data.recent.length} newest runs matches the filter.`),
  );
  if (data.skipped) parts.push(h('p', { class: 'warn' }, `${data.skipped} line(s) of the log are not valid records: run dsctl audit verify.`));
  return section('runs', 'Runs over time', view.summary, ...parts);
}
