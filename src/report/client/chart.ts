import * as Plot from '@observablehq/plot';
import { h, table, uid, type TableSpec } from './dom.js';

export interface ChartSpec {
  /** `data-chart` of the figure: what tests and tools look for. */
  readonly id: string;
  readonly title: string;
  /** The text alternative: what the chart shows, in a sentence or two. */
  readonly alt: string;
  readonly plot: Plot.PlotOptions;
  /** The chart's data as a table, one keystroke away. */
  readonly data: Omit<TableSpec, 'caption'>;
}

/** Plot's defaults for this page: the page's own colours (CSS variables from the project's tokens), its font, the container's width. */
function themed(options: Plot.PlotOptions, width: number): Plot.PlotOptions {
  return {
    width,
    marginLeft: 56,
    style: { background: 'transparent', color: 'var(--fg)', fontSize: '12px', fontFamily: 'inherit' },
    ...options,
  };
}

/**
 * A chart as a figure: title, the text alternative, the drawing (an image to assistive technology,
 * named by the text alternative) and the same numbers as a table in a disclosure.
 */
export function chart(spec: ChartSpec, width: number): HTMLElement {
  const altId = uid('alt');
  const svg = Plot.plot(themed(spec.plot, width)) as unknown as Element;
  // The figure names the drawing; the table is the accessible form of its numbers.
  const drawing = h('div', { class: 'plot', role: 'img', 'aria-labelledby': altId });
  drawing.append(svg);
  for (const el of [svg, ...Array.from(svg.querySelectorAll('svg'))]) el.setAttribute('aria-hidden', 'true');
  return h(
    'figure',
    { class: 'chart', 'data-chart': spec.id },
    h('figcaption', {}, h('h3', {}, spec.title), h('p', { id: altId, class: 'alt' }, spec.alt)),
    drawing,
    h('details', { class: 'data' }, h('summary', {}, `Data table: ${spec.title}`), table({ ...spec.data, caption: spec.title })),
  );
}
