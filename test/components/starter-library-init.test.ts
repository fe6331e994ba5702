import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentRisk } from '../../src/components/risk.js';
import type { ComponentContract } from '../../src/contracts/component-types.js';
import { fixtureApp } from '../adopt/init/fixture-apps.js';
import { dsctl } from '../support/cli.js';
import { tempDir } from '../support/temp-dir.js';

const CONTRACTS = 'design/contracts/components';
const LIBRARY_SCRIPTS = { typecheck: 'tsc --noEmit -p tsconfig.json', build: 'tsc -p tsconfig.build.json', test: 'vitest run', 'a11y:test': 'vitest run .a11y.test.tsx', 'a11y:coverage': 'dsctl a11y coverage' };
const DESIGN_SCRIPTS = ['design:build', 'design:check', 'design:drift', 'design:lint'];

interface PackageJson {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
}

const readJson = <T>(dir: string, rel: string) => JSON.parse(readFileSync(join(dir, rel), 'utf8')) as T;
const contracts = (app: string) => readdirSync(join(app, CONTRACTS)).filter((f) => f.endsWith('.contract.json')).map((f) => readJson<ComponentContract>(app, `${CONTRACTS}/${f}`));

function init(...args: string[]): string {
  const dir = tempDir();
  const run = dsctl(['init', 'app', ...args], dir);
  expect(run.code, run.stderr).toBe(0);
  return join(dir, 'app');
}

describe('dsctl init --components (built binary)', () => {
  it('react is the default for an empty folder: a component per contract, an a11y test per interactive one, checked clean', () => {
    const app = init();
    for (const contract of contracts(app)) {
      expect(contract.source, contract.name).toBe(`src/components/${contract.name}/index.tsx`);
      expect(existsSync(join(app, contract.source as string)), contract.name).toBe(true);
      // risk.ts decides which components need the behavioural test; display ones have none.
      const test = join(app, `src/components/${contract.name}/${contract.name}.a11y.test.tsx`);
      expect(existsSync(test), `${contract.name} (${componentRisk(contract).risk})`).toBe(componentRisk(contract).risk === 'interactive');
    }
    expect(contracts(app).filter((c) => componentRisk(c).risk === 'interactive').map((c) => c.name).sort()).toEqual(['Button', 'Checkbox', 'Dialog', 'IconButton', 'Tabs', 'TextField']);
    for (const file of ['tsconfig.json', 'tsconfig.build.json', 'vitest.config.ts', 'src/test/axe.ts', 'src/styles/components.css']) expect(existsSync(join(app, file)), file).toBe(true);
    expect(readFileSync(join(app, '.gitignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['dist/', 'node_modules/', '.dsctl/*']));
    expect(readJson<PackageJson>(app, 'package.json').scripts).toMatchObject(LIBRARY_SCRIPTS);

    // The contracts are compared with the code by `dsctl check`, and the library lints clean.
    const check = dsctl(['check'], app);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stderr).toMatch(/8 components checked, no problems/);
    const coverage = dsctl(['a11y', 'coverage'], app);
    expect(coverage.code, coverage.stdout).toBe(0);
    expect(coverage.stderr).toContain('6 interactive component(s): 6 covered, 0 waived, 0 missing, 0 without code');
    const lint = dsctl(['lint', 'src', '--json'], app);
    expect(lint.code, lint.stdout).toBe(0);
    expect(JSON.parse(lint.stdout)).toMatchObject({ ok: true, data: { errorCount: 0, warnCount: 0, fileProblemCount: 0 } });
  });

  it("pins the library's devDependencies to the versions dsctl itself is tested with", () => {
    const app = init();
    const starter = readJson<PackageJson>(app, 'package.json').devDependencies;
    const own = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageJson;
    const names = Object.keys(starter).filter((n) => n !== 'dsctl');
    expect(names.sort()).toEqual(['@testing-library/dom', '@testing-library/react', '@testing-library/user-event', '@types/react', '@types/react-dom', 'axe-core', 'jsdom', 'react', 'react-dom', 'typescript', 'vitest']);
    for (const name of names) expect(starter[name], name).toBe(own.devDependencies[name] ?? own.dependencies?.[name]);
  });

  it('--components none: the design system without the library, and contracts that point at no code', () => {
    const app = init('--components', 'none');
    for (const file of ['src', 'tsconfig.json', 'tsconfig.build.json', 'vitest.config.ts']) expect(existsSync(join(app, file)), file).toBe(false);
    for (const contract of contracts(app)) expect(contract.source, contract.name).toBeUndefined();
    // Only the `source` line goes: the rest of each contract is the template's, byte for byte.
    const template = readFileSync(new URL('../../templates/starter/design/contracts/components/tabs.contract.json', import.meta.url), 'utf8');
    expect(readFileSync(join(app, CONTRACTS, 'tabs.contract.json'), 'utf8')).toBe(template.replace('  "source": "src/components/Tabs/index.tsx",\n', ''));
    const pkg = readJson<PackageJson>(app, 'package.json');
    expect(Object.keys(pkg.scripts).sort()).toEqual(DESIGN_SCRIPTS);
    expect(Object.keys(pkg.devDependencies)).toEqual(['dsctl']);
    expect(readFileSync(join(app, '.gitignore'), 'utf8')).not.toContain('dist/');

    const check = dsctl(['check'], app);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stderr).toMatch(/8 components checked, no problems/);
    const coverage = dsctl(['a11y', 'coverage'], app);
    expect(coverage.code).toBe(0);
    expect(coverage.stderr).toContain('6 interactive component(s): 0 covered, 0 waived, 0 missing, 6 without code');
  });

  it('--dry-run lists the library with react and leaves it out with none', () => {
    const dir = tempDir();
    const react = dsctl(['init', 'app', '--dry-run'], dir);
    expect(react.code).toBe(0);
    expect(react.stdout).toContain('  + src/components/Tabs/index.tsx\n');
    expect(react.stdout).toContain('  + src/components/Tabs/Tabs.a11y.test.tsx\n');
    const none = dsctl(['init', 'app', '--dry-run', '--components', 'none'], dir);
    expect(none.code).toBe(0);
    expect(none.stdout).not.toContain('src/components');
    expect(none.stdout).toContain('  + design/contracts/components/tabs.contract.json\n');
  });

  it('rejects a library it does not have, with exit 2 and the choices', () => {
    const run = dsctl(['init', 'app', '--components', 'vue'], tempDir());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("argument 'vue' is invalid. Allowed choices are react, none.");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('an adopted repository gets no starter components, scripts or library configs; --components react is refused there', () => {
    const root = fixtureApp('vite-react');
    const refused = dsctl(['init', '--yes', '--components', 'react'], root);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is an existing repository: --components react writes the starter\'s library into an empty folder only');
    expect(existsSync(join(root, 'dsctl.config.json'))).toBe(false);

    const run = dsctl(['init', '--yes'], root);
    expect(run.code, run.stderr).toBe(0);
    for (const name of ['Badge', 'Button', 'Tabs']) expect(existsSync(join(root, 'src/components', name)), name).toBe(false);
    for (const file of ['tsconfig.build.json', 'vitest.config.ts', 'src/test/axe.ts', 'src/styles/components.css']) expect(existsSync(join(root, file)), file).toBe(false);
    const pkg = readJson<PackageJson>(root, 'package.json');
    // The repository's own build stays; dsctl adds only its design:* scripts and itself.
    expect(pkg.scripts).toEqual({ dev: 'vite', build: 'tsc -b && vite build', ...Object.fromEntries(DESIGN_SCRIPTS.map((s) => [s, expect.any(String)])) });
    expect(Object.keys(pkg.devDependencies)).not.toContain('vitest');
    expect(readFileSync(join(root, '.gitignore'), 'utf8')).not.toContain('*.tsbuildinfo');
    for (const contract of contracts(root)) expect(String(contract.source ?? '')).not.toMatch(/^src\/components\/[A-Z]\w+\/index\.tsx$/);
  });

  it('a second init of a starter with the library (--force: an adoption) keeps the contracts tied to their code', () => {
    const app = init();
    const run = dsctl(['init', '--yes', '--force'], app);
    expect(run.code, run.stderr).toBe(0);
    for (const contract of contracts(app)) expect(contract.source, contract.name).toBe(`src/components/${contract.name}/index.tsx`);
    const coverage = dsctl(['a11y', 'coverage'], app);
    expect(coverage.stderr).toContain('6 interactive component(s): 6 covered, 0 waived, 0 missing, 0 without code');
    expect(dsctl(['check'], app).code).toBe(0);
  });
});
