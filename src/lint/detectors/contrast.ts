/**
 * contrast: WCAG 2.x contrast of text colour against its resolved background, from the theme's tokens.
 *
 * Per element, in document order (so each element reads its parent's resolved state once):
 * - text colour: a `text-<name>` class whose name is a colour token of the `color` namespace (or an
 *   arbitrary colour `text-[#777]`), or a raw `color:` in its style attribute (style wins);
 * - background: a `bg-<name>` colour class or a raw `background(-color):` in its style attribute, else
 *   the nearest ancestor's, else the theme's `bg` role (`lookup('color', 'bg')`), else unknown: skipped.
 *   Translucent backgrounds are composited over the one below them (finally over white);
 * - size and weight: `text-<size>` (namespace fontSize, or `text-[20px]`) and `font-<weight>` (see
 *   buildFontWeightIndex) on the element or its nearest ancestor; default 16px / 400. Large text
 *   (WCAG: ≥ 24px, or ≥ 18.66px at weight ≥ 700) needs `largeTextMinRatio`, other text `minRatio`.
 * Classes with variants (`hover:`, `dark:`, `md:`, `group-hover:`…) are ignored: they describe other
 * states or viewports this static check cannot see. An opacity modifier (`text-fg/60`, `bg-primary/[0.5]`)
 * sets the alpha. An element is checked where it sets a text colour (token = that class or value) and
 * where it sets a background under an inherited text colour (token = the background class or value).
 */
import type { Element } from 'domhandler';
import type { ContrastCheck } from '../../contracts/rule-types.js';
import { parseClassToken } from '../class-token.js';
import { compositeOver, contrastRatio, parseCssColour, toHex, tokenColour, type Colour } from '../colour.js';
import type { DetectorModule, Finding, LintContext } from '../detector.js';
import type { CssDeclaration, LintDocument } from '../document.js';
import { buildFontWeightIndex, type FontWeightIndex } from '../theme.js';
import { allElements, tagRange } from './markup.js';

/** WCAG 2.x thresholds (SC 1.4.3): large text is 18pt (24px), or 14pt (18.66px) bold. */
const LARGE_TEXT_PX = 24;
const LARGE_BOLD_TEXT_PX = 18.66;
const BOLD_WEIGHT = 700;
const DEFAULT_SIZE_PX = 16;
const DEFAULT_WEIGHT = 400;
const REM_PX = 16;
const WHITE: Colour = { srgb: [1, 1, 1], alpha: 1 };

interface Paint {
  readonly colour: Colour;
  /** What set it, as written: `text-fg-muted`, `#777`. */
  readonly source: string;
}

/** What an element resolves to after inheritance. */
interface Resolved {
  readonly fg?: Paint;
  readonly bg?: Paint;
  readonly sizePx?: number;
  readonly weight?: number;
}

/** What an element sets itself. */
interface Own {
  fg?: Paint;
  bg?: Paint;
  sizePx?: number;
  weight?: number;
}

interface Prepared {
  readonly minRatio: number;
  readonly largeTextMinRatio: number;
  readonly weights: FontWeightIndex;
  /** The theme's page background (`bg` role), when it exists. */
  readonly pageBg?: Paint;
  /** Pages repeat the same class lists and colour pairs: resolve each once per project. */
  readonly classLists: Map<string, Own>;
  readonly ratios: WeakMap<Colour, WeakMap<Colour, number>>;
}

const MEMO_LIMIT = 20_000;
// Shared by every element that sets no colour, size or weight of its own.
const NOTHING: Own & Resolved = Object.freeze({});

export const detector: DetectorModule<Prepared> = {
  id: 'contrast',
  messages: {
    low: 'Contrast {ratio}:1 of {fg} on {bg} is below the WCAG 2.x minimum of {required}:1',
  },
  prepare(rule, context) {
    const check: ContrastCheck = rule.contrastCheck ?? {};
    const bgToken = context.theme.lookup('color', 'bg');
    const bgColour = bgToken && tokenColour(bgToken);
    return {
      minRatio: check.minRatio ?? 4.5,
      largeTextMinRatio: check.largeTextMinRatio ?? 3,
      weights: buildFontWeightIndex(context.project),
      classLists: new Map(),
      ratios: new WeakMap(),
      ...(bgColour ? { pageBg: { colour: bgColour, source: `page background ${bgToken.path}` } } : {}),
    };
  },
  run(doc, _rule, prepared, context) {
    if (!doc.root) return [];
    const classes = classesByElement(doc);
    const styles = new Map<Element, CssDeclaration[]>();
    for (const d of doc.declarations) {
      if (!d.element) continue;
      const list = styles.get(d.element);
      if (list) list.push(d);
      else styles.set(d.element, [d]);
    }

    const resolved = new Map<Element, Resolved>();
    const findings: Finding[] = [];
    for (const element of allElements(doc)) {
      const parent = element.parent && element.parent.type !== 'root' ? resolved.get(element.parent as Element) : undefined;
      const own = styleOf(element, classes, styles.get(element), prepared, context);
      // Most elements set nothing that matters here: they share their parent's state, allocation-free.
      let state: Resolved;
      if (own === NOTHING) {
        state = parent ?? NOTHING;
      } else {
        const bg = own.bg ? (own.bg.colour.alpha < 1 && parent?.bg ? { colour: compositeOver(own.bg.colour, parent.bg.colour), source: own.bg.source } : own.bg) : parent?.bg;
        const fg = own.fg ?? parent?.fg;
        const sizePx = own.sizePx ?? parent?.sizePx;
        const weight = own.weight ?? parent?.weight;
        state = {
          ...(fg ? { fg } : {}),
          ...(bg ? { bg } : {}),
          ...(sizePx !== undefined ? { sizePx } : {}),
          ...(weight !== undefined ? { weight } : {}),
        };
      }
      resolved.set(element, state);

      // Checked where the pair is made: a text colour set here, or a background set under inherited text.
      const token = own.fg?.source ?? (own.bg && state.fg ? own.bg.source : undefined);
      if (!token || !state.fg) continue;
      const background = backdrop(state.bg, prepared.pageBg);
      if (!background) continue;
      const ratio = memoRatio(prepared, state.fg.colour, background.colour);
      const size = state.sizePx ?? DEFAULT_SIZE_PX;
      const large = size >= LARGE_TEXT_PX || (size >= LARGE_BOLD_TEXT_PX && (state.weight ?? DEFAULT_WEIGHT) >= BOLD_WEIGHT);
      const required = large ? prepared.largeTextMinRatio : prepared.minRatio;
      if (ratio >= required) continue;
      findings.push({
        range: tagRange(doc, element),
        token,
        messageId: 'low',
        data: {
          // Truncated, never rounded up: 4.499 must not read as 4.50.
          ratio: (Math.floor(ratio * 100) / 100).toFixed(2),
          required,
          fg: describe(state.fg),
          bg: describe(background),
        },
      });
    }
    return findings;
  },
};

/** The background to judge against: translucent layers end on the page background, then white. */
function backdrop(bg: Paint | undefined, pageBg: Paint | undefined): Paint | undefined {
  if (!bg) return pageBg && { colour: pageBg.colour.alpha < 1 ? compositeOver(pageBg.colour, WHITE) : pageBg.colour, source: pageBg.source };
  if (bg.colour.alpha >= 1) return bg;
  const below = pageBg ? compositeOver(pageBg.colour, WHITE) : WHITE;
  return { colour: compositeOver(bg.colour, below), source: bg.source };
}

function describe(paint: Paint): string {
  return `${paint.source} (${toHex(paint.colour)})`;
}

function classesByElement(doc: LintDocument): Map<Element, string[]> {
  const map = new Map<Element, string[]>();
  for (const c of doc.classes) {
    if (!c.element) continue;
    const list = map.get(c.element);
    if (list) list.push(c.name);
    else map.set(c.element, [c.name]);
  }
  return map;
}

/** The element's own paint, memoised by its class attribute when no inline style is involved. */
function styleOf(element: Element, classes: Map<Element, string[]>, declarations: readonly CssDeclaration[] | undefined, prepared: Prepared, context: LintContext): Own {
  const list = () => classes.get(element) ?? (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
  if (declarations) return ownStyle(list(), declarations, prepared, context);
  const key = element.attribs.class ?? '';
  let own = prepared.classLists.get(key);
  if (!own) {
    const computed = ownStyle(list(), undefined, prepared, context);
    own = computed.fg || computed.bg || computed.sizePx !== undefined || computed.weight !== undefined ? computed : NOTHING;
    if (prepared.classLists.size >= MEMO_LIMIT) prepared.classLists.clear();
    prepared.classLists.set(key, own);
  }
  return own;
}

function memoRatio(prepared: Prepared, fg: Colour, bg: Colour): number {
  let byBg = prepared.ratios.get(fg);
  if (!byBg) prepared.ratios.set(fg, (byBg = new WeakMap()));
  let ratio = byBg.get(bg);
  if (ratio === undefined) byBg.set(bg, (ratio = contrastRatio(fg, bg)));
  return ratio;
}

function ownStyle(classes: readonly string[], declarations: readonly CssDeclaration[] | undefined, prepared: Prepared, context: LintContext): Own {
  const own: Own = {};
  // Later classes win, as they usually do in a generated stylesheet for one utility.
  for (const name of classes) {
    const parsed = parseClassToken(name);
    if (parsed.variants.length > 0) continue;
    const base = parsed.negative ? parsed.base.slice(1) : parsed.base;
    if (base.startsWith('text-')) {
      const value = base.slice(5);
      const size = fontSize(value, parsed.utility === 'text' ? parsed.arbitraryValue : undefined, context);
      if (size !== undefined) own.sizePx = size;
      else {
        const colour = colourOf(value, parsed.utility === 'text' ? parsed.arbitraryValue : undefined, context);
        if (colour) own.fg = { colour, source: name };
      }
    } else if (base.startsWith('bg-')) {
      const colour = colourOf(base.slice(3), parsed.utility === 'bg' ? parsed.arbitraryValue : undefined, context);
      if (colour) own.bg = { colour, source: name };
    } else if (base.startsWith('font-')) {
      const weight = parsed.utility === 'font' && parsed.arbitraryValue !== undefined ? numericWeight(parsed.arbitraryValue) : prepared.weights.lookup(base.slice(5));
      if (weight !== undefined) own.weight = weight;
    }
  }
  // Inline style beats classes.
  for (const d of declarations ?? []) {
    const value = d.value.trim();
    if (d.property === 'color') {
      const colour = parseCssColour(value);
      if (colour) own.fg = { colour, source: value };
    } else if (d.property === 'background-color' || d.property === 'background') {
      const colour = parseCssColour(value);
      if (colour) own.bg = { colour, source: value };
    } else if (d.property === 'font-size') {
      const size = lengthPx(value);
      if (size !== undefined) own.sizePx = size;
    } else if (d.property === 'font-weight') {
      const weight = numericWeight(value);
      if (weight !== undefined) own.weight = weight;
    }
  }
  return own;
}

/** `text-2xl` through the fontSize namespace; `text-[20px]` / `text-[1.25rem]` directly. */
function fontSize(name: string, arbitrary: string | undefined, context: LintContext): number | undefined {
  if (arbitrary !== undefined) return lengthPx(arbitrary.replace(/^length:/, ''));
  const token = context.theme.lookup('fontSize', name.split('/')[0] ?? name);
  if (!token || token.type !== 'dimension') return undefined;
  const v = token.resolved as { value?: unknown; unit?: unknown };
  return typeof v.value === 'number' ? (v.unit === 'rem' ? v.value * REM_PX : v.value) : undefined;
}

/** A colour utility name, with an optional opacity modifier (`fg/60`, `fg/[0.6]`), or an arbitrary colour. */
function colourOf(name: string, arbitrary: string | undefined, context: LintContext): Colour | undefined {
  if (arbitrary !== undefined) return parseCssColour(arbitrary.replace(/^color:/, ''));
  const slash = name.lastIndexOf('/');
  const role = slash > 0 ? name.slice(0, slash) : name;
  const token = context.theme.lookup('color', role);
  const colour = token && tokenColour(token);
  if (!colour) return undefined;
  if (slash <= 0) return colour;
  const modifier = name.slice(slash + 1);
  const bracketed = /^\[(.+)\]$/.exec(modifier)?.[1];
  const alpha = bracketed !== undefined ? (bracketed.endsWith('%') ? Number(bracketed.slice(0, -1)) / 100 : Number(bracketed)) : Number(modifier) / 100;
  if (!Number.isFinite(alpha) || alpha < 0 || alpha > 1) return undefined;
  return { srgb: colour.srgb, alpha: colour.alpha * alpha };
}

function lengthPx(value: string): number | undefined {
  const match = /^(-?\d*\.?\d+)(px|rem|em)$/i.exec(value.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  return match[2]?.toLowerCase() === 'px' ? n : n * REM_PX;
}

function numericWeight(value: string): number | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'bold') return 700;
  if (v === 'normal') return 400;
  const n = Number(v);
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? n : undefined;
}
