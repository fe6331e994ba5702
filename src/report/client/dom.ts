/* The few DOM helpers the page's sections share: elements, tables and the "not there yet" note. */

type Child = Node | string | null | undefined | false;

export function h(tag: string, attrs: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

let ids = 0;
/** A page-unique id: the page is rendered once per load, so the order makes them stable. */
export function uid(prefix: string): string {
  ids++;
  return `${prefix}-${ids}`;
}

export type Cell = string | number | Node;

export interface TableSpec {
  /** Names the table for tests and tools (`data-table`). */
  readonly id: string;
  readonly caption: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  /** Columns (by index) that hold numbers: right-aligned. */
  readonly numeric?: readonly number[];
}

/** A table with a caption and column headers, in a scrollable region that the keyboard can reach. */
export function table(spec: TableSpec): HTMLElement {
  const numeric = new Set(spec.numeric ?? []);
  const head = h('tr', {}, ...spec.columns.map((c, i) => h('th', { scope: 'col', class: numeric.has(i) ? 'num' : undefined }, c)));
  const body = spec.rows.map((row) => h('tr', {}, ...row.map((cell, i) => (i === 0 ? h('th', { scope: 'row' }, cellNode(cell)) : h('td', { class: numeric.has(i) ? 'num' : undefined }, cellNode(cell))))));
  const t = h('table', { 'data-table': spec.id }, h('caption', {}, spec.caption), h('thead', {}, head), h('tbody', {}, ...body));
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': spec.caption }, t);
}

function cellNode(cell: Cell): Node | string {
  return typeof cell === 'number' ? cell.toLocaleString('en-US') : cell;
}

/** What a section says instead of an empty chart: what is not there yet, and how it gets there. */
export function missingNote(text: string, summaryOf?: string): HTMLElement {
  return h('p', { class: summaryOf ? 'summary missing' : 'missing', 'data-missing': '', 'data-summary': summaryOf }, text);
}

export function section(id: string, title: string, summary: string, ...children: Child[]): HTMLElement {
  return h('section', { id, 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title` }, title), h('p', { class: 'summary', 'data-summary': id }, summary), ...children);
}

export function code(text: string): HTMLElement {
  return h('code', {}, text);
}
