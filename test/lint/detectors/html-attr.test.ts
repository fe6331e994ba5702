import { describe, expect, it } from 'vitest';
import { found, linterFor, lintWith } from '../../support/lint.js';

const rule = (id: string, htmlAttrCheck: Record<string, unknown>) => ({ id, detector: 'html-attr', htmlAttrCheck });
const RULES = [
  rule('NO_FONT', { kind: 'tag-present', tags: ['font', 'center'] }),
  rule('IMG_ALT', { kind: 'tag-missing-attr', tags: ['img'], attrs: ['alt'] }),
  rule('NO_ONCLICK', { kind: 'attr-present', attr: 'onclick' }),
  rule('NO_TABINDEX', { kind: 'attr-value-forbidden', attr: 'tabindex', valuePattern: '^[1-9][0-9]*$' }),
  rule('NO_FAKE_BUTTON', { kind: 'attr-value-forbidden', attr: 'role', values: ['button'], tags: ['div', 'span'] }),
  rule('NO_IMPORTANT', { kind: 'attr-value-contains', attr: 'style', values: ['!important'] }),
  rule('NO_NESTED', { kind: 'element-present', selector: 'a button, button button' }),
];

describe('html-attr detector', () => {
  it.each([
    { name: 'tag-present', html: '<p><font>x</font></p>', want: ['1:4 font NO_FONT'] },
    { name: 'tag-missing-attr', html: '<img src="a.png">', want: ['1:1 img IMG_ALT'] },
    { name: 'alt="" is present (a decorative image)', html: '<img src="a.png" alt="">', want: [] },
    { name: 'attr-present at the attribute name', html: '<div>\n  <a href="#" onclick="go()">x</a>\n</div>', want: ['2:15 onclick NO_ONCLICK'] },
    { name: 'attribute names are case-insensitive in HTML', html: '<a href="#" ONCLICK="go()">x</a>', want: ['1:13 onclick NO_ONCLICK'] },
    { name: 'attr-value-forbidden by pattern', html: '<input tabindex="3"><input tabindex="0"><input tabindex="-1">', want: ['1:8 tabindex NO_TABINDEX'] },
    { name: 'attr-value-forbidden by value, only on the listed tags', html: '<div role="button">x</div><li role="button">y</li>', want: ['1:6 role NO_FAKE_BUTTON'] },
    { name: 'attr-value-contains', html: '<p style="color: var(--x) !important">x</p>', want: ['1:4 style NO_IMPORTANT'] },
    { name: 'element-present', html: '<a href="#"><span><button type="button">x</button></span></a>', want: ['1:19 button NO_NESTED'] },
    { name: 'nothing on clean markup', html: '<button type="button" class="btn">Save</button><img src="a" alt="A">', want: [] },
  ])('$name', async ({ html, want }) => {
    expect(found(await lintWith(RULES, html))).toEqual(want);
  });

  it('interpolates a message that says what and where', async () => {
    const result = await lintWith(RULES, '<div role="button">x</div>');
    expect(result.violations[0]?.message).toBe('role="button" on <div>: not allowed');
  });

  it('checks JSX attributes by their DOM names, and React handlers are not inline handlers', async () => {
    const tsx = 'export const A = () => (\n  <div>\n    <input tabIndex={3} />\n    <button onClick={go}>x</button>\n    <img src="a.png" />\n  </div>\n);\n';
    expect(found(await lintWith(RULES, tsx, 'tsx'))).toEqual(['3:12 tabindex NO_TABINDEX', '5:5 img IMG_ALT']);
  });
});

describe('attributes of an element the parser drops', () => {
  it('a nested <form> (ignored by HTML) does not lend its attributes to the next element', async () => {
    const linter = await linterFor([{ id: 'NO_BLACK', detector: 'tailwind-class', matchPatterns: ['text-black'] }]);
    const result = linter.lint('<form><form class="text-black"><p class="text-black">x</p></form></form>', { sourceType: 'html' });
    // Browsers (and htmlparser2) drop the nested form; its class must not show up on the <p> after it.
    expect(found(result)).toEqual(['1:42 text-black NO_BLACK']);
  });
});
