import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentContract } from '../contracts/component-types.js';

/*
 * The visual review of the component loop: the runner renders every variant, size and state of the new
 * component in headless Chromium (Debian's, through playwright-core), light and dark, so a person looks
 * at screenshots instead of starting a dev server. The component is bundled with a tiny harness page by
 * esbuild; its Tailwind classes are compiled by dsctl's own tailwindcss against the project's theme.
 */

export const CHROMIUM = '/usr/bin/chromium';
export const SCHEMES = ['light', 'dark'] as const;

export interface RenderCase {
  readonly id: string;
  readonly label: string;
  readonly props: Readonly<Record<string, unknown>>;
  /** Put the pointer on it or focus it (by keyboard) before the screenshot. */
  readonly action?: 'hover' | 'focus';
}

export interface VisualShot {
  readonly id: string;
  readonly label: string;
  readonly scheme: (typeof SCHEMES)[number];
  /** Project-relative PNG. */
  readonly file: string;
}

export interface RenderInput {
  readonly root: string;
  readonly component: string;
  /** Project-relative component module. */
  readonly source: string;
  /** Project-relative `<Name>.preview.tsx`: `export const cases = [{ id, label, element, action? }]`; used when it exists. */
  readonly preview: string;
  readonly contract: ComponentContract | undefined;
  /** Project-relative folder for the harness and the screenshots. */
  readonly outDir: string;
  /** Stylesheets for the page: a Tailwind entry (compiled against the component's classes) and plain CSS. */
  readonly styles?: { readonly tailwind?: { readonly css: string; readonly base: string }; readonly css?: string };
  /** Default: CHROMIUM. */
  readonly executablePath?: string;
}

export interface RenderResult {
  readonly shots: readonly VisualShot[];
  /** What could not be rendered, and why: shown to the person beside the screenshots. */
  readonly problems: readonly string[];
}

const STATE_PROPS: Readonly<Record<string, Record<string, unknown>>> = { disabled: { disabled: true }, loading: { loading: true }, invalid: { invalid: true, 'aria-invalid': true }, checked: { checked: true }, open: { open: true } };

/** Every variant option, size and state of the contract, each from the defaults (generic props; a preview file does better). */
export function renderCases(name: string, contract: ComponentContract | undefined): RenderCase[] {
  const cases: RenderCase[] = [{ id: 'default', label: `${name} (defaults)`, props: {} }];
  for (const [axis, spec] of Object.entries(contract?.variants ?? {})) {
    for (const option of spec.options) if (option !== spec.default) cases.push({ id: `${axis}-${option}`, label: `${axis}=${option}`, props: { [axis]: option } });
  }
  for (const option of contract?.sizes?.options ?? []) if (option !== contract?.sizes?.default) cases.push({ id: `size-${option}`, label: `size=${option}`, props: { size: option } });
  for (const state of contract?.states ?? []) {
    if (state === 'default') continue;
    const id = `state-${state.replace(/[^\w-]+/g, '-')}`;
    if (state === 'hover') cases.push({ id, label: 'state: hover', props: {}, action: 'hover' });
    else if (state === 'focus' || state === 'focus-visible') cases.push({ id, label: `state: ${state}`, props: {}, action: 'focus' });
    else cases.push({ id, label: `state: ${state}`, props: STATE_PROPS[state] ?? { [state.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())]: true } });
  }
  return cases;
}

const own = createRequire(import.meta.url);

/** dsctl's own copy of a package, loaded at run time (esbuild and playwright-core carry native code and assets: never bundled). */
async function importOwn<T>(name: string): Promise<T> {
  const mod = (await import(pathToFileURL(own.resolve(name)).href)) as T & { default?: T };
  return (mod.default ?? mod) as T;
}

interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ errors: { text: string }[] }>;
}
interface Tailwind {
  compile(css: string, options: { base: string; loadStylesheet: (id: string, base: string) => Promise<{ path: string; base: string; content: string }> }): Promise<{ build(candidates: string[]): string }>;
}
interface Locator {
  screenshot(o: { path: string }): Promise<unknown>;
  hover(): Promise<void>;
  focus(): Promise<void>;
  first(): Locator;
  locator(selector: string): Locator;
  count(): Promise<number>;
  getAttribute(name: string): Promise<string | null>;
}
interface Page {
  goto(url: string): Promise<unknown>;
  emulateMedia(o: { colorScheme: string }): Promise<void>;
  waitForFunction(fn: string, arg?: unknown, o?: { timeout: number }): Promise<unknown>;
  locator(selector: string): Locator;
  keyboard: { press(key: string): Promise<void> };
  route(url: (url: URL) => boolean, handler: (route: { abort(): Promise<void> }) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}
interface Browser {
  newPage(o: Record<string, unknown>): Promise<Page>;
  close(): Promise<void>;
}
interface Playwright {
  chromium: { launch(o: Record<string, unknown>): Promise<Browser> };
}

/** Renders the component's cases in light and dark; what fails (no React, no Chromium, a case that throws) becomes a problem, never a throw. */
export async function renderComponentShots(input: RenderInput): Promise<RenderResult> {
  const problems: string[] = [];
  const out = join(input.root, input.outDir);
  mkdirSync(out, { recursive: true });
  const source = join(input.root, input.source);
  if (!existsSync(source)) return { shots: [], problems: [`${input.source} does not exist`] };
  const previewFile = join(input.root, input.preview);
  const hasPreview = existsSync(previewFile);
  const cases = hasPreview ? undefined : renderCases(input.component, input.contract);
  writeFileSync(join(out, 'harness.tsx'), harness(input.component, relativeImport(out, source), hasPreview ? relativeImport(out, previewFile) : undefined, cases));

  try {
    const esbuild = await importOwn<Esbuild>('esbuild');
    await esbuild.build({
      absWorkingDir: input.root,
      entryPoints: [join(out, 'harness.tsx')],
      outfile: join(out, 'bundle.js'),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      jsx: 'automatic',
      loader: { '.css': 'css', '.svg': 'dataurl', '.png': 'dataurl' },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
  } catch (error) {
    return { shots: [], problems: [`the harness did not bundle (esbuild): ${firstError(error)}`] };
  }

  let css = input.styles?.css ?? '';
  if (input.styles?.tailwind) {
    try {
      const tailwind = await importOwn<Tailwind>('tailwindcss');
      const { resolveStylesheet } = await import('../lint/tailwind/stylesheets.js');
      const compiler = await tailwind.compile(input.styles.tailwind.css, {
        base: input.styles.tailwind.base,
        loadStylesheet: async (id, from) => {
          const path = resolveStylesheet(id, from);
          return { path, base: dirname(path), content: readFileSync(path, 'utf8') };
        },
      });
      css += `\n${compiler.build(candidates([readFileSync(source, 'utf8'), ...(hasPreview ? [readFileSync(previewFile, 'utf8')] : [])]))}`;
    } catch (error) {
      problems.push(`Tailwind CSS was not compiled: ${firstError(error)}`);
    }
  }
  const bundleCss = existsSync(join(out, 'bundle.css')) ? '<link rel="stylesheet" href="bundle.css">' : '';
  writeFileSync(join(out, 'index.html'), `<!doctype html><html><head><meta charset="utf-8"><style>${css.replace(/<\/style/gi, '<\\/style')}</style>${bundleCss}<style>body{margin:0;padding:16px;font-family:system-ui,sans-serif}[data-case]{display:inline-block;padding:12px;margin:4px}</style></head><body class="bg-bg text-fg"><div id="root"></div><script src="bundle.js"></script></body></html>\n`);

  const executablePath = input.executablePath ?? CHROMIUM;
  if (!existsSync(executablePath)) return { shots: [], problems: [...problems, `no Chromium at ${executablePath} (Debian: apt-get install chromium)`] };
  let browser: Browser | undefined;
  let server: HarnessServer | undefined;
  const shots: VisualShot[] = [];
  try {
    const { chromium } = await importOwn<Playwright>('playwright-core');
    // The page runs the agent's component, and its screenshots go into a PR: it is served from a
    // loopback origin that holds the harness files only, so Chromium refuses it any file: URL (an
    // <iframe src="file:///…/.env"> would otherwise be pictured), and every other request is aborted.
    // Chromium keeps its own sandbox unless it cannot (as root).
    server = await serveHarness(out);
    const origin = server.origin;
    const asRoot = process.getuid?.() === 0;
    browser = await chromium.launch({ executablePath, headless: true, args: [...(asRoot ? ['--no-sandbox'] : []), '--disable-gpu'] });
    for (const scheme of SCHEMES) {
      const page = await browser.newPage({ viewport: { width: 900, height: 700 }, colorScheme: scheme, deviceScaleFactor: 1 });
      await page.route((url) => url.origin !== origin, (route) => route.abort());
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${origin}/index.html#${scheme}`);
      await page.waitForFunction('window.__dsctlReady === true', undefined, { timeout: 15_000 });
      const boxes = page.locator('[data-case]');
      const count = await boxes.count();
      for (let i = 0; i < count; i++) {
        const box = page.locator(`[data-case-index="${i}"]`);
        const id = (await box.getAttribute('data-case')) ?? `case-${i}`;
        const label = (await box.getAttribute('data-label')) ?? id;
        const failed = await box.getAttribute('data-error');
        if (failed) {
          if (scheme === 'light') problems.push(`${label}: ${failed}`);
          continue;
        }
        const action = await box.getAttribute('data-action');
        const target = box.locator('[data-target] > *').first();
        if (action === 'hover') await target.hover().catch(() => undefined);
        if (action === 'focus') {
          const focusable = box.locator('button, a[href], input, select, textarea, [tabindex]').first();
          if ((await focusable.count()) > 0) await focusable.focus();
        }
        const file = `${input.outDir}/${id}-${scheme}.png`;
        await box.screenshot({ path: join(input.root, file) });
        shots.push({ id, label, scheme, file });
      }
      await page.close();
    }
  } catch (error) {
    problems.push(`Chromium did not render the page: ${firstError(error)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close();
  }
  return { shots, problems };
}

interface HarnessServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** The harness page, its bundle and its styles over http on 127.0.0.1; nothing else is served. */
async function serveHarness(dir: string): Promise<HarnessServer> {
  const types: Readonly<Record<string, string>> = { '/index.html': 'text/html', '/bundle.js': 'text/javascript', '/bundle.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const type = types[path];
    if (type === undefined || !existsSync(join(dir, path))) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(readFileSync(join(dir, path)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Class-like words in the component's string literals: what Tailwind generates CSS for. */
function candidates(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) for (const w of (m[2] ?? '').split(/\s+/)) if (/^[!-~]+$/.test(w)) words.add(w);
  return [...words];
}

function relativeImport(from: string, file: string): string {
  const rel = relative(from, file).split('\\').join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function firstError(error: unknown): string {
  const e = error as { errors?: { text: string }[]; message?: string };
  return (e.errors?.[0]?.text ?? e.message ?? String(error)).split('\n')[0] ?? 'unknown error';
}

function harness(name: string, source: string, preview: string | undefined, cases: readonly RenderCase[] | undefined): string {
  return `// Generated by dsctl for the visual review of ${name}. Do not edit.
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import * as Mod from ${JSON.stringify(source)};
${preview ? `import * as Preview from ${JSON.stringify(preview)};` : ''}
const Component: any = (Mod as any)[${JSON.stringify(name)}] ?? (Mod as any).default;
const scheme = location.hash === '#dark' ? 'dark' : 'light';
document.documentElement.setAttribute('data-theme', scheme);
document.documentElement.classList.toggle('dark', scheme === 'dark');
type Case = { id: string; label: string; element?: React.ReactNode; props?: Record<string, unknown>; action?: string };
const cases: Case[] = ${preview ? '((Preview as any).cases ?? [])' : JSON.stringify(cases ?? [])};
class Guard extends React.Component<{ children: React.ReactNode; onError: (m: string) => void }, { error?: string }> {
  state: { error?: string } = {};
  static getDerivedStateFromError(error: unknown) { return { error: String((error as Error)?.message ?? error) }; }
  componentDidCatch(error: unknown) { this.props.onError(String((error as Error)?.message ?? error)); }
  render() { return this.state.error ? null : this.props.children; }
}
function Box({ c, i }: { c: Case; i: number }) {
  const [error, setError] = React.useState<string | undefined>(undefined);
  const element = c.element ?? (Component ? React.createElement(Component, c.props ?? {}, ${JSON.stringify(name)}) : null);
  return React.createElement('div', { 'data-case': c.id, 'data-case-index': i, 'data-label': c.label, 'data-action': c.action ?? '', ...(error || !Component ? { 'data-error': error ?? 'the module exports no ${name}' } : {}) },
    React.createElement('div', { 'data-target': '' }, React.createElement(Guard, { onError: setError }, element)));
}
createRoot(document.getElementById('root')!).render(React.createElement(React.Fragment, null, cases.map((c, i) => React.createElement(Box, { key: c.id, c, i }))));
requestAnimationFrame(() => requestAnimationFrame(() => { (window as any).__dsctlReady = true; }));
`;
}
