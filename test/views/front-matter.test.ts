import { describe, expect, it } from 'vitest';
import { frontMatterError, readFrontMatter, renderFrontMatter, spliceFrontMatter } from '../../src/views/front-matter.js';
import { onlyGeneratedRegionsChanged } from '../../src/views/two-layered.js';
import { renderRegion } from '../../src/views/regions.js';

const BODY = '# Tessera\n\nThe body a human wrote.\n';

describe('front matter', () => {
  it('adds a front matter to a file without one, and keeps the body byte for byte on every rebuild', () => {
    const once = spliceFrontMatter(BODY, 'fm', 'name: Tessera\n');
    expect(once.startsWith('---\n# dsctl:generated fm sha256=')).toBe(true);
    expect(once.endsWith(`---\n\n${BODY}`)).toBe(true);
    const twice = spliceFrontMatter(once, 'fm', 'name: Tessera\n');
    expect(twice).toBe(once);
    const changed = spliceFrontMatter(once, 'fm', 'name: Other\n');
    expect(changed.slice(changed.indexOf('# Tessera'))).toBe(BODY);
  });

  it('reads the YAML, the hash and the first YAML line', () => {
    const fm = readFrontMatter(renderFrontMatter('fm', 'a: 1\n') + BODY);
    expect(fm).toMatchObject({ yaml: 'a: 1\n', line: 3 });
    expect(fm?.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(readFrontMatter('---\na: 1\n---\nbody')?.hash).toBeUndefined();
    expect(readFrontMatter(BODY)).toBeUndefined();
  });

  it('locates a YAML error on its line in the file', () => {
    const fm = readFrontMatter(renderFrontMatter('fm', 'a: 1\n- b\n') + BODY);
    const error = fm && frontMatterError(fm);
    expect(error?.message).toBe('Implicit keys need to be on a single line');
    expect(error?.line).toBe(4);
  });
});

describe('onlyGeneratedRegionsChanged', () => {
  const file = (fm: string, region: string, prose: string) => `${renderFrontMatter('fm', fm)}\n# T\n\n${prose}\n\n${renderRegion('r', region)}\n`;

  it.each([
    { name: 'front matter only', after: file('a: 2\n', 'x\n', 'Prose.'), want: true },
    { name: 'region only', after: file('a: 1\n', 'y\n', 'Prose.'), want: true },
    { name: 'both generated layers', after: file('a: 2\n', 'y\n', 'Prose.'), want: true },
    { name: 'the body', after: file('a: 1\n', 'x\n', 'Edited.'), want: false },
    { name: 'the body and a region', after: file('a: 1\n', 'y\n', 'Edited.'), want: false },
  ])('$name → $want', ({ after, want }) => {
    expect(onlyGeneratedRegionsChanged('DESIGN.md', file('a: 1\n', 'x\n', 'Prose.'), after)).toBe(want);
  });

  it('treats a hand-written front matter as human text', () => {
    expect(onlyGeneratedRegionsChanged('DESIGN.md', '---\na: 1\n---\nbody', '---\na: 2\n---\nbody')).toBe(false);
  });

  it('treats a non-Markdown file as one layer', () => {
    expect(onlyGeneratedRegionsChanged('design/policy.json', '{"a":1}', '{"a":2}')).toBe(false);
    expect(onlyGeneratedRegionsChanged('design/policy.json', '{"a":1}', '{"a":1}')).toBe(true);
  });
});
