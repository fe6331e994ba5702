import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { loadValidProject } from '../../../src/project/project.js';
import { buildViews } from '../../../src/views/build.js';
import { checkViews } from '../../../src/views/drift.js';
import { codeownersPatterns, expandBraces, view } from '../../../src/views/generators/codeowners.js';
import { findRegions, renderRegion, spliceRegions } from '../../../src/views/regions.js';
import { editJson, starterProject } from '../../support/project.js';

describe('gate globs as CODEOWNERS patterns', () => {
  it.each([
    ['design/contracts/**', ['/design/contracts/**'], undefined],
    ['design/schemas/*.schema.json', ['/design/schemas/*.schema.json'], undefined],
    ['DESIGN.md', ['/DESIGN.md'], undefined],
    ['./AGENTS.md', ['/AGENTS.md'], undefined],
    ['.github/workflows/**', ['/.github/workflows/**'], undefined],
    ['**/*.contract.json', ['/**/*.contract.json'], undefined],
    ['design/{tokens,rules}.json', ['/design/tokens.json', '/design/rules.json'], undefined],
    ['a/{b,c/{d,e}}/f', ['/a/b/f', '/a/c/d/f', '/a/c/e/f'], undefined],
    ['docs/my notes.md', ['/docs/my\\ notes.md'], undefined],
    ['design/[ab].json', ['/design/*.json'], 'widened to *: CODEOWNERS has no character classes or extglobs'],
    ['design/@(x|y)/z.json', ['/design/*/z.json'], 'widened to *: CODEOWNERS has no character classes or extglobs'],
    ['package.json#/scripts/design:check', ['/package.json'], undefined],
    ['.git/hooks/**', [], 'inside .git/: local to each clone, never in a pull request'],
    ['design/v[0-9]-@(a|b)*.json', ['/design/v*-*.json'], 'widened to *: CODEOWNERS has no character classes or extglobs'],
    ['!design/x', [], 'a negation cannot be owned'],
  ])('%s → %j', (glob, patterns, note) => {
    const got = codeownersPatterns(glob);
    expect(got.patterns).toEqual(patterns);
    expect(got.note).toBe(note);
  });

  it('a widened pattern covers at least what the gate covers', () => {
    for (const glob of ['design/[ab].json', 'design/@(x|y)/z.json']) {
      const gate = picomatch(glob);
      const owned = picomatch(codeownersPatterns(glob).patterns.map((p) => p.slice(1)));
      for (const path of ['design/a.json', 'design/b.json', 'design/x/z.json', 'design/y/z.json']) if (gate(path)) expect(owned(path), path).toBe(true);
    }
  });

  it('braces without a top-level comma stay as written', () => {
    expect(expandBraces('a/{b}/c')).toEqual(['a/{b}/c']);
    expect(expandBraces('x')).toEqual(['x']);
  });
});

describe('codeowners view', () => {
  const starter = () => {
    const dir = starterProject();
    buildViews(loadValidProject({ cwd: dir }));
    return dir;
  };

  it('lists every gated path of the starter with its owners, in a # region of .github/CODEOWNERS', () => {
    const dir = starter();
    const text = readFileSync(join(dir, '.github/CODEOWNERS'), 'utf8');
    const { regions, problems } = findRegions(text, 'hash');
    expect(problems).toEqual([]);
    expect(regions.map((r) => r.name)).toEqual(['codeowners']);
    const rules = (regions[0]?.content ?? '').split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(rules).toContain('/design/contracts/** @your-org/design-system');
    expect(rules).toContain('/.github/CODEOWNERS @your-org/design-system');
    expect(rules).toContain('/package.json @your-org/design-system');
    expect(rules.filter((r) => r.startsWith('/.git/'))).toEqual([]);
    // The region is the end of the file: the last matching line wins in CODEOWNERS.
    expect(text.trimEnd().endsWith('# /dsctl:generated codeowners')).toBe(true);
    expect(checkViews(loadValidProject({ cwd: dir })).filter((f) => f.file === '.github/CODEOWNERS')).toEqual([]);
  });

  it('is deterministic: a second build changes nothing', () => {
    const dir = starter();
    const again = buildViews(loadValidProject({ cwd: dir }));
    expect(again.files.find((f) => f.view === 'codeowners')).toMatchObject({ path: '.github/CODEOWNERS', changed: false });
  });

  it('keeps what the team wrote around the region, and follows the owners in the policy', () => {
    const dir = starter();
    const file = join(dir, '.github/CODEOWNERS');
    writeFileSync(file, `/src/** @app-team\n\n${readFileSync(file, 'utf8')}`);
    editJson<{ hardGates: { id: string; owners?: string[] }[] }>(dir, 'design/policy.json', (p) => {
      for (const g of p.hardGates) g.owners = g.id === 'contracts' ? ['@acme/tokens', 'ds@acme.com'] : ['@acme/design-system'];
    });
    const project = loadValidProject({ cwd: dir });
    expect(checkViews(project).find((f) => f.file === '.github/CODEOWNERS')?.code).toBe('generated-region-stale');
    buildViews(project);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('/src/** @app-team\n')).toBe(true);
    expect(text).toContain('/design/contracts/** @acme/tokens ds@acme.com\n');
    expect(text).toContain('/AGENTS.md @acme/design-system\n');
    expect(findRegions(text, 'hash').regions[0]?.content).not.toContain('@your-org');
  });

  it('drift reports a hand edit of the region', () => {
    const dir = starter();
    const file = join(dir, '.github/CODEOWNERS');
    writeFileSync(file, readFileSync(file, 'utf8').replace('/design/contracts/** @your-org/design-system\n', ''));
    expect(checkViews(loadValidProject({ cwd: dir })).find((f) => f.file === '.github/CODEOWNERS')).toMatchObject({ code: 'generated-region-edited', fixable: true });
  });

  it('writes the whole file when there is none, and nothing when no gate has owners', () => {
    const dir = starter();
    rmSync(join(dir, '.github/CODEOWNERS'));
    const [output] = view.generate(loadValidProject({ cwd: dir }));
    expect(output?.kind).toBe('file');
    buildViews(loadValidProject({ cwd: dir }));
    expect(findRegions(readFileSync(join(dir, '.github/CODEOWNERS'), 'utf8'), 'hash').regions).toHaveLength(1);
    editJson<{ hardGates: { owners?: string[] }[] }>(dir, 'design/policy.json', (p) => {
      for (const g of p.hardGates) delete g.owners;
    });
    expect(view.generate(loadValidProject({ cwd: dir }))).toEqual([]);
  });

  it('names gates without owners in the region', () => {
    const dir = starter();
    editJson<{ hardGates: { id: string; owners?: string[] }[] }>(dir, 'design/policy.json', (p) => {
      delete p.hardGates.find((g) => g.id === 'baseline')?.owners;
    });
    const [output] = view.generate(loadValidProject({ cwd: dir }));
    const text = output?.kind === 'regions' ? (output.regions[0]?.text ?? '') : '';
    expect(text).toContain('# baseline: no owners in design/policy.json\n');
    expect(text).not.toContain('/.design-baseline.json');
  });
});

describe('# comment regions', () => {
  it('find, render and splice like Markdown regions, leaving the rest of the file alone', () => {
    const text = `* @all\n${renderRegion('a', 'x @o\n', 'hash')}\n# tail\n`;
    expect(text).toContain('# dsctl:generated a sha256=');
    const { regions, problems } = findRegions(text, 'hash');
    expect(problems).toEqual([]);
    expect(regions[0]).toMatchObject({ name: 'a', content: 'x @o\n', line: 2 });
    const next = spliceRegions(text, 'CODEOWNERS', new Map([['a', 'y @p\n']]), 'hash');
    expect(next).toBe(`* @all\n${renderRegion('a', 'y @p\n', 'hash')}\n# tail\n`);
    // Markdown markers mean nothing in a # file, and the other way round.
    expect(findRegions(text).regions).toEqual([]);
  });

  it('reports an unclosed region with the # end marker to add', () => {
    const { problems } = findRegions('# dsctl:generated a sha256=0\nx\n', 'hash');
    expect(problems).toEqual([{ code: 'marker-unbalanced', name: 'a', line: 1, message: 'region "a" has no end marker # /dsctl:generated a' }]);
  });
});
