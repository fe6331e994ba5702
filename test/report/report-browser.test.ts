import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistorySchema } from '../../src/bench/history-schema.js';
import { dsctlAsync } from '../support/cli.js';
import { sharedStarterRepo, starterRepo } from '../support/git-repo.js';
import { ledgerRun, syntheticRun, writeReportFixture, writeRunLog } from './fixture.js';

/*
 * The report as a person sees it: Debian's Chromium opens the page of a fixture project and of a
 * 100,000-record log. Screenshots go to test-results/report/ (git-ignored) for a person to look at.
 */

const ARTIFACTS = fileURLToPath(new URL('../../test-results/report/', import.meta.url));
const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
const HISTORY = HistorySchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/report/history.json', import.meta.url)), 'utf8'))).entries;
/** The bound for 100,000 runs and 5,000 ledger runs. */
const RENDER_BOUND_MS = 2000;
const SIZE_BOUND = 2 * 1024 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function report(app: string): Promise<string> {
  const run = await dsctlAsync(['report'], app, {}, 120_000);
  if (run.code !== 0) throw new Error(`dsctl report failed (${run.code}): ${run.stderr}`);
  return run.stdout.trim();
}

/** Opens the page; every request it makes is recorded (none may leave the file). */
async function open(file: string, hash = '', scheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, colorScheme: scheme });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(file).href + hash);
  await page.waitForSelector('html[data-rendered="true"]', { timeout: 20_000 });
  expect(errors).toEqual([]);
  return { page, requests };
}

async function tableRows(page: Page, selector: string): Promise<string[][]> {
  return page.$$eval(`${selector} tbody tr`, (trs) => trs.map((tr) => Array.from(tr.children).map((c) => (c.textContent ?? '').trim())));
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync(AXE, 'utf8') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe('the report in a browser', () => {
  const repo = sharedStarterRepo('dsctl-report-');
  let file: string;
  let runs: ReturnType<typeof writeReportFixture>['runs'];
  beforeAll(async () => {
    ({ runs } = writeReportFixture(repo.app, { runs: 500, ledgerRuns: 40 }));
    file = await report(repo.app);
  }, 120_000);

  it('draws every chart, from the file alone', async () => {
    const { page, requests } = await open(file);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    const charts = await page.$$eval('[data-chart]', (figs) => figs.map((f) => ({ id: f.getAttribute('data-chart'), marks: f.querySelectorAll('svg rect, svg path, svg circle, svg line').length, alt: f.querySelector('.alt')?.textContent ?? '', table: f.querySelector('details table') !== null })));
    expect(charts.map((c) => c.id)).toEqual([
      'runs-by-status',
      'runs-attempts',
      'runs-cost',
      'runs-by-workflow',
      'baseline-history',
      'findings-by-rule',
      'ledger-clean-rate',
      'ledger-cost-per-clean',
      'bench-conditions',
      'bench-lift',
      'bench-history',
      'bench-history',
      'bench-ablation',
    ]);
    for (const c of charts) {
      expect(c.marks, c.id ?? '').toBeGreaterThan(3);
      expect(c.alt.length, c.id ?? '').toBeGreaterThan(40);
      expect(c.table, c.id ?? '').toBe(true);
    }
    // A text summary opens every section.
    const summaries = await page.$$eval('main > section', (ss) => ss.map((s) => [s.id, s.querySelector('h2 + p.summary')?.textContent ?? '']));
    expect(summaries.map(([id]) => id)).toEqual(['governance', 'runs', 'lint', 'components', 'benchmarks']);
    for (const [, text] of summaries) expect(text?.length).toBeGreaterThan(20);
    await page.close();
  });

  it('shows in its tables what the project recorded', async () => {
    const { page } = await open(file);
    const expected = new Map<string, number>();
    for (const r of runs) expected.set(r.workflow, (expected.get(r.workflow) ?? 0) + 1);
    expected.set('ui-self-repair', (expected.get('ui-self-repair') ?? 0) + 1); // the gate escalation
    expected.set('agent-session', 1);
    const byWorkflow = await tableRows(page, '[data-table="runs-by-workflow"]');
    expect(new Map(byWorkflow.map((r) => [r[0], Number(r[4]?.replace(/,/g, ''))]))).toEqual(expected);
    const passed = runs.filter((r) => r.workflow === 'drift-repair' && r.status === 'passed').length;
    expect(byWorkflow.find((r) => r[0] === 'drift-repair')?.[1]).toBe(String(passed));

    expect((await tableRows(page, '[data-table="escalations"]')).map((r) => [r[0], r[1]])).toEqual([
      ['20261122T010000Z-ui-self-repair-gate', 'blocking'],
      ['claude-session-abc', 'error'],
    ]);
    expect((await tableRows(page, '[data-table="gate-failures"]'))[0]?.slice(0, 4)).toEqual(['20261122T010000Z-ui-self-repair-gate', 'ui-self-repair', expect.any(String), 'ssot-contracts']);
    const policy = JSON.parse(readFileSync(join(repo.app, 'design/policy.json'), 'utf8')) as { hardGates: { id: string; owners?: string[] }[] };
    expect((await tableRows(page, '[data-table="gates"]')).map((r) => [r[0], r[2]])).toEqual(policy.hardGates.map((g) => [g.id, g.owners?.join(', ') ?? 'no owner set']));

    // The ledger: 40 runs, interactive ones on the full path; every fifth run needs changes.
    const ledger = Array.from({ length: 40 }, (_, i) => ledgerRun(i));
    const groups = await tableRows(page, '[data-table="ledger-groups"]');
    for (const [risk, path] of [['interactive', 'full'], ['display', 'standard']] as const) {
      const mine = ledger.filter((r) => r.risk === risk && r.path === path);
      const clean = mine.filter((r) => r.outcome === 'clean').length;
      expect(groups.find((g) => g[0] === `${risk} · ${path}`)?.slice(1, 4)).toEqual([String(mine.length), String(clean), `${Math.round((clean / mine.length) * 100)}%`]);
    }

    // Benchmarks: the latest conditions run of the evidence (never the scripted one).
    const latest = HISTORY.filter((e) => e.kind === 'conditions').at(-1);
    const conditions = await tableRows(page, '[data-table="bench-conditions"]');
    expect(conditions.map((r) => [r[0], r[2], r[3], r[4]])).toEqual(latest?.conditions.map((c) => [c.condition, c.mean.toFixed(3), c.ci95[0].toFixed(3), c.ci95[1].toFixed(3)]));
    expect((await tableRows(page, '[data-table="bench-lift"]')).map((r) => [r[0], r[2]])).toEqual(latest?.lifts.map((l) => [l.condition, l.lift.toFixed(3)]));
    const scripted = await page.locator('#benchmarks h3', { hasText: 'Scripted runs — not evidence' }).count();
    expect(scripted).toBe(1);
    expect((await tableRows(page, '[data-table="bench-scripted"]')).map((r) => r[4])).toEqual(['.dsctl/bench/20261120T090000Z']);
    await page.close();
  });

  it('splits the benchmark history where the protocol changed, and labels the new series', async () => {
    const { page } = await open(file);
    const series = await page.$$eval('[data-chart="bench-history"]', (figs) =>
      figs.map((f) => ({ id: f.getAttribute('data-series'), title: f.querySelector('h3')?.textContent ?? '', alt: f.querySelector('.alt')?.textContent ?? '', runs: Array.from(f.querySelectorAll('tbody tr')).map((tr) => [tr.children[0]?.textContent, tr.children[1]?.textContent]) })),
    );
    expect(series.map((s) => s.id)).toEqual(['w3-2026.1', 'w3-2026.2']);
    expect(series[0]?.title).toMatch(/^Series 1: protocol w3-2026\.1/);
    expect(series[1]?.title).toMatch(/^Series 2: protocol w3-2026\.2/);
    expect(series[1]?.alt).toContain('A new protocol id (w3-2026.2, after w3-2026.1) starts this series');
    for (const [i, protocol] of ['w3-2026.1', 'w3-2026.2'].entries()) {
      const want = HISTORY.filter((e) => e.protocolId === protocol && e.kind === 'conditions').flatMap((e) => e.conditions.map((c) => [e.ranAt, c.condition]));
      expect(series[i]?.runs).toEqual(want);
    }
    // The scripted run of protocol 2 (a higher score) is in neither series.
    expect(series.flatMap((s) => s.runs.map((r) => r[0]))).not.toContain('2026-11-20T09:00:00Z');
    await page.close();
  });

  it('keeps the filter in the URL hash, and a link with it reproduces the view', async () => {
    const { page } = await open(file);
    await page.selectOption('#filter-workflow', 'drift-repair');
    await page.waitForFunction(() => location.hash === '#workflow=drift-repair');
    const drift = runs.filter((r) => r.workflow === 'drift-repair');
    const total = async () => (await tableRows(page, '[data-table="runs-by-status"]')).reduce((s, r) => s + Number(r[4]), 0);
    expect(await total()).toBe(drift.length);
    await page.fill('#filter-from', '2026-11-10');
    await page.waitForFunction(() => location.hash === '#from=2026-11-10&workflow=drift-repair');
    const from = drift.filter((r) => r.ended_at.slice(0, 10) >= '2026-11-10').length;
    expect(await total()).toBe(from);
    const url = page.url();
    await page.close();

    const { page: again } = await open(file, new URL(url).hash);
    expect(await again.inputValue('#filter-workflow')).toBe('drift-repair');
    expect(await again.inputValue('#filter-from')).toBe('2026-11-10');
    expect((await tableRows(again, '[data-table="runs-by-status"]')).reduce((s, r) => s + Number(r[4]), 0)).toBe(from);
    expect(await again.textContent('[data-summary="runs"]')).toContain(`${from} runs of drift-repair from 2026-11-10`);
    await again.close();
  });

  it('opens a chart\'s data table from the keyboard', async () => {
    const { page } = await open(file);
    const summary = page.locator('[data-chart="runs-by-status"] details > summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('[data-chart="runs-by-status"] details').getAttribute('open')).toBe('');
    expect(await page.locator('[data-table="runs-by-status"]').isVisible()).toBe(true);
    // The table's scroll region takes focus too.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('table-wrap'))).toBe(true);
    await page.close();
  });

  it.each(['light', 'dark'] as const)('passes axe-core with no violations in the %s theme, tables open; screenshot saved', async (scheme) => {
    const { page } = await open(file, '', scheme);
    await page.$$eval('details', (ds) => ds.forEach((d) => d.setAttribute('open', '')));
    expect(await axeViolations(page)).toEqual([]);
    // The page's colours are the project's tokens for this theme.
    const tokens = JSON.parse(readFileSync(join(repo.app, 'design/contracts/tokens.json'), 'utf8')) as { color: { neutral: Record<string, { $value: string }> } };
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const hex = scheme === 'light' ? tokens.color.neutral['50']?.$value : tokens.color.neutral['950']?.$value;
    expect(bg).toBe(rgb(hex ?? ''));
    await page.$$eval('details', (ds) => ds.forEach((d) => d.removeAttribute('open')));
    const shot = join(ARTIFACTS, `report-${scheme}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
    await page.close();
  });
});

function rgb(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('the report of an empty starter', () => {
  it('says what is not there yet instead of drawing empty charts, and passes axe-core', async () => {
    const { app } = starterRepo('dsctl-report-empty-');
    const { page } = await open(await report(app));
    for (const id of ['runs', 'components', 'benchmarks']) {
      expect(await page.locator(`#${id} [data-chart]`).count(), id).toBe(0);
      expect(await page.locator(`#${id} [data-missing]`).textContent(), id).toMatch(/^No .* yet/);
    }
    expect(await page.textContent('#components [data-missing]')).toContain('dsctl component add <Name>');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});

describe('the report at scale', () => {
  it('renders 100,000 run records and a ledger of 5,000 runs within 2 s, in a page under 2 MB', async () => {
    const { app } = starterRepo('dsctl-report-scale-');
    writeRunLog(join(app, '.dsctl/runs.jsonl'), (function* () {
      // One every 7 minutes: 486 days, so the page counts them by week.
      for (let i = 0; i < 100_000; i++) yield syntheticRun(i, Date.UTC(2025, 6, 1), 7);
    })());
    writeFileSync(join(app, 'design/run-ledger.json'), `${JSON.stringify({ version: 1, entries: Array.from({ length: 5000 }, (_, i) => ledgerRun(i)) })}\n`);
    const started = Date.now();
    const file = await report(app);
    const generated = Date.now() - started;
    const bytes = statSync(file).size;
    const { page } = await open(file);
    // Measured inside the page, from navigation start to the end of the page's own drawing: the launch of
    // the browser and the load of a test machine are not in it.
    const rendered = await page.evaluate(() => performance.getEntriesByName('dsctl-report-rendered')[0]?.startTime ?? Number.NaN);
    console.log(`dsctl report, 100,000 runs + 5,000 ledger runs: written in ${generated} ms, ${(bytes / 1024).toFixed(0)} KiB, rendered in ${rendered.toFixed(0)} ms`);
    expect(await page.textContent('[data-summary="runs"]')).toMatch(/^100,000 runs from /);
    expect(await page.textContent('[data-summary="components"]')).toMatch(/^5,000 component runs in the ledger/);
    expect(await page.locator('[data-chart] svg').count()).toBeGreaterThan(6);
    expect(await page.textContent('[data-chart="runs-by-status"] h3')).toBe('Runs per week by status');
    const weeks = await tableRows(page, '[data-table="runs-by-status"]');
    expect(weeks.reduce((n, r) => n + Number(r[4]?.replace(/,/g, '')), 0)).toBe(100_000);
    expect(weeks.every((r) => new Date(`${r[0]}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(bytes).toBeLessThan(SIZE_BOUND);
    expect(rendered).toBeLessThan(RENDER_BOUND_MS);
    await page.close();
  }, 180_000);
});
