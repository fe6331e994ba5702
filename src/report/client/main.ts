import { isMissing, type ReportData } from '../data.js';
import { formatHash, parseHash, type RunFilter } from '../runs-view.js';
import { benchmarksSection } from './benchmarks.js';
import { componentsSection } from './components.js';
import { h, missingNote } from './dom.js';
import { governanceSection } from './governance.js';
import { lintSection } from './lint.js';
import { runsSection } from './runs.js';

/*
 * The page's script: reads the inlined report data and draws every section. Bundled by esbuild with
 * Observable Plot into one script that the page carries (scripts/build.mjs), so the page needs no network.
 */

const data = JSON.parse((document.getElementById('dsctl-report-data') as HTMLElement).textContent ?? '{}') as ReportData;
const main = document.getElementById('main') as HTMLElement;

function chartWidth(): number {
  return Math.max(320, Math.min(960, main.clientWidth - 48));
}

/** A section with nothing to draw yet: its summary says what is missing and how it gets there. */
function missingSection(id: string, title: string, text: string): HTMLElement {
  return h('section', { id, 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title` }, title), missingNote(text, id));
}

function renderRuns(filter: RunFilter): HTMLElement {
  const runs = data.runs;
  if (isMissing(runs)) return missingSection('runs', 'Runs over time', runs.missing);
  return runsSection(runs, filter, chartWidth(), (next) => {
    const hash = formatHash(next);
    // replaceState + an explicit render: the view changes without a jump, and the link keeps it.
    history.replaceState(null, '', hash || location.pathname + location.search);
    swapRuns(next);
  });
}

function swapRuns(filter: RunFilter): void {
  const old = document.getElementById('runs');
  const active = document.activeElement?.id;
  const next = renderRuns(filter);
  old?.replaceWith(next);
  // Keep the keyboard where it was: the control that changed is rebuilt.
  if (active) document.getElementById(active)?.focus();
}

function render(): void {
  const width = chartWidth();
  const filter = parseHash(location.hash);
  const sections = [
    governanceSection(data.governance),
    renderRuns(filter),
    isMissing(data.lint) ? missingSection('lint', 'Lint debt', data.lint.missing) : lintSection(data.lint, width),
    isMissing(data.components) ? missingSection('components', 'Component loop', data.components.missing) : componentsSection(data.components, width),
    isMissing(data.benchmarks) ? missingSection('benchmarks', 'Benchmarks', data.benchmarks.missing) : benchmarksSection(data.benchmarks, width),
  ];
  main.replaceChildren(...sections);
}

function themeToggle(): void {
  const button = document.getElementById('theme-toggle') as HTMLButtonElement | null;
  if (!button) return;
  const root = document.documentElement;
  const dark = () => (root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches);
  const label = () => {
    button.setAttribute('aria-pressed', String(dark()));
  };
  button.addEventListener('click', () => {
    root.dataset.theme = dark() ? 'light' : 'dark';
    label();
  });
  label();
}

/** The section links scroll without touching the hash: the hash holds the filter. */
function sectionLinks(): void {
  for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('nav a[href^="#"]'))) {
    a.addEventListener('click', (event: MouseEvent) => {
      const target = document.getElementById(a.hash.slice(1));
      if (!target) return;
      event.preventDefault();
      const heading = target.querySelector('h2');
      heading?.setAttribute('tabindex', '-1');
      target.scrollIntoView();
      heading?.focus({ preventScroll: true });
    });
  }
}

render();
themeToggle();
sectionLinks();
window.addEventListener('hashchange', () => swapRuns(parseHash(location.hash)));
document.documentElement.dataset.rendered = 'true';
performance.mark('dsctl-report-rendered');
