import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initProject } from '../../src/project/init.js';
import { linkDsctlModules, npmRun } from '../support/linked-modules.js';

const TABS = 'src/components/Tabs/index.tsx';
// The arrow keys of the Tabs keyboard contract; removing them is the planted regression.
const ARROW_KEYS = 'ArrowRight: at + 1, ArrowLeft: at - 1, ';

/**
 * The starter's own gate for its React library (issue 17, item 0), with the real scripts of its
 * package.json: a project written by init, dsctl's node_modules linked in instead of an install.
 */
describe("the starter's component library passes its own gate", () => {
  let app: string;
  beforeAll(() => {
    app = mkdtempSync(join(tmpdir(), 'dsctl-library-'));
    initProject(app);
    linkDsctlModules(app);
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it('typecheck: the library and its tests type-check under the starter\'s tsconfig', () => {
    const run = npmRun('typecheck', app);
    expect(run.code, run.output).toBe(0);
  }, 180_000);

  it('build: tsc emits the library (JavaScript and declarations) to dist/', () => {
    const run = npmRun('build', app);
    expect(run.code, run.output).toBe(0);
    for (const name of ['Badge', 'Button', 'Card', 'Checkbox', 'Dialog', 'IconButton', 'Tabs', 'TextField']) {
      expect(existsSync(join(app, 'dist/components', name, 'index.js')), name).toBe(true);
      expect(existsSync(join(app, 'dist/components', name, 'index.d.ts')), name).toBe(true);
    }
    // Tests are not part of the library.
    expect(existsSync(join(app, 'dist/components/Tabs/Tabs.a11y.test.js'))).toBe(false);
    expect(existsSync(join(app, 'dist/test'))).toBe(false);
    expect(readFileSync(join(app, 'dist', 'index.d.ts'), 'utf8')).toContain('Tabs');
  }, 180_000);

  it('a11y:coverage: every interactive component has its behavioural test', () => {
    const run = npmRun('a11y:coverage', app);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('6 interactive component(s): 6 covered, 0 waived, 0 missing, 0 without code');
  }, 180_000);

  it('a11y:test: the behavioural tests pass, and axe\'s layout rules are reported as not checked', () => {
    const run = npmRun('a11y:test', app);
    expect(run.code, run.output).toBe(0);
    for (const file of ['Button', 'Checkbox', 'Dialog', 'IconButton', 'Tabs', 'TextField']) expect(run.output).toContain(`src/components/${file}/${file}.a11y.test.tsx`);
    expect(run.output).toMatch(/Test Files +6 passed \(6\)/);
    expect(run.output).toContain("axe on jsdom: not checked (needs a browser's layout): color-contrast");
    expect(run.output).toMatch(/not checked \(needs a browser's layout\): [^\n]*target-size/);
  }, 180_000);

  it('a planted regression in Tabs (arrow keys removed) fails a11y:test, naming the tests', () => {
    const source = readFileSync(join(app, TABS), 'utf8');
    expect(source).toContain(ARROW_KEYS);
    writeFileSync(join(app, TABS), source.replace(ARROW_KEYS, ''));
    const run = npmRun('a11y:test', app);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('FAIL  src/components/Tabs/Tabs.a11y.test.tsx > Tabs > ArrowRight moves focus to and selects the next tab, wrapping to the first');
    expect(run.output).toContain('FAIL  src/components/Tabs/Tabs.a11y.test.tsx > Tabs > ArrowLeft moves focus to and selects the previous tab, wrapping to the last');
    // Only the tests of the removed keys fail: Home and End still work.
    expect(run.output).not.toContain('Tabs > Home selects the first tab');
    expect(run.output).toMatch(/Test Files +1 failed \| 5 passed \(6\)/);
  }, 180_000);
});
