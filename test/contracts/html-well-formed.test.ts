import { describe, expect, it } from 'vitest';
import { checkWellFormedHtml } from '../../src/contracts/html-well-formed.js';

describe('checkWellFormedHtml', () => {
  it.each([
    '<button type="button" class="btn">Save</button>',
    '<img src="a.png" alt=""><br><input type="text">',
    '<style>.a > .b { color: red }</style><p>x</p>',
    '<script>if (a < b && c > d) {}</script>',
    '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>',
    '<textarea><b>not a tag</b></textarea>',
  ])('accepts %s', (html) => {
    expect(checkWellFormedHtml(html)).toEqual([]);
  });

  it.each([
    { html: '<div><span>x</div>', want: [{ code: 'unclosed-element', line: 1, column: 6, message: '<span> is not closed before </div>' }] },
    { html: '<div>\n  <p>x', want: [{ code: 'unclosed-element', line: 1, column: 1 }, { code: 'unclosed-element', line: 2, column: 3 }] },
    { html: '<div></span></div>', want: [{ code: 'stray-end-tag', line: 1, column: 6, message: '</span> has no matching <span>' }] },
    { html: '<div/>', want: [{ code: 'self-closing-non-void', line: 1, column: 1 }] },
    { html: '<br></br>', want: [{ code: 'void-end-tag', line: 1, column: 5 }] },
    { html: '<div a="1"b="2"></div>', want: [{ code: 'missing-whitespace-between-attributes', line: 1, column: 11 }] },
    { html: '<!-- open', want: [{ code: 'eof-in-comment' }] },
  ])('reports $html', ({ html, want }) => {
    const issues = checkWellFormedHtml(html);
    expect(issues).toHaveLength(want.length);
    want.forEach((w, i) => expect(issues[i]).toMatchObject(w));
  });
});
