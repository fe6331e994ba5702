import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { scanComponents } from '../../src/adopt/components/scan.js';
import { loadTypeScript } from '../../src/adopt/components/typescript.js';
import { contractCodeProblems } from '../../src/components/contract-drift.js';
import { sortProblems } from '../../src/diagnostics/problem.js';
import { loadProject } from '../../src/project/project.js';
import { BUTTON, fixtureApp } from '../adopt/components/fixture.js';
import { editJson, starterProject } from '../support/project.js';

vi.mock('../../src/adopt/components/typescript.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/adopt/components/typescript.js')>();
  return { ...actual, loadTypeScript: vi.fn(actual.loadTypeScript) };
});

const CONTRACTS = 'design/contracts/app-components';
const BUTTON_FILE = 'src/components/ui/button.tsx';

type Edit = (dir: string) => void;
/** A contract as JSON on disk, to edit. */
interface ContractJson {
  status: string;
  variants?: Record<string, { options: string[]; default: string }>;
  props?: { name: string; type: string; required: boolean }[];
  tokens?: string[];
}
const contract = (id: string, edit: (c: ContractJson) => void): Edit => (dir) => editJson<ContractJson>(dir, `${CONTRACTS}/${id}.contract.json`, edit);
const code = (text: string): Edit => (dir) => writeFileSync(join(dir, BUTTON_FILE), text);

/** The fixture app, scanned into drafts; then the edits; then what `dsctl check` says about contract vs code. */
function mismatches(...edits: Edit[]): { severity: string; message: string; pointer?: string }[] {
  const dir = fixtureApp();
  scanComponents({ root: dir, contractsDir: CONTRACTS, schemasDir: 'design/schemas', dirs: [], dryRun: false });
  for (const edit of edits) edit(dir);
  const project = loadProject({ cwd: dir });
  return sortProblems(contractCodeProblems({ root: dir, config: project.config, tokens: project.tokens, components: project.components.components }))
    .filter((p) => p.code === 'component/code-mismatch')
    .map((p) => ({ severity: p.severity, message: p.message, ...(p.pointer === undefined ? {} : { pointer: p.pointer }) }));
}

describe('contract vs code (dsctl check)', () => {
  it('the starter without its library has no contract with a source: nothing is compared, TypeScript is not loaded', () => {
    const before = vi.mocked(loadTypeScript).mock.calls.length;
    const project = loadProject({ cwd: starterProject({ components: 'none' }) });
    expect(contractCodeProblems({ root: project.root, config: project.config, tokens: project.tokens, components: project.components.components })).toEqual([]);
    expect(vi.mocked(loadTypeScript).mock.calls.length).toBe(before);
  });

  it('fresh drafts of React and Vue components agree with their code', () => {
    expect(mismatches()).toEqual([]);
  });

  const XL = BUTTON.replace('lg: "h-12 px-6",', 'lg: "h-12 px-6",\n        xl: "h-14 px-8",');
  it.each<[string, Edit[], { severity: string; message: string; pointer?: string }[]]>([
    ['a variant option the contract lacks (draft: a warning)', [code(XL)], [{ severity: 'warn', message: `contract variants.size lacks "xl", which ${BUTTON_FILE} defines: add it to the contract or remove it from the cva call`, pointer: '/variants/size/options' }]],
    [
      'the same once a person owns the contract (ready: an error)',
      [code(XL), contract('button', (c) => (c.status = 'ready'))],
      [{ severity: 'error', message: `contract variants.size lacks "xl", which ${BUTTON_FILE} defines: add it to the contract or remove it from the cva call`, pointer: '/variants/size/options' }],
    ],
    [
      'an option the code does not define',
      [contract('button', (c) => (c.variants?.['size']?.options.push('xs')))],
      [{ severity: 'warn', message: `contract variants.size has "xs", which ${BUTTON_FILE} does not define: remove it from the contract or add it to the cva call`, pointer: '/variants/size/options' }],
    ],
    [
      'a different default',
      [contract('button', (c) => ((c.variants as Record<string, { default: string }>)['size'] = { ...(c.variants?.['size'] as { options: string[]; default: string }), default: 'sm' }))],
      [{ severity: 'warn', message: `contract variants.size defaults to "sm", ${BUTTON_FILE} to "default": change the contract's default or the cva call's defaultVariants`, pointer: '/variants/size/default' }],
    ],
    [
      'an axis only the contract has',
      [contract('button', (c) => ((c.variants as Record<string, { options: string[]; default: string }>)['tone'] = { options: ['a'], default: 'a' }))],
      [{ severity: 'warn', message: `contract variants.tone is not a variant of ${BUTTON_FILE}: remove it from the contract or add it to the cva call`, pointer: '/variants/tone' }],
    ],
    [
      'an axis only the code has',
      [contract('button', (c) => delete c.variants?.['size'])],
      [{ severity: 'warn', message: `contract variants lacks "size" ("default", "sm", "lg"), which ${BUTTON_FILE} defines: add it to the contract or remove it from the cva call`, pointer: '/variants' }],
    ],
    [
      'a prop only the contract has, and one only the code has',
      [contract('button', (c) => (c.props = [...(c.props ?? []).filter((p) => p.name !== 'asChild'), { name: 'loading', type: 'boolean', required: false }]))],
      [
        { severity: 'warn', message: `contract props lacks "asChild", which ${BUTTON_FILE} declares: add it to the contract or remove it from the component's props`, pointer: '/props' },
        { severity: 'warn', message: `contract props has "loading", which ${BUTTON_FILE} does not declare: remove it from the contract or add it to the component's props`, pointer: '/props/2' },
      ],
    ],
    [
      'a prop whose requiredness or type differs',
      [contract('button', (c) => (c.props = (c.props ?? []).map((p) => (p.name === 'asChild' ? { ...p, required: true, type: 'string' } : p))))],
      [
        { severity: 'warn', message: `contract props "asChild" has type string, ${BUTTON_FILE} declares boolean: change the contract's type or the component's`, pointer: '/props/2/type' },
        { severity: 'warn', message: `contract props "asChild" is required, ${BUTTON_FILE} declares it optional: make the contract or the props type agree`, pointer: '/props/2/required' },
      ],
    ],
    [
      'tokens the classes use that the contract does not list (only once it lists tokens)',
      [contract('button', (c) => (c.tokens = ['color.semantic.light.primary', 'color.semantic.light.primary-hover', 'color.semantic.light.on-primary', 'color.semantic.light.danger.solid', 'color.semantic.light.border', 'color.semantic.light.surface', 'spacing.4', 'spacing.6', 'spacing.8', 'spacing.10', 'spacing.12', 'font.size.sm']))],
      [
        { severity: 'warn', message: `contract tokens lacks "radius.md", which ${BUTTON_FILE} uses (rounded-md): add it to the contract or use a token the contract lists`, pointer: '/tokens' },
        { severity: 'warn', message: `contract tokens lacks "spacing.2", which ${BUTTON_FILE} uses (gap-2): add it to the contract or use a token the contract lists`, pointer: '/tokens' },
        { severity: 'warn', message: `contract tokens lacks "spacing.3", which ${BUTTON_FILE} uses (px-3): add it to the contract or use a token the contract lists`, pointer: '/tokens' },
      ],
    ],
    ['a source that is gone', [(dir) => rmSync(join(dir, BUTTON_FILE))], [{ severity: 'warn', message: `contract source ${BUTTON_FILE} is not a file of the project: fix "source", or remove it if the component is gone`, pointer: '/source' }]],
    ['a source that is a folder', [contract('button', (c) => ((c as { source?: string }).source = 'src/components/ui'))], [{ severity: 'warn', message: 'contract source src/components/ui is not a file of the project: fix "source", or remove it if the component is gone', pointer: '/source' }]],
    [
      'a source that no longer exports the component',
      [code(BUTTON.replace('export { Button, buttonVariants }', 'export { buttonVariants }'))],
      [{ severity: 'warn', message: `${BUTTON_FILE} exports no component Button: fix "source" or "exportName", or export it again`, pointer: '/exportName' }],
    ],
  ])('%s', (_what, edits, expected) => {
    expect(mismatches(...edits)).toEqual(expected);
  });

  it('reuses its findings until a file the scan read changes', () => {
    const dir = fixtureApp();
    scanComponents({ root: dir, contractsDir: CONTRACTS, schemasDir: 'design/schemas', dirs: [], dryRun: false });
    const project = loadProject({ cwd: dir });
    const input = { root: dir, config: project.config, tokens: project.tokens, components: project.components.components };
    const loads = () => vi.mocked(loadTypeScript).mock.calls.length;
    // The first check reads the code; the second reuses what it found.
    expect(contractCodeProblems(input)).toEqual([]);
    const first = loads();
    expect(contractCodeProblems(input)).toEqual([]);
    expect(loads()).toBe(first);
    code(XL)(dir);
    expect(contractCodeProblems(input).map((p) => p.message)).toEqual([`contract variants.size lacks "xl", which ${BUTTON_FILE} defines: add it to the contract or remove it from the cva call`]);
    expect(loads()).toBe(first + 1);
    expect(contractCodeProblems(input)).toHaveLength(1);
    expect(loads()).toBe(first + 1);
    // A file the component's types come from counts too.
    writeFileSync(join(dir, 'src/lib/utils.ts'), 'export function cn(...classes: string[]): string { return classes.join(" ") }\n');
    contractCodeProblems(input);
    expect(loads()).toBe(first + 2);
  });
});

