import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics/user-error.js';
import { contentHash, findRegions, renderRegion, spliceRegions, withoutRegions } from '../../src/views/regions.js';

const doc = (inner: string) => `# Title\n\nProse.\n\n${inner}\n\nMore prose.\n`;

describe('generated regions', () => {
  it('finds a region, its content, hash and line', () => {
    const text = doc(renderRegion('ci', '- `npm test`\n'));
    const { regions, problems } = findRegions(text);
    expect(problems).toEqual([]);
    expect(regions).toEqual([expect.objectContaining({ name: 'ci', content: '- `npm test`\n', hash: contentHash('- `npm test`\n'), line: 5 })]);
  });

  it('ignores a marker quoted in a code block', () => {
    const text = doc('```md\n<!-- dsctl:generated ci sha256=0 -->\n```');
    expect(findRegions(text)).toEqual({ regions: [], problems: [] });
  });

  it.each([
    { name: 'no end marker', inner: '<!-- dsctl:generated ci sha256=0 -->\n- x', want: [{ code: 'marker-unbalanced', line: 5, message: 'region "ci" has no end marker <!-- /dsctl:generated ci -->' }] },
    { name: 'an end without a start', inner: '- x\n\n<!-- /dsctl:generated ci -->', want: [{ code: 'marker-unbalanced', line: 7 }] },
    { name: 'mismatched names', inner: '<!-- dsctl:generated a sha256=0 -->\n<!-- /dsctl:generated b -->', want: [{ code: 'marker-unbalanced', line: 5 }, { code: 'marker-unbalanced', line: 6 }] },
    { name: 'a duplicated region', inner: `${renderRegion('a', 'x\n')}\n\n${renderRegion('a', 'y\n')}`, want: [{ code: 'marker-duplicated', line: 9 }] },
  ])('reports $name', ({ inner, want }) => {
    const { problems } = findRegions(doc(inner));
    expect(problems).toHaveLength(want.length);
    want.forEach((w, i) => expect(problems[i]).toMatchObject(w));
  });

  it('splices new content in and leaves every other byte alone', () => {
    const before = doc(`${renderRegion('a', 'old\n')}\n\nbetween\n\n${renderRegion('b', 'keep\n')}`);
    const after = spliceRegions(before, 'p.md', new Map([['a', 'new\n']]));
    expect(after).toBe(before.replace(renderRegion('a', 'old\n'), renderRegion('a', 'new\n')));
    expect(spliceRegions(after, 'p.md', new Map([['a', 'new\n']]))).toBe(after);
  });

  it('refuses to splice into unbalanced markers, naming the line', () => {
    const text = doc('<!-- dsctl:generated a sha256=0 -->\nx');
    expect(() => spliceRegions(text, 'p.md', new Map([['a', 'y\n']]))).toThrow(UserError);
    expect(() => spliceRegions(text, 'p.md', new Map([['a', 'y\n']]))).toThrow('p.md:5: region "a" has no end marker');
  });

  it('refuses a region that is not there', () => {
    expect(() => spliceRegions(doc('no markers'), 'p.md', new Map([['a', 'y\n']]))).toThrow('no generated region "a"');
  });

  it('withoutRegions keeps what a human owns', () => {
    const a = doc(renderRegion('a', 'one\n'));
    const b = doc(renderRegion('a', 'two\n'));
    expect(withoutRegions(a)).toBe(withoutRegions(b));
    expect(withoutRegions(a)).not.toBe(withoutRegions(b.replace('Prose.', 'Edited prose.')));
  });
});
