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
 * Classes with variants (`hover:`, `md:`, `group-hover:`…) are ignored: they describe other
 * states or viewports this static check cannot see. An opacity modifier (`text-fg/60`, `bg-primary/[0.5]`,
 * `bg-[#3b5998]/90`) sets the alpha. An element is checked where it sets a text colour (token = that
 * class or value) and where it sets a background under an inherited text colour (token = the
 * background class or value).
 *
 * With Tailwind's class model (LintContext.tailwind) a class's colour is what Tailwind generates for
 * it: token utilities through the tokens, and the rest (`bg-slate-900`) through Tailwind's theme.
 * A background dsctl cannot resolve (an unknown `bg-*` class, `bg-[var(--brand)]`, a gradient, a
 * `background: url()`) on the element or an ancestor makes the pair an unchecked note, not a finding.
 *
 * With config `theme.colorDark`, pages are checked a second time in the dark theme: token colours from
 * the dark set, and `dark:` classes applied (after the element's other classes, in source order).
 */
import type { Element } from 'domhandler';
import { z } from 'zod';
import { parseClassToken, type ClassToken } from '../class-token.js';
import { paintedColour } from '../tailwind/paint.js';
import { compositeOver, contrastRatio, parseCssColour, toHex, tokenColour, type Colour } from '../colour.js';
import { defineDetector, type CheckOf, type Finding, type LintContext } from '../detector.js';
import type { ClassTable } from '../class-table.js';
import type { CssDeclaration, LintDocument } from '../document.js';
import { buildFontWeightIndex, type FontWeightIndex } from '../../contracts/theme-index.js';
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
  /** Set by something dsctl cannot resolve (`colour` is then a placeholder): pairs on it are not judged. */
  readonly unresolved?: true;
}

type Mode = 'light' | 'dark';

/** What an element resolves to after inheritance; `dfg`/`dbg` are the dark theme's colours. */
interface Resolved {
  readonly fg?: Paint | undefined;
  readonly bg?: Paint | undefined;
  readonly sizePx?: number | undefined;
  readonly weight?: number | undefined;
  readonly dfg?: Paint | undefined;
  readonly dbg?: Paint | undefined;
}

/** What an element sets itself, in both themes (the same fields): one walk of the page checks both. */
type Own = Resolved;

interface Prepared {
  readonly minRatio: number;
  readonly largeTextMinRatio: number;
  readonly weights: FontWeightIndex;
  /** The config has a dark colour set: pairs are checked in the dark theme too. */
  readonly dark: boolean;
  /**
   * The theme's `bg` role, made opaque over white: what text with no background of its own is judged
   * against, and what translucent backgrounds end on. `darkBackdrop` is the dark theme's.
   */
  readonly pageBackdrop?: Paint;
  readonly darkBackdrop?: Paint;
  /** Pages repeat the same class names and colour pairs: resolve each once per project. */
  readonly classes: Map<string, Own>;
  readonly ratios: WeakMap<Colour, WeakMap<Colour, number>>;
}

const MIN_RATIO = 4.5;
const LARGE_TEXT_MIN_RATIO = 3;

const contrastCheck = z.strictObject({
  minRatio: z.number().min(1).max(21).default(MIN_RATIO).describe('WCAG 2.x minimum contrast ratio for normal text.'),
  largeTextMinRatio: z.number().min(1).max(21).default(LARGE_TEXT_MIN_RATIO).describe('WCAG 2.x minimum for large text.'),
});

const messages = { low: 'Contrast {ratio}:1 of {fg} on {bg}{theme} is below the WCAG 2.x minimum of {required}:1' } as const;

const MEMO_LIMIT = 20_000;
// Shared by every element that sets no colour, size or weight of its own.
const NOTHING: Own & Resolved = Object.freeze({});

export const detector = defineDetector({
  id: 'contrast',
  meta: {
    docs: { description: "WCAG 2.x contrast of text colour against its resolved background, from the theme's tokens; large text has its own minimum." },
    check: { key: 'contrastCheck', schema: contrastCheck },
    patterns: [],
    messages,
  },
  prepare(rule, context): Prepared {
    const check: CheckOf<typeof contrastCheck> = rule.contrastCheck ?? {};
    const dark = context.project.config.theme.colorDark.length > 0;
    const pageBackdrop = backdropOf(context, 'light');
    const darkBackdrop = dark ? backdropOf(context, 'dark') : undefined;
    return {
      minRatio: check.minRatio ?? MIN_RATIO,
      largeTextMinRatio: check.largeTextMinRatio ?? LARGE_TEXT_MIN_RATIO,
      weights: buildFontWeightIndex(context.project),
      dark,
      classes: new Map(),
      ratios: new WeakMap(),
      ...(pageBackdrop ? { pageBackdrop } : {}),
      ...(darkBackdrop ? { darkBackdrop } : {}),
    };
  },
  run(doc, _rule, prepared, context) {
    if (!doc.root) return [];
    const elements = allElements(doc);
    const owns = ownStyles(doc, elements, prepared, context);
    const findings: Finding<keyof typeof messages>[] = [];
    // The current element's ancestors and their resolved states: elements come in document order.
    const path: Element[] = [];
    const states: Resolved[] = [];
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i] as Element;
      while (path.length > 0 && path[path.length - 1] !== element.parent) {
        path.pop();
        states.pop();
      }
      const parent = states[states.length - 1];
      const own = owns[i] ?? NOTHING;
      // Most elements set nothing that matters here: they share their parent's state, allocation-free.
      let state: Resolved;
      if (own === NOTHING) {
        state = parent ?? NOTHING;
      } else {
        // One shape for every state, so that reading one stays monomorphic.
        state = {
          fg: own.fg ?? parent?.fg,
          bg: layer(own.bg, parent?.bg),
          sizePx: own.sizePx ?? parent?.sizePx,
          weight: own.weight ?? parent?.weight,
          dfg: own.dfg ?? parent?.dfg,
          dbg: layer(own.dbg, parent?.dbg),
        };
      }
      path.push(element);
      states.push(state);
      if (own === NOTHING) continue;
      // Checked where the pair is made: a text colour set here, or a background set under inherited text.
      // The dark theme only where the light one found nothing.
      if (!check(doc, element, own.fg, own.bg, state.fg, state.bg, prepared.pageBackdrop, state, prepared, false, findings) && prepared.dark) {
        check(doc, element, own.dfg, own.dbg, state.dfg, state.dbg, prepared.darkBackdrop, state, prepared, true, findings);
      }
    }
    return findings;
  },
});

/** A background set here over the one inherited: translucent layers composite, unresolved ones stay unresolved. */
function layer(own: Paint | undefined, below: Paint | undefined): Paint | undefined {
  if (!own) return below;
  if (own.colour.alpha >= 1 || own.unresolved || !below) return own;
  return below.unresolved ? below : { colour: compositeOver(own.colour, below.colour), source: own.source };
}

/** One theme's pair at an element; true when it made a finding or an unchecked note. */
function check(
  doc: LintDocument,
  element: Element,
  ownFg: Paint | undefined,
  ownBg: Paint | undefined,
  fg: Paint | undefined,
  bg: Paint | undefined,
  page: Paint | undefined,
  state: Resolved,
  prepared: Prepared,
  dark: boolean,
  findings: Finding<keyof typeof messages>[],
): boolean {
  const token = ownFg?.source ?? (ownBg && fg ? ownBg.source : undefined);
  if (!token || !fg) return false;
  const background = backdrop(bg, page);
  if (!background) return false;
  if (background.unresolved) {
    findings.push({ range: tagRange(doc, element), token, messageId: 'low', unchecked: `contrast of ${fg.source} against ${background.source}, a background dsctl cannot resolve` });
    return true;
  }
  const ratio = memoRatio(prepared, fg.colour, background.colour);
  const size = state.sizePx ?? DEFAULT_SIZE_PX;
  const large = size >= LARGE_TEXT_PX || (size >= LARGE_BOLD_TEXT_PX && (state.weight ?? DEFAULT_WEIGHT) >= BOLD_WEIGHT);
  const required = large ? prepared.largeTextMinRatio : prepared.minRatio;
  if (ratio >= required) return false;
  findings.push({
    range: tagRange(doc, element),
    token,
    messageId: 'low',
    data: {
      // Truncated, never rounded up: 4.499 must not read as 4.50.
      ratio: (Math.floor(ratio * 100) / 100).toFixed(2),
      required,
      fg: describe(fg),
      bg: describe(background),
      theme: dark ? ' in the dark theme' : '',
    },
  });
  return true;
}

/** The theme's `bg` role in `mode`, made opaque over white. */
function backdropOf(context: LintContext, mode: Mode): Paint | undefined {
  const bgToken = lookupColour(context, mode, 'bg');
  const bgColour = bgToken && tokenColour(bgToken);
  if (!bgColour) return undefined;
  return { colour: bgColour.alpha < 1 ? compositeOver(bgColour, WHITE) : bgColour, source: `page background ${bgToken.path}` };
}

/** A colour role in `mode`: the dark set first in the dark theme, then the light one (names the dark set does not redefine). */
function lookupColour(context: LintContext, mode: Mode, name: string) {
  return (mode === 'dark' ? context.theme.lookup('colorDark', name) : undefined) ?? context.theme.lookup('color', name);
}

/** The background to judge against: translucent layers end on the page background, then white. */
function backdrop(bg: Paint | undefined, page: Paint | undefined): Paint | undefined {
  if (!bg) return page;
  if (bg.colour.alpha >= 1 || bg.unresolved) return bg;
  const below = page?.colour ?? WHITE;
  return { colour: compositeOver(bg.colour, below), source: bg.source };
}

function describe(paint: Paint): string {
  return `${paint.source} (${toHex(paint.colour)})`;
}

/**
 * What each element (by its index in `elements`) sets itself: its classes in source order (later ones
 * win, as they usually do in a generated stylesheet for one utility), then its style attribute
 * (inline style beats classes). Undefined for an element that sets nothing of the kind.
 */
function ownStyles(doc: LintDocument, elements: readonly Element[], prepared: Prepared, context: LintContext): (Own | undefined)[] {
  // Per distinct name, then by each occurrence's name index: no name is looked up twice.
  const table = doc.classes;
  const effects = table.names.map((name) => classEffect(name, prepared, context));
  const inOrder = new Array<Own | undefined>(elements.length);
  if (classesInOrder(table, effects, elements, inOrder) && declarationsInOrder(doc.declarations, elements, inOrder)) return inOrder;
  // Some source listed an element's classes out of document order: find elements by a map instead.
  const indexes = new Map(elements.map((element, i) => [element, i]));
  const at = (element: Element | undefined) => (element ? indexes.get(element) : undefined);
  const owns = new Array<Own | undefined>(elements.length);
  for (let r = 0; r < table.runCount; r++) {
    const element = at(table.runElement(r));
    for (let k = table.runStart(r); k < table.runStart(r + 1); k++) applyAt(owns, element, effects[table.nameIndex[k] as number] as Own);
  }
  for (const d of doc.declarations) applyAt(owns, at(d.element), declarationEffect(d));
  return owns;
}

/**
 * Every source lists classes and declarations in document order, as `elements` are: read both side
 * by side, without a map. False as soon as an item is out of that order (its element is behind).
 * Classes that set nothing here (most of a page's) are passed over first.
 */
function classesInOrder(table: ClassTable, effects: readonly Own[], elements: readonly Element[], owns: (Own | undefined)[]): boolean {
  const { nameIndex } = table;
  let at = 0;
  for (let r = 0; r < table.runCount; r++) {
    const element = table.runElement(r);
    if (!element) continue;
    // One element's class list: its effects folded into locals, so that at most one object is made.
    let only: Own | undefined;
    let count = 0;
    let fg: Paint | undefined;
    let bg: Paint | undefined;
    let sizePx: number | undefined;
    let weight: number | undefined;
    let dfg: Paint | undefined;
    let dbg: Paint | undefined;
    for (let k = table.runStart(r); k < table.runStart(r + 1); k++) {
      const effect = effects[nameIndex[k] as number] as Own;
      if (effect === NOTHING) continue;
      only = effect;
      count++;
      fg = effect.fg ?? fg;
      bg = effect.bg ?? bg;
      sizePx = effect.sizePx ?? sizePx;
      weight = effect.weight ?? weight;
      dfg = effect.dfg ?? dfg;
      dbg = effect.dbg ?? dbg;
    }
    if (only === undefined) continue;
    while (at < elements.length && elements[at] !== element) at++;
    if (at === elements.length) return false;
    applyAt(owns, at, count === 1 ? only : { fg, bg, sizePx, weight, dfg, dbg });
  }
  return true;
}

function declarationsInOrder(declarations: readonly CssDeclaration[], elements: readonly Element[], owns: (Own | undefined)[]): boolean {
  let at = 0;
  for (const d of declarations) {
    if (!d.element) continue;
    while (at < elements.length && elements[at] !== d.element) at++;
    if (at === elements.length) return false;
    applyAt(owns, at, declarationEffect(d));
  }
  return true;
}

function applyAt(owns: (Own | undefined)[], at: number | undefined, effect: Own): void {
  if (at === undefined || effect === NOTHING) return;
  const own = owns[at];
  // Effects are shared by every element with the class: combined into a new object, never changed.
  owns[at] =
    own === undefined
      ? effect
      : { fg: effect.fg ?? own.fg, bg: effect.bg ?? own.bg, sizePx: effect.sizePx ?? own.sizePx, weight: effect.weight ?? own.weight, dfg: effect.dfg ?? own.dfg, dbg: effect.dbg ?? own.dbg };
}

function memoRatio(prepared: Prepared, fg: Colour, bg: Colour): number {
  let byBg = prepared.ratios.get(fg);
  if (!byBg) prepared.ratios.set(fg, (byBg = new WeakMap()));
  let ratio = byBg.get(bg);
  if (ratio === undefined) byBg.set(bg, (ratio = contrastRatio(fg, bg)));
  return ratio;
}

// Background values that paint nothing over what is below.
const STYLE_NOT_PAINT = /^(?:none|transparent|inherit|initial|unset|revert(?:-layer)?)$/i;

/** What one declaration of a style attribute sets, as a class would. */
function declarationEffect(d: CssDeclaration): Own {
  const value = d.value.trim();
  if (d.property === 'color') {
    const colour = parseCssColour(value);
    const fg = colour && { colour, source: value };
    // Inline colours are the same in both themes.
    return fg ? { fg, dfg: fg } : NOTHING;
  }
  if (d.property === 'background-color' || d.property === 'background' || d.property === 'background-image') {
    const colour = d.property === 'background-image' ? undefined : parseCssColour(value);
    const bg: Paint | undefined = colour ? { colour, source: value } : STYLE_NOT_PAINT.test(value) ? undefined : { colour: WHITE, source: value, unresolved: true };
    return bg ? { bg, dbg: bg } : NOTHING;
  }
  if (d.property === 'font-size') {
    const size = lengthPx(value);
    return size !== undefined ? { sizePx: size } : NOTHING;
  }
  if (d.property === 'font-weight') {
    const weight = numericWeight(value);
    return weight !== undefined ? { weight } : NOTHING;
  }
  return NOTHING;
}

/** What one class name sets (at most one of colour, background, size, weight), memoised per project. */
function classEffect(name: string, prepared: Prepared, context: LintContext): Own {
  let effect = prepared.classes.get(name);
  if (effect === undefined) {
    effect = bothThemes(readClass(name, prepared, 'light', context), prepared.dark ? readClass(name, prepared, 'dark', context) : NOTHING);
    if (prepared.classes.size >= MEMO_LIMIT) prepared.classes.clear();
    prepared.classes.set(name, effect);
  }
  return effect;
}

/** A class's light effect with its dark colours beside it. */
function bothThemes(light: Own, dark: Own): Own {
  if (dark === NOTHING) return light;
  return { fg: light.fg, bg: light.bg, sizePx: light.sizePx, weight: light.weight, dfg: dark.fg, dbg: dark.bg };
}

function readClass(name: string, prepared: Prepared, mode: Mode, context: LintContext): Own {
  const parsed = parseClassToken(name);
  // Other states and viewports are not seen; `dark:` is the dark theme's.
  const applies = parsed.variants.length === 0 || (mode === 'dark' && parsed.variants.length === 1 && parsed.variants[0] === 'dark');
  if (!applies) return NOTHING;
  const base = parsed.negative ? parsed.base.slice(1) : parsed.base;
  const unmodified = parsed.negative ? parsed.unmodified.slice(1) : parsed.unmodified;
  if (base.startsWith('text-')) {
    const value = base.slice(5);
    const size = fontSize(value, parsed.utility === 'text' ? parsed.arbitraryValue : undefined, context);
    if (size !== undefined) return { sizePx: size };
    const colour = context.tailwind ? paintOf(name, 'color', mode, context) : colourOf(value, parsed, mode, context);
    return colour ? { fg: { colour, source: name } } : NOTHING;
  }
  if (base.startsWith('bg-')) {
    if (context.tailwind) {
      const painted = paintOf(name, 'background', mode, context);
      if (painted) return { bg: { colour: painted, source: name } };
      return paintsBackground(name, unmodified, context) ? { bg: { colour: WHITE, source: name, unresolved: true } } : NOTHING;
    }
    const colour = colourOf(base.slice(3), parsed, mode, context);
    if (colour) return { bg: { colour, source: name } };
    return BG_NOT_PAINT.test(unmodified) ? NOTHING : { bg: { colour: WHITE, source: name, unresolved: true } };
  }
  if (base.startsWith('font-')) {
    const weight = parsed.utility === 'font' && parsed.arbitraryValue !== undefined ? numericWeight(parsed.arbitraryValue) : prepared.weights.lookup(base.slice(5));
    return weight !== undefined ? { weight } : NOTHING;
  }
  return NOTHING;
}

// `bg-*` utilities that place, size, clip or blend a background rather than paint it.
const BG_NOT_PAINT = /^bg-(?:none|inherit|transparent|current|fixed|local|scroll|cover|contain|auto|center|top|bottom|left|right|(?:left|right)-(?:top|bottom)|repeat(?:-.+)?|no-repeat|round|space|clip-.+|origin-.+|blend-.+|position-.+|size-.+|\[length:.+\]|\[position:.+\]|\[size:.+\])$/;

/** The colour a class paints as `color` or background, per Tailwind's class model; undefined when it paints none (or none dsctl can resolve). */
function paintOf(name: string, what: 'color' | 'background', mode: Mode, context: LintContext): Colour | undefined {
  const model = context.tailwind;
  if (!model) return undefined;
  const declaration = model.classify(name).declarations.find(([property]) => (what === 'color' ? property === 'color' : property === 'background-color' || property === 'background'));
  if (!declaration) return undefined;
  return paintedColour(declaration[1], model, (variable) => {
    const role = /^--color-(.+)$/.exec(variable)?.[1];
    const token = role === undefined ? undefined : lookupColour(context, mode, role);
    return token && tokenColour(token);
  });
}

/** Whether a class paints a background dsctl cannot resolve: an image, a variable, or a `bg-*` name Tailwind does not know. */
function paintsBackground(name: string, unmodified: string, context: LintContext): boolean {
  const cls = context.tailwind?.classify(name);
  if (!cls?.known) return !BG_NOT_PAINT.test(unmodified);
  return cls.declarations.some(([property]) => property === 'background-color' || property === 'background' || property === 'background-image');
}

/** `text-2xl` through the fontSize namespace; `text-[20px]` / `text-[1.25rem]` directly. */
function fontSize(name: string, arbitrary: string | undefined, context: LintContext): number | undefined {
  if (arbitrary !== undefined) return lengthPx(arbitrary.replace(/^length:/, ''));
  const token = context.theme.lookup('fontSize', name.split('/')[0] ?? name);
  if (!token || token.type !== 'dimension') return undefined;
  const v = token.resolved as { value?: unknown; unit?: unknown };
  return typeof v.value === 'number' ? (v.unit === 'rem' ? v.value * REM_PX : v.value) : undefined;
}

/** A colour utility name, with an optional opacity modifier (`fg/60`, `fg/[0.6]`, `[#777]/50`), or an arbitrary colour. */
function colourOf(name: string, parsed: ClassToken, mode: Mode, context: LintContext): Colour | undefined {
  const arbitrary = parsed.utility === 'text' || parsed.utility === 'bg' ? parsed.arbitraryValue : undefined;
  const slash = arbitrary === undefined ? name.lastIndexOf('/') : -1;
  const role = slash > 0 ? name.slice(0, slash) : name;
  const token = arbitrary === undefined ? lookupColour(context, mode, role) : undefined;
  const colour = arbitrary !== undefined ? parseCssColour(arbitrary.replace(/^color:/, '')) : token && tokenColour(token);
  if (!colour) return undefined;
  const modifier = parsed.modifier;
  if (modifier === undefined) return colour;
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
