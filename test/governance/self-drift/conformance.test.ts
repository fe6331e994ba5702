import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defineSelfDriftCheck, type SelfDriftCheck, type SelfDriftContext, type SelfDriftFiles } from '../../../src/governance/self-drift/check.js';
import { SELF_DRIFT_CHECKS } from '../../../src/governance/self-drift/index.js';
import { checkSelfDrift } from '../../../src/governance/self-drift/run.js';
import { context, memoryFiles, PLAYBOOK, starter } from './support.js';

const SOURCES = new URL('../../../src/governance/self-drift/', import.meta.url);
const source = (file: string) => readFileSync(new URL(file, SOURCES), 'utf8');
/** A static or dynamic import, or a require, of node's file system module. */
const FS_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](?:node:)?fs(?:\/promises)?['"]/;

const WORKFLOW = '.github/workflows/design-check.yml';
const BROKEN_PLAYBOOK = [
  '# P',
  '',
  '`npm run gone` and `dsctl frobnicate`',
  '',
  '## One',
  '<!-- dsctl:marker brand-gate -->',
  '',
  '## Two',
  '<!-- dsctl:marker brand-gate -->',
  'The rule.',
  '',
].join('\n');

/** Inputs that between them make every check emit every code it declares. */
function corpus(): { name: string; files: SelfDriftFiles; context: SelfDriftContext }[] {
  const { files, context: starterContext } = starter();
  const broken = new Map(files);
  broken.set(PLAYBOOK, BROKEN_PLAYBOOK);
  broken.set(WORKFLOW, 'jobs: [\n');
  const unchecked = new Map(files);
  unchecked.set(WORKFLOW, 'jobs:\n  a:\n    steps:\n      - run: echo\n');
  const leaky = { ...starterContext, policy: { ...starterContext.policy, hookExclusions: [] } };
  return [
    { name: 'an empty reader, a minimal policy', files: memoryFiles(), context: context() },
    { name: 'an empty reader, the starter policy', files: memoryFiles(), context: starterContext },
    { name: 'the starter', files: memoryFiles(files), context: starterContext },
    { name: 'a broken starter', files: memoryFiles(broken), context: leaky },
    { name: 'a workflow that runs nothing', files: memoryFiles(unchecked), context: starterContext },
  ];
}

describe('the self-drift registry', () => {
  const ids = SELF_DRIFT_CHECKS.map((c) => c.id);

  test('is sorted by id, and every id is a kebab-case file name of the folder', () => {
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    const files = readdirSync(SOURCES).filter((f) => f.endsWith('.ts'));
    for (const id of ids) {
      expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(files).toContain(`${id}.ts`);
    }
  });

  test('each code belongs to one check, so findings of one code keep the order its check gives them', () => {
    const codes = SELF_DRIFT_CHECKS.flatMap((c) => Object.keys(c.meta.codes));
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('only the project reader touches the disk', () => {
    const withFs = readdirSync(SOURCES).filter((f) => f.endsWith('.ts') && FS_IMPORT.test(source(f)));
    expect(withFs).toEqual(['project-files.ts']);
  });

  test('the starter, in memory, is clean', () => {
    const { files, context: starterContext } = starter();
    expect(checkSelfDrift(memoryFiles(files), starterContext)).toEqual([]);
  });

  test('an undeclared code throws rather than printing a finding nobody documented', () => {
    const rogue = defineSelfDriftCheck({
      id: 'rogue',
      meta: { docs: { description: 'x' }, codes: { known: { severity: 'error', message: () => 'known' } } },
      run: () => [{ code: 'unknown' as 'known', file: 'f', args: undefined as never }],
    });
    expect(() => rogue.run(memoryFiles(), context())).toThrow('self-drift check rogue: undeclared code "unknown"');
  });
});

describe.each(SELF_DRIFT_CHECKS.map((check): [string, SelfDriftCheck] => [check.id, check]))('%s', (id, check) => {
  const declared = Object.keys(check.meta.codes);

  test('has docs', () => {
    expect(check.meta.docs.description.trim().length).toBeGreaterThan(20);
  });

  test('declares at least one code, each with a severity and a message', () => {
    expect(declared.length).toBeGreaterThan(0);
    for (const code of Object.values(check.meta.codes)) {
      expect(['error', 'warn']).toContain(code.severity);
      expect(typeof code.message).toBe('function');
    }
  });

  test('never imports node:fs: it reads through the files it is given', () => {
    expect(source(`${id}.ts`)).not.toMatch(FS_IMPORT);
  });

  test('emits every code it declares and no other, none of them fixable by dsctl build', () => {
    const emitted = new Set<string>();
    for (const input of corpus()) {
      const findings = check.run(input.files, input.context);
      for (const f of findings) {
        expect(declared, `${input.name}: ${f.code}`).toContain(f.code);
        expect(f.fixable).toBe(false);
        expect(f.message).not.toMatch(/undefined|\[object /);
        emitted.add(f.code);
      }
    }
    expect([...emitted].sort()).toEqual([...declared].sort());
  });

  test('runs on an empty reader without throwing', () => {
    expect(() => check.run(memoryFiles(), context())).not.toThrow();
  });
});
