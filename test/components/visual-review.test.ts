import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findContract } from '../../src/components/risk.js';
import { renderCases, renderComponentShots } from '../../src/components/visual-review.js';
import { pageStyles } from '../../src/loops/workflows/component-add/visual-stage.js';
import { loadProject } from '../../src/project/project.js';
import { starterProject } from '../support/project.js';

const OWN_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

/** The starter with dsctl's own React linked in (the tests do not install packages). */
function withReact(): string {
  const dir = starterProject();
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const name of ['react', 'react-dom', 'scheduler']) if (existsSync(join(OWN_MODULES, name))) symlinkSync(join(OWN_MODULES, name), join(dir, 'node_modules', name));
  return dir;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('visual review screenshots', () => {
  it('lists a case per variant option, size and state from the contract', () => {
    const project = loadProject({ cwd: starterProject() });
    expect(renderCases('Badge', findContract(project, 'Badge')).map((c) => c.id)).toEqual(['default', 'tone-success', 'tone-warning', 'tone-danger', 'tone-info', 'size-md']);
    const tabs = renderCases('Tabs', findContract(project, 'Tabs'));
    expect(tabs.map((c) => [c.id, c.action ?? null])).toEqual([
      ['default', null],
      ['appearance-contained', null],
      ['size-sm', null],
      ['state-hover', 'hover'],
      ['state-focus-visible', 'focus'],
      ['state-selected', null],
      ['state-disabled', null],
    ]);
    expect(tabs.find((c) => c.id === 'state-disabled')?.props).toEqual({ disabled: true });
  });

  it('renders every case of the starter Badge in headless Chromium, light and dark, with the Tailwind classes compiled', async () => {
    const dir = withReact();
    const project = loadProject({ cwd: dir });
    const result = await renderComponentShots({
      root: dir,
      component: 'Badge',
      source: 'src/components/Badge/index.tsx',
      preview: 'src/components/Badge/Badge.preview.tsx',
      contract: findContract(project, 'Badge'),
      outDir: '.dsctl/visual',
      styles: await pageStyles(project),
    });
    expect(result.problems).toEqual([]);
    expect(result.shots.map((s) => `${s.id}-${s.scheme}`)).toEqual([
      ...['default', 'tone-success', 'tone-warning', 'tone-danger', 'tone-info', 'size-md'].map((id) => `${id}-light`),
      ...['default', 'tone-success', 'tone-warning', 'tone-danger', 'tone-info', 'size-md'].map((id) => `${id}-dark`),
    ]);
    const bytes = (file: string) => readFileSync(join(dir, file));
    for (const shot of result.shots) expect(bytes(shot.file).subarray(0, 4)).toEqual(PNG);
    // The dark theme re-points the colour roles: the same case looks different.
    expect(bytes('.dsctl/visual/tone-success-light.png').equals(bytes('.dsctl/visual/tone-success-dark.png'))).toBe(false);
    // Tailwind generated the component's utilities, with the project's colour roles.
    const page = readFileSync(join(dir, '.dsctl/visual/index.html'), 'utf8');
    expect(page).toContain('.bg-success-bg');
  }, 60_000);

  it('uses the preview file when there is one, and reports a case that throws instead of failing', async () => {
    const dir = withReact();
    writeFileSync(join(dir, 'src/components/Badge/Badge.preview.tsx'), "import { Badge } from './index';\nfunction Broken(): never { throw new Error('no data'); }\nexport const cases = [{ id: 'ok', label: 'Active', element: <Badge tone=\"success\">Active</Badge> }, { id: 'broken', label: 'Broken', element: <Broken /> }];\n");
    const result = await renderComponentShots({ root: dir, component: 'Badge', source: 'src/components/Badge/index.tsx', preview: 'src/components/Badge/Badge.preview.tsx', contract: undefined, outDir: '.dsctl/visual' });
    expect(result.shots.map((s) => `${s.id}-${s.scheme}`)).toEqual(['ok-light', 'ok-dark']);
    expect(result.problems).toEqual(['Broken: no data']);
  }, 60_000);

  it("the page of the agent's component gets no network", async () => {
    const dir = withReact();
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      writeFileSync(join(dir, 'src/components/Badge/Badge.preview.tsx'), `export const cases = [{ id: 'leak', label: 'Leak', element: <img alt="" src="http://127.0.0.1:${port}/leak" /> }];\n`);
      const result = await renderComponentShots({ root: dir, component: 'Badge', source: 'src/components/Badge/index.tsx', preview: 'src/components/Badge/Badge.preview.tsx', contract: undefined, outDir: '.dsctl/visual' });
      expect(result.shots.map((s) => s.id)).toEqual(['leak', 'leak']);
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);

  it("the page of the agent's component cannot picture a local file", async () => {
    const dir = withReact();
    // A file with something to see, and one that does not exist: if the page could load file: URLs, the two pictures would differ.
    writeFileSync(join(dir, 'secret.html'), '<body style="background:#e00;font-size:40px">TOKEN=abc123</body>');
    const frame = (file: string) => `<iframe title="x" width="300" height="120" src="${pathToFileURL(join(dir, file)).href}" />`;
    writeFileSync(join(dir, 'src/components/Badge/Badge.preview.tsx'), `export const cases = [{ id: 'secret', label: 'Secret', element: ${frame('secret.html')} }, { id: 'missing', label: 'Missing', element: ${frame('missing.html')} }];\n`);
    const result = await renderComponentShots({ root: dir, component: 'Badge', source: 'src/components/Badge/index.tsx', preview: 'src/components/Badge/Badge.preview.tsx', contract: undefined, outDir: '.dsctl/visual' });
    expect(result.shots.map((s) => `${s.id}-${s.scheme}`)).toEqual(['secret-light', 'missing-light', 'secret-dark', 'missing-dark']);
    const picture = (id: string) => readFileSync(join(dir, result.shots.find((s) => s.id === id && s.scheme === 'light')?.file ?? ''));
    expect(picture('secret').equals(picture('missing'))).toBe(true);
  }, 60_000);

  it('without React to bundle, it says so and renders nothing', async () => {
    const dir = starterProject();
    const result = await renderComponentShots({ root: dir, component: 'Badge', source: 'src/components/Badge/index.tsx', preview: 'x.preview.tsx', contract: undefined, outDir: '.dsctl/visual' });
    expect(result.shots).toEqual([]);
    expect(result.problems[0]).toMatch(/^the harness did not bundle \(esbuild\): Could not resolve "react/);
  });
});
