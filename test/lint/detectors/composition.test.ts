import { describe, expect, it } from 'vitest';
import { found, lintWith } from '../../support/lint.js';

const rule = (id: string, compositionCheck: Record<string, unknown>) => ({ id, detector: 'composition', compositionCheck });
const RULES = [
  rule('CARD_NEST', { kind: 'nested-selector', selector: '.card', nested: '.card' }),
  rule('ICON_LABEL', { kind: 'dom-attr-required', selector: 'button', requireAnyAttr: ['aria-label', 'aria-labelledby', 'title'], when: 'icon-only' }),
  rule('GLYPH_LABEL', { kind: 'dom-attr-required', selector: 'button', requireAnyAttr: ['aria-label'], when: 'text-glyph', glyphs: ['×', '…'] }),
  rule('DIALOG_LABEL', { kind: 'dom-attr-required', selector: '[role=dialog]', requireAnyAttr: ['aria-labelledby', 'aria-label'], scope: 'self' }),
  rule('BTN_CLASS', { kind: 'dom-class-required', selector: 'button', requireAnyClass: ['btn', 'icon-btn'], excludeWhen: '[role=tab]' }),
];

describe('composition detector', () => {
  it.each([
    {
      name: 'one finding per nested occurrence, at the inner element',
      html: '<div class="card">\n  <div class="card">\n    <div class="card">x</div>\n  </div>\n</div>',
      want: ['2:3 div CARD_NEST', '3:5 div CARD_NEST'],
    },
    { name: 'icon-only button without a name', html: '<button class="icon-btn" type="button"><svg></svg></button>', want: ['1:1 button ICON_LABEL'] },
    { name: 'icon-only button with aria-label', html: '<button class="icon-btn" aria-label="Close" type="button"><svg></svg></button>', want: [] },
    { name: 'a blank aria-label counts as absent', html: '<button class="icon-btn" aria-label="  " type="button"><svg></svg></button>', want: ['1:1 button ICON_LABEL'] },
    { name: 'an icon with img alt text has a name', html: '<button class="icon-btn" type="button"><img src="x.svg" alt="Settings"></button>', want: [] },
    { name: 'aria-hidden text does not name it', html: '<button class="icon-btn" type="button"><span aria-hidden="true">★</span></button>', want: ['1:1 button ICON_LABEL'] },
    { name: 'a text button is not icon-only', html: '<button class="btn" type="button"><svg></svg> Save</button>', want: [] },
    { name: 'text glyph', html: '<button class="btn" type="button"> × </button>', want: ['1:1 button GLYPH_LABEL'] },
    { name: 'text glyph with a label', html: '<button class="btn" aria-label="Close" type="button">×</button>', want: [] },
    { name: 'always-required attribute', html: '<div role="dialog"><h2>T</h2></div>', want: ['1:1 div DIALOG_LABEL'] },
    { name: 'required class missing', html: '<button type="button">Save</button>', want: ['1:1 button BTN_CLASS'] },
    { name: 'required class excluded by selector', html: '<button role="tab" type="button">Tab</button>', want: [] },
    // Class selectors read candidates from the class table; these class lists css-select reads otherwise.
    { name: 'a class written with an entity', html: '<div class="card"><p class="c&#97;rd">x</p></div>', want: ['1:19 p CARD_NEST'] },
    { name: 'an outer class written with an entity', html: '<div class="x c&#x61;rd"><p class="card">x</p></div>', want: ['1:26 p CARD_NEST'] },
    { name: 'a class after a vertical tab (css-select splits there)', html: '<div class="card"><p class="x\vcard">x</p></div>', want: ['1:19 p CARD_NEST'] },
    { name: 'a class after a no-break space (css-select splits there)', html: '<div class="card"><p class="x\u00a0card">x</p></div>', want: ['1:19 p CARD_NEST'] },
    { name: 'a class name that only contains the selector\'s', html: '<div class="card"><p class="cards card-body">x</p></div>', want: [] },
    { name: 'a required class only as part of a name', html: '<button class="btn-primary" type="button">Save</button>', want: ['1:1 button BTN_CLASS'] },
  ])('$name', async ({ html, want }) => {
    expect(found(await lintWith(RULES, html))).toEqual(want);
  });

  it('works on JSX trees built from cn() calls', async () => {
    const tsx = "const A = () => (\n  <div className={cn('card', x && 'p-4')}>\n    <div className=\"card\">x</div>\n  </div>\n);\n";
    expect(found(await lintWith(RULES, tsx, 'tsx'))).toEqual(['3:5 div CARD_NEST']);
  });

  it('does not judge a class list built at run time', async () => {
    const tsx = 'const A = () => <button type="button" className={styles}>x</button>;\n';
    const result = await lintWith(RULES, tsx, 'tsx');
    expect(found(result)).toEqual([]);
    expect(result.coverage.unchecked.length).toBeGreaterThan(0);
  });
});
