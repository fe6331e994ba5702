import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { a11yCoverage, type CoverageOptions } from '../../src/components/a11y-coverage.js';
import { loadProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';

interface Setup {
  /** Contract name → source path given to its contract (made a draft, so the code need not match it). */
  readonly sources?: Record<string, string>;
  /** Files to create, project-relative. */
  readonly files?: readonly string[];
  readonly waivers?: readonly string[];
}

const CONTRACT_FILES: Record<string, string> = { Button: 'button', Checkbox: 'checkbox', Dialog: 'dialog', Badge: 'badge' };

function project(setup: Setup) {
  // The design system without its React library: these cases give contracts code of their own.
  const dir = starterProject({ components: 'none' });
  for (const [name, source] of Object.entries(setup.sources ?? {})) {
    editJson(dir, `design/contracts/components/${CONTRACT_FILES[name]}.contract.json`, (c) => {
      c.source = source;
      c.status = 'draft';
    });
  }
  for (const file of setup.files ?? []) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), file.includes('.a11y.test.') ? 'test("keys", () => {})\n' : `export function ${file.split('/').pop()?.replace(/\..*$/, '')}() { return <button /> }\n`);
  }
  editJson(dir, 'design/policy.json', (p) => {
    if (setup.waivers) p.a11yWaivers = setup.waivers;
  });
  return loadProject({ cwd: dir });
}

const codes = (setup: Setup, options?: CoverageOptions) =>
  a11yCoverage(project(setup), options)
    .problems.filter((p) => p.severity === 'error')
    .map((p) => `${p.code} ${p.message}`);

describe('a11yCoverage', () => {
  it('on the starter without its library: six interactive contracts without code are notes, not failures; display ones are skipped', () => {
    const result = a11yCoverage(project({}));
    expect(result.problems.map((p) => [p.severity, p.code])).toEqual(Array(6).fill(['info', 'a11y/no-code']));
    expect(result.components.filter((c) => c.status === 'display').map((c) => c.name)).toEqual(['Badge', 'Card']);
  });

  it.each<[string, Setup, CoverageOptions | undefined, string[]]>([
    ['a test next to the source covers it', { sources: { Button: 'src/ui/Button.tsx' }, files: ['src/ui/Button.tsx', 'src/ui/Button.a11y.test.tsx'] }, undefined, []],
    ['a kebab-case source may name its test the same way', { sources: { Button: 'src/ui/button.tsx' }, files: ['src/ui/button.tsx', 'src/ui/button.a11y.test.tsx'] }, undefined, []],
    [
      'a missing test fails',
      { sources: { Checkbox: 'src/ui/Checkbox.tsx' }, files: ['src/ui/Checkbox.tsx'] },
      undefined,
      ['a11y/test-missing Checkbox is interactive (type is "input"; accessibility role names "checkbox"; keyboard contract handles "Space") but has no src/ui/Checkbox.a11y.test.tsx'],
    ],
    ['a waiver lets it pass', { sources: { Checkbox: 'src/ui/Checkbox.tsx' }, files: ['src/ui/Checkbox.tsx'], waivers: ['Checkbox'] }, undefined, []],
    [
      'a waiver whose test now exists is stale',
      { sources: { Button: 'src/ui/Button.tsx' }, files: ['src/ui/Button.tsx', 'src/ui/Button.a11y.test.tsx'], waivers: ['Button'] },
      undefined,
      ['a11y/waiver-stale Button has its test src/ui/Button.a11y.test.tsx now, so its waiver is stale: remove "Button" from a11yWaivers'],
    ],
    ['a waiver for a display component', { waivers: ['Badge'] }, undefined, ['a11y/waiver-not-interactive a11yWaivers names Badge, which is not interactive and needs no a11y test: remove it']],
    ['a waiver for no component', { waivers: ['Buton'] }, undefined, ['a11y/waiver-unknown a11yWaivers names "Buton", which is no component: did you mean "Button"?']],
    ['a waiver of an interactive component without code is kept', { waivers: ['Dialog'] }, undefined, []],
    ['a waiver kept since the merge base passes', { sources: { Checkbox: 'src/ui/Checkbox.tsx' }, files: ['src/ui/Checkbox.tsx'], waivers: ['Checkbox'] }, { baseWaivers: ['Checkbox', 'Dialog'] }, []],
    [
      'a waiver added since the merge base fails',
      { sources: { Checkbox: 'src/ui/Checkbox.tsx' }, files: ['src/ui/Checkbox.tsx'], waivers: ['Checkbox'] },
      { baseWaivers: [], baseRef: 'main' },
      ['a11y/waiver-added waiver "Checkbox" is not in a11yWaivers at main: waivers may not be added, only removed; write the test instead'],
    ],
  ])('%s', (_what, setup, options, expected) => {
    expect(codes(setup, options)).toEqual(expected);
  });

  it('locates waiver errors in the policy', () => {
    const [problem] = a11yCoverage(project({ waivers: ['Dialog', 'Badge'] })).problems.filter((p) => p.severity === 'error');
    expect(problem).toMatchObject({ file: 'design/policy.json', pointer: '/a11yWaivers/1' });
    expect(problem?.line).toBeGreaterThan(1);
  });
});
