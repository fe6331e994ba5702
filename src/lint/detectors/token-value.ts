/**
 * token-value: raw values that should be design tokens — in CSS declarations (stylesheets, <style>,
 * style="") and in Tailwind arbitrary values (`p-[13px]`, `bg-[#1e90ff]`). Each raw colour, length,
 * z-index, time or shadow layer is one finding at its exact range, with the nearest token suggested.
 * With Tailwind's class model, a class painting a colour of Tailwind's theme that is no token
 * (`bg-slate-900` where the theme keeps the default palette) is one finding too, at the class.
 *
 * Which CSS property carries which kind of value is data (PROPERTY_KINDS, UTILITY_KINDS below).
 * Decisions worth knowing:
 * - A zero (`0`, `0px`, `0ms`) is never reported; `var()`, `env()`, `theme()`, `attr()`, `url()` and
 *   Tailwind's `--spacing()`-style functions are references, never raw. `calc()`/`min()`/`max()`/
 *   `clamp()`, gradients and `color-mix()` are looked into.
 * - Lengths are raw only in `px`, `rem` and `em`; `%`, viewport and font-relative units other than
 *   `em` are layout, not scale values. `em` is compared with tokens as if it were `rem` (×16 px).
 * - Spacing covers padding, margin, gap, inset and top/right/bottom/left (Tailwind puts all of them on
 *   the spacing scale), and scroll-margin/-padding; width/height are layout sizes and are not checked.
 * - Durations include delays (`transition-delay`, the second time of a `transition` shorthand).
 * - Shadows are judged per layer: a `box-shadow`/`text-shadow` layer with a non-zero length or a raw
 *   colour is one finding spanning the layer. Colours inside shadows are the shadow's, not `color`'s.
 * - In the `font` shorthand only the size (the first length) is checked, never the line height.
 * - Custom property definitions (`--brand: #f00`) are not checked: they are where values get names.
 */
import valueParser from 'postcss-value-parser';
import { z } from 'zod';
import { stringList } from '../../contracts/rule-fields.js';
import type { Token } from '../../contracts/tokens.js';
import { parseClassToken } from '../class-token.js';
import { colourDistance, isColourWord, parseCssColour, parseDtcgColour, toHex, tokenColour, type Colour, COLOUR_FUNCTIONS } from '../colour.js';
import { defineDetector, type CheckOf, type Finding, type LintContext } from '../detector.js';
import type { TailwindModel } from '../tailwind/model.js';
import type { ThemeToken } from '../../contracts/theme-index.js';

export const TOKEN_VALUE_KINDS = ['color', 'spacing', 'radius', 'font-size', 'shadow', 'z-index', 'duration'] as const;
type TokenValueKind = (typeof TOKEN_VALUE_KINDS)[number];

const tokenValueCheck = z.strictObject({
  // JSON Schema only (zod does not validate rules): each kind once.
  kinds: z.array(z.enum(TOKEN_VALUE_KINDS)).min(1).meta({ uniqueItems: true }),
  allow: z.array(z.string()).optional().describe('Raw values that are always fine, e.g. 0, transparent, currentColor, inherit.'),
  properties: stringList.optional().describe('Restrict the check to these CSS properties.'),
});

const messages = { raw: 'Raw {kind} value "{token}" instead of a design token' } as const;
type RawFinding = Finding<keyof typeof messages>;

/** How a CSS property is checked: the kind of its raw values, and the utility prefix to suggest. */
interface PropertyKind {
  readonly kind: TokenValueKind;
  readonly utility?: string;
}

const SIDES = [
  ['top', 't'],
  ['right', 'r'],
  ['bottom', 'b'],
  ['left', 'l'],
] as const;
const LOGICAL = [
  ['inline', 'x'],
  ['block', 'y'],
  ['inline-start', 's'],
  ['inline-end', 'e'],
  ['block-start', 't'],
  ['block-end', 'b'],
] as const;

/** `padding` → p, `padding-top` → pt, `padding-inline` → px, … */
function boxProperties(property: string, utility: string, kind: TokenValueKind): [string, PropertyKind][] {
  return [
    [property, { kind, utility }],
    ...[...SIDES, ...LOGICAL].map(([side, short]): [string, PropertyKind] => [`${property}-${side}`, { kind, utility: `${utility}${short}` }]),
  ];
}

/** CSS property → the kind of raw value it holds. Vendor prefixes are stripped before lookup. */
export const PROPERTY_KINDS: ReadonlyMap<string, PropertyKind> = new Map<string, PropertyKind>([
  // Colour
  ['color', { kind: 'color', utility: 'text' }],
  ['background', { kind: 'color', utility: 'bg' }],
  ['background-color', { kind: 'color', utility: 'bg' }],
  ['background-image', { kind: 'color' }],
  ['border', { kind: 'color', utility: 'border' }],
  ['border-color', { kind: 'color', utility: 'border' }],
  ...SIDES.flatMap(([side, short]): [string, PropertyKind][] => [
    [`border-${side}`, { kind: 'color', utility: `border-${short}` }],
    [`border-${side}-color`, { kind: 'color', utility: `border-${short}` }],
  ]),
  ...['block', 'inline', 'block-start', 'block-end', 'inline-start', 'inline-end'].flatMap((side): [string, PropertyKind][] => [
    [`border-${side}`, { kind: 'color', utility: 'border' }],
    [`border-${side}-color`, { kind: 'color', utility: 'border' }],
  ]),
  ['outline', { kind: 'color', utility: 'outline' }],
  ['outline-color', { kind: 'color', utility: 'outline' }],
  ['fill', { kind: 'color', utility: 'fill' }],
  ['stroke', { kind: 'color', utility: 'stroke' }],
  ['text-decoration', { kind: 'color', utility: 'decoration' }],
  ['text-decoration-color', { kind: 'color', utility: 'decoration' }],
  ['caret-color', { kind: 'color', utility: 'caret' }],
  ['accent-color', { kind: 'color', utility: 'accent' }],
  ['column-rule', { kind: 'color' }],
  ['column-rule-color', { kind: 'color' }],
  ['text-emphasis-color', { kind: 'color' }],
  ['text-fill-color', { kind: 'color' }],
  ['text-stroke-color', { kind: 'color' }],
  ['stop-color', { kind: 'color' }],
  ['flood-color', { kind: 'color' }],
  ['lighting-color', { kind: 'color' }],
  ['scrollbar-color', { kind: 'color' }],
  // Spacing
  ...boxProperties('padding', 'p', 'spacing'),
  ...boxProperties('margin', 'm', 'spacing'),
  ...boxProperties('scroll-padding', 'scroll-p', 'spacing'),
  ...boxProperties('scroll-margin', 'scroll-m', 'spacing'),
  ['gap', { kind: 'spacing', utility: 'gap' }],
  ['row-gap', { kind: 'spacing', utility: 'gap-y' }],
  ['column-gap', { kind: 'spacing', utility: 'gap-x' }],
  ['grid-gap', { kind: 'spacing', utility: 'gap' }],
  ['grid-row-gap', { kind: 'spacing', utility: 'gap-y' }],
  ['grid-column-gap', { kind: 'spacing', utility: 'gap-x' }],
  ['inset', { kind: 'spacing', utility: 'inset' }],
  ['inset-inline', { kind: 'spacing', utility: 'inset-x' }],
  ['inset-block', { kind: 'spacing', utility: 'inset-y' }],
  ['inset-inline-start', { kind: 'spacing', utility: 'start' }],
  ['inset-inline-end', { kind: 'spacing', utility: 'end' }],
  ['inset-block-start', { kind: 'spacing', utility: 'top' }],
  ['inset-block-end', { kind: 'spacing', utility: 'bottom' }],
  ...SIDES.map(([side]): [string, PropertyKind] => [side, { kind: 'spacing', utility: side }]),
  // Radius
  ['border-radius', { kind: 'radius', utility: 'rounded' }],
  ...(
    [
      ['top-left', 'tl'],
      ['top-right', 'tr'],
      ['bottom-right', 'br'],
      ['bottom-left', 'bl'],
      ['start-start', 'ss'],
      ['start-end', 'se'],
      ['end-end', 'ee'],
      ['end-start', 'es'],
    ] as const
  ).map(([corner, short]): [string, PropertyKind] => [`border-${corner}-radius`, { kind: 'radius', utility: `rounded-${short}` }]),
  // Font size
  ['font-size', { kind: 'font-size', utility: 'text' }],
  ['font', { kind: 'font-size', utility: 'text' }],
  // Shadow
  ['box-shadow', { kind: 'shadow', utility: 'shadow' }],
  ['text-shadow', { kind: 'shadow', utility: 'text-shadow' }],
  // Z-index
  ['z-index', { kind: 'z-index', utility: 'z' }],
  // Duration
  ['transition', { kind: 'duration', utility: 'duration' }],
  ['transition-duration', { kind: 'duration', utility: 'duration' }],
  ['transition-delay', { kind: 'duration', utility: 'delay' }],
  ['animation', { kind: 'duration' }],
  ['animation-duration', { kind: 'duration' }],
  ['animation-delay', { kind: 'duration' }],
]);

/**
 * Tailwind utility (before `-[…]`) → what its arbitrary value is. `color-or` utilities take a colour
 * or something else (`text-[13px]` is a size, `border-[2px]` a width): a colour is reported as colour,
 * a length only when `length` names its kind.
 */
interface UtilityKind {
  readonly property: string;
  readonly kind?: TokenValueKind;
  readonly colour?: { readonly property: string };
}
const colourOnly = (property: string): UtilityKind => ({ property, colour: { property } });
const spacing = (property: string): UtilityKind => ({ property, kind: 'spacing' });

export const UTILITY_KINDS: ReadonlyMap<string, UtilityKind> = new Map<string, UtilityKind>([
  ['bg', colourOnly('background-color')],
  ['text', { property: 'font-size', kind: 'font-size', colour: { property: 'color' } }],
  ...['border', 'border-x', 'border-y', 'border-t', 'border-r', 'border-b', 'border-l', 'border-s', 'border-e'].map(
    (u): [string, UtilityKind] => [u, colourOnly('border-color')],
  ),
  ['divide', colourOnly('border-color')],
  ['outline', colourOnly('outline-color')],
  ['ring', colourOnly('box-shadow')],
  ['ring-offset', colourOnly('box-shadow')],
  ['fill', colourOnly('fill')],
  ['stroke', colourOnly('stroke')],
  ['decoration', colourOnly('text-decoration-color')],
  ['caret', colourOnly('caret-color')],
  ['accent', colourOnly('accent-color')],
  ['placeholder', colourOnly('color')],
  ['from', colourOnly('background-image')],
  ['via', colourOnly('background-image')],
  ['to', colourOnly('background-image')],
  ...['p', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'].map((u): [string, UtilityKind] => [u, spacing('padding')]),
  ...['m', 'mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'].map((u): [string, UtilityKind] => [u, spacing('margin')]),
  ...['gap', 'gap-x', 'gap-y', 'space-x', 'space-y'].map((u): [string, UtilityKind] => [u, spacing('gap')]),
  ...['inset', 'inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'].map((u): [string, UtilityKind] => [u, spacing(u.startsWith('inset') ? 'inset' : u)]),
  ...['scroll-m', 'scroll-mx', 'scroll-my', 'scroll-mt', 'scroll-mr', 'scroll-mb', 'scroll-ml', 'scroll-ms', 'scroll-me'].map(
    (u): [string, UtilityKind] => [u, spacing('scroll-margin')],
  ),
  ...['scroll-p', 'scroll-px', 'scroll-py', 'scroll-pt', 'scroll-pr', 'scroll-pb', 'scroll-pl', 'scroll-ps', 'scroll-pe'].map(
    (u): [string, UtilityKind] => [u, spacing('scroll-padding')],
  ),
  ...['', '-t', '-r', '-b', '-l', '-s', '-e', '-tl', '-tr', '-br', '-bl', '-ss', '-se', '-es', '-ee'].map(
    (suffix): [string, UtilityKind] => [`rounded${suffix}`, { property: 'border-radius', kind: 'radius' }],
  ),
  ['shadow', { property: 'box-shadow', kind: 'shadow', colour: { property: 'box-shadow' } }],
  ['drop-shadow', { property: 'filter', kind: 'shadow' }],
  ['z', { property: 'z-index', kind: 'z-index' }],
  ['duration', { property: 'transition-duration', kind: 'duration' }],
  ['delay', { property: 'transition-delay', kind: 'duration' }],
]);

const KIND_LABELS: Readonly<Record<TokenValueKind, string>> = {
  color: 'colour',
  spacing: 'spacing',
  radius: 'radius',
  'font-size': 'font size',
  shadow: 'shadow',
  'z-index': 'z-index',
  duration: 'duration',
};

/** Functions whose contents are references, not raw values. */
const REFERENCE_FUNCTIONS: ReadonlySet<string> = new Set(['var', 'env', 'theme', 'attr', 'url', 'image', 'image-set', 'counter', 'counters', 'format', 'local']);
/** Functions whose arguments are not of any checked kind (easings, transforms of a different kind). */
const OPAQUE_FUNCTIONS: ReadonlySet<string> = new Set(['cubic-bezier', 'steps', 'linear', 'rotate', 'scale', 'skew', 'matrix']);

const LENGTH_UNITS: ReadonlySet<string> = new Set(['px', 'rem', 'em']);
const TYPE_HINT = /^([a-z][a-z-]*):(?=[^:])/;

/** One raw value inside a value string: offsets relative to that string. */
interface RawValue {
  readonly start: number;
  readonly end: number;
}

interface Candidate {
  readonly theme: ThemeToken;
  readonly display: string;
  readonly colour?: Colour;
  readonly number?: number;
  readonly shadow?: readonly number[];
}

interface Prepared {
  readonly kinds: ReadonlySet<TokenValueKind>;
  readonly allow: ReadonlySet<string>;
  readonly properties?: ReadonlySet<string>;
  readonly candidates: ReadonlyMap<TokenValueKind, readonly Candidate[]>;
  /** What each class name holds, by name: see classRawValues(). */
  readonly classMemo: Map<string, readonly ClassRawValue[]>;
  /** Palette classes outside the tokens, by name: see paletteRawValue(). */
  readonly paletteMemo: Map<string, Omit<RawFinding, 'range'> | undefined>;
}

export const detector = defineDetector({
  id: 'token-value',
  meta: {
    docs: { description: 'Raw values that should be design tokens, in CSS declarations (stylesheets, <style>, style="") and Tailwind arbitrary values, with the nearest token suggested.' },
    check: { key: 'tokenValueCheck', schema: tokenValueCheck },
    patterns: [],
    messages,
  },
  prepare(rule, context): Prepared {
    const check: CheckOf<typeof tokenValueCheck> = rule.tokenValueCheck ?? { kinds: [] };
    const kinds = new Set(check.kinds);
    const candidates = new Map<TokenValueKind, readonly Candidate[]>();
    for (const kind of kinds) candidates.set(kind, context.theme.candidates(kind).map((c) => toCandidate(kind, c)));
    return {
      kinds,
      allow: new Set((check.allow ?? []).map((a) => a.toLowerCase())),
      ...(check.properties ? { properties: new Set(check.properties.map((p) => p.toLowerCase())) } : {}),
      candidates,
      classMemo: new Map(),
      paletteMemo: new Map(),
    };
  },
  run(doc, _rule, prepared, context) {
    const findings: RawFinding[] = [];
    for (const declaration of doc.declarations) {
      if (declaration.property.startsWith('--')) continue;
      if (prepared.properties && !prepared.properties.has(declaration.property)) continue;
      const entry = PROPERTY_KINDS.get(declaration.property) ?? PROPERTY_KINDS.get(declaration.property.replace(/^-(?:webkit|moz|ms|o)-/, ''));
      if (!entry || !prepared.kinds.has(entry.kind)) continue;
      if (prepared.allow.has(declaration.value.trim().toLowerCase())) continue;
      for (const raw of scanValue(declaration.value, entry.kind, declaration.property)) {
        const token = declaration.value.slice(raw.start, raw.end);
        if (prepared.allow.has(token.toLowerCase())) continue;
        findings.push(finding(declaration.valueRange.start + raw.start, token, entry.kind, entry.utility, prepared));
      }
    }
    // By distinct name (the engine orders findings by place): arbitrary values hold raw values, and so
    // do palette classes outside the tokens when Tailwind's class model says what they paint.
    const table = doc.classes;
    const palette = context.tailwind && prepared.kinds.has('color') ? context.tailwind : undefined;
    for (let i = 0; i < table.names.length; i++) {
      const name = table.names[i] as string;
      if (!name.includes('-[')) {
        const raw = palette && paletteRawValue(name, palette, prepared, context);
        if (raw) for (const k of table.occurrencesOf(i)) findings.push({ ...raw, range: table.range(k) });
        continue;
      }
      for (const raw of classRawValues(name, prepared)) {
        for (const k of table.occurrencesOf(i)) {
          const start = table.start(k) + raw.offset;
          findings.push({ ...raw.finding, range: { start, end: start + raw.finding.token.length } });
        }
      }
    }
    return findings;
  },
});

/** A raw value in a class name: where it starts in the name, and the finding but for its range. */
interface ClassRawValue {
  readonly offset: number;
  readonly finding: Omit<RawFinding, 'range'>;
}

const NONE: readonly ClassRawValue[] = [];
// Pages repeat the same classes: judge each name once per rule (suggestions search every token).
const MEMO_LIMIT = 50_000;

function classRawValues(name: string, prepared: Prepared): readonly ClassRawValue[] {
  let values = prepared.classMemo.get(name);
  if (values === undefined) {
    values = readClassRawValues(name, prepared);
    if (prepared.classMemo.size >= MEMO_LIMIT) prepared.classMemo.clear();
    prepared.classMemo.set(name, values);
  }
  return values;
}

// Colour properties a class may paint, by what Tailwind generates for it.
const PAINTED = /^(?:color|background-color|border(?:-[a-z]+)*-color|outline-color|fill|stroke|text-decoration-color|caret-color|accent-color)$/;
const THEME_COLOUR = /var\((--color-([\w-]+))\)/;

/**
 * A class that paints a colour of Tailwind's theme that is no token (`bg-slate-900` where the theme
 * keeps Tailwind's palette): the whole class is the raw value, and the nearest token's utility the
 * suggestion. Memoised by name, as arbitrary values are.
 */
function paletteRawValue(name: string, model: TailwindModel, prepared: Prepared, context: LintContext): Omit<RawFinding, 'range'> | undefined {
  if (prepared.paletteMemo.has(name)) return prepared.paletteMemo.get(name);
  let found: Omit<RawFinding, 'range'> | undefined;
  const cls = model.classify(name);
  for (const [property, value] of cls.known ? cls.declarations : []) {
    if (!PAINTED.test(property) || (prepared.properties && !prepared.properties.has(property))) continue;
    const variable = THEME_COLOUR.exec(value);
    if (!variable || context.theme.lookup('color', variable[2] as string)) continue;
    const colour = model.themeValue(variable[1] as string);
    if (colour === undefined || parseCssColour(colour) === undefined) continue;
    found = unplacedFinding(name, 'color', cls.root?.replace(/^-/, ''), prepared, colour);
    break;
  }
  if (prepared.paletteMemo.size >= MEMO_LIMIT) prepared.paletteMemo.clear();
  prepared.paletteMemo.set(name, found);
  return found;
}

function readClassRawValues(name: string, prepared: Prepared): readonly ClassRawValue[] {
  const parsed = parseClassToken(name);
  if (parsed.arbitraryValue === undefined || parsed.utility === undefined) return NONE;
  const utility = UTILITY_KINDS.get(parsed.utility);
  if (!utility) return NONE;
  // The value as written between the brackets (underscores kept), and where it starts.
  // Before any opacity modifier (`bg-[#3b5998]/90`, `bg-[#000]/[0.5]`): the base ends the name, but for a v4 `!`.
  const close = name.lastIndexOf(parsed.base) + parsed.unmodified.length - 1;
  const open = name.lastIndexOf('-[', close) + 2;
  if (open < 2 || close < open) return NONE;
  let written = name.slice(open, close);
  let offset = open;
  let value = parsed.arbitraryValue;
  let hint: string | undefined;
  const hinted = TYPE_HINT.exec(value);
  if (hinted?.[1]) {
    hint = hinted[1];
    value = value.slice(hinted[0].length);
    written = written.slice(hinted[0].length);
    offset += hinted[0].length;
  }
  const isColour = hint === 'color' || (hint === undefined && parseCssColour(value) !== undefined);
  const target = isColour && utility.colour ? { kind: 'color' as const, property: utility.colour.property } : utility.kind ? { kind: utility.kind, property: utility.property } : undefined;
  if (!target || !prepared.kinds.has(target.kind)) return NONE;
  if (prepared.properties && !prepared.properties.has(target.property)) return NONE;
  if (prepared.allow.has(value.trim().toLowerCase())) return NONE;
  const values: ClassRawValue[] = [];
  for (const raw of scanValue(value, target.kind, target.property)) {
    const token = written.slice(raw.start, raw.end);
    if (prepared.allow.has(value.slice(raw.start, raw.end).toLowerCase())) continue;
    values.push({ offset: offset + raw.start, finding: unplacedFinding(token, target.kind, parsed.utility, prepared, value.slice(raw.start, raw.end)) });
  }
  return values.length ? values : NONE;
}

function finding(start: number, token: string, kind: TokenValueKind, utility: string | undefined, prepared: Prepared, value = token): RawFinding {
  return { range: { start, end: start + token.length }, ...unplacedFinding(token, kind, utility, prepared, value) };
}

/** A finding but for where it is, with the nearest token suggested. */
function unplacedFinding(token: string, kind: TokenValueKind, utility: string | undefined, prepared: Prepared, value: string): Omit<RawFinding, 'range'> {
  const alternative = suggest(kind, value, utility, prepared.candidates.get(kind) ?? []);
  return { token, messageId: 'raw', data: { kind: KIND_LABELS[kind] }, ...(alternative === undefined ? {} : { alternative }) };
}

// ---------------------------------------------------------------------------------------------
// Scanning a value

/** The raw values of `kind` in a CSS value, in order. */
export function scanValue(value: string, kind: TokenValueKind, property: string): RawValue[] {
  const nodes = valueParser(value).nodes;
  switch (kind) {
    case 'color':
      return colours(nodes);
    case 'spacing':
    case 'radius':
    case 'font-size': {
      const lengths = collect(nodes, (n) => n.type === 'word' && isRawLength(n.value));
      // In `font: bold 15px/1.5 Inter` only the size (the first length) is a font size.
      return property === 'font' ? lengths.slice(0, 1) : lengths;
    }
    case 'z-index':
      return nodes.filter((n) => n.type === 'word' && /^[+-]?\d+$/.test(n.value) && Number(n.value) !== 0).map(rangeOf);
    case 'duration':
      return collect(nodes, (n) => n.type === 'word' && isRawTime(n.value));
    case 'shadow':
      return shadowLayers(nodes);
  }
}

function rangeOf(node: valueParser.Node): RawValue {
  return { start: node.sourceIndex, end: node.sourceEndIndex };
}

/** Depth-first through functions that compute values (calc, min, max, clamp, …), never into references. */
function collect(nodes: readonly valueParser.Node[], test: (node: valueParser.Node) => boolean): RawValue[] {
  const out: RawValue[] = [];
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop();
    if (!node) break;
    if (node.type === 'function') {
      const name = node.value.toLowerCase();
      if (REFERENCE_FUNCTIONS.has(name) || OPAQUE_FUNCTIONS.has(name) || name.startsWith('--')) continue;
      for (let i = node.nodes.length - 1; i >= 0; i--) stack.push(node.nodes[i] as valueParser.Node);
    } else if (test(node)) {
      out.push(rangeOf(node));
    }
  }
  return out;
}

function colours(nodes: readonly valueParser.Node[]): RawValue[] {
  const out: RawValue[] = [];
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop();
    if (!node) break;
    if (node.type === 'word' && isColourWord(node.value)) out.push(rangeOf(node));
    if (node.type !== 'function') continue;
    const name = node.value.toLowerCase();
    if (REFERENCE_FUNCTIONS.has(name) || name.startsWith('--')) continue;
    if (COLOUR_FUNCTIONS.has(name)) {
      // rgb(var(--primary-rgb) / 50%) is a token with an alpha, not a raw colour.
      if (!hasReference(node.nodes)) out.push(rangeOf(node));
      continue;
    }
    for (let i = node.nodes.length - 1; i >= 0; i--) stack.push(node.nodes[i] as valueParser.Node);
  }
  return out;
}

function hasReference(nodes: readonly valueParser.Node[]): boolean {
  let found = false;
  valueParser.walk(nodes as valueParser.Node[], (n) => {
    if (n.type === 'function' && (REFERENCE_FUNCTIONS.has(n.value.toLowerCase()) || n.value.startsWith('--'))) found = true;
  });
  return found;
}

/** Each comma-separated layer with a non-zero length or a raw colour, from its first to its last node. */
function shadowLayers(nodes: readonly valueParser.Node[]): RawValue[] {
  const out: RawValue[] = [];
  let layer: valueParser.Node[] = [];
  const flush = () => {
    const content = layer.filter((n) => n.type !== 'space' && n.type !== 'comment');
    const first = content[0];
    const last = content[content.length - 1];
    const raw = collect(content, (n) => n.type === 'word' && isRawLength(n.value)).length > 0 || colours(content).length > 0;
    if (first && last && raw) out.push({ start: first.sourceIndex, end: last.sourceEndIndex });
    layer = [];
  };
  for (const node of nodes) {
    if (node.type === 'div' && node.value === ',') flush();
    else layer.push(node);
  }
  flush();
  return out;
}

function isRawLength(word: string): boolean {
  const unit = valueParser.unit(word);
  return unit !== false && LENGTH_UNITS.has(unit.unit.toLowerCase()) && Number(unit.number) !== 0 && Number.isFinite(Number(unit.number));
}

function isRawTime(word: string): boolean {
  const unit = valueParser.unit(word);
  const u = unit === false ? '' : unit.unit.toLowerCase();
  return unit !== false && (u === 'ms' || u === 's') && Number(unit.number) !== 0 && Number.isFinite(Number(unit.number));
}

// ---------------------------------------------------------------------------------------------
// Nearest token

/** `13px` → 13, `1.5rem`/`1.5em` → 24, `250ms` → 250, `0.3s` → 300, `999` → 999. */
function toNumber(word: string): number | undefined {
  const unit = valueParser.unit(word.trim());
  if (unit === false) return undefined;
  const n = Number(unit.number);
  if (!Number.isFinite(n)) return undefined;
  switch (unit.unit.toLowerCase()) {
    case '':
    case 'px':
    case 'ms':
      return n;
    case 'rem':
    case 'em':
      return n * 16;
    case 's':
      return n * 1000;
    default:
      return undefined;
  }
}

/** A DTCG dimension or duration `{ value, unit }` in px or ms; a number as is. */
function tokenNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const { value: n, unit } = value as { value?: unknown; unit?: unknown };
  if (typeof n !== 'number' || typeof unit !== 'string') return undefined;
  return toNumber(`${n}${unit}`);
}

function toCandidate(kind: TokenValueKind, theme: ThemeToken): Candidate {
  const resolved = theme.token.resolved;
  switch (kind) {
    case 'color': {
      const colour = tokenColour(theme.token);
      return { theme, display: colour ? toHex(colour) : '', ...(colour ? { colour } : {}) };
    }
    case 'shadow': {
      const layer = Array.isArray(resolved) ? resolved[0] : resolved;
      const part = (key: string) => tokenNumber((layer as Record<string, unknown> | undefined)?.[key]) ?? 0;
      return { theme, display: '', shadow: [part('offsetX'), part('offsetY'), part('blur'), part('spread')] };
    }
    default: {
      const number = tokenNumber(resolved);
      return { theme, display: displayValue(theme.token), ...(number === undefined ? {} : { number }) };
    }
  }
}

function displayValue(token: Token): string {
  const v = token.resolved;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object' && v !== null && 'value' in v && 'unit' in v) return `${String(v.value)}${String(v.unit)}`;
  return '';
}

function suggest(kind: TokenValueKind, value: string, utility: string | undefined, candidates: readonly Candidate[]): string | undefined {
  let best: Candidate | undefined;
  let bestDistance = Infinity;
  const consider = (candidate: Candidate, distance: number | undefined) => {
    if (distance !== undefined && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  };
  if (kind === 'color') {
    const colour = parseCssColour(value) ?? parseDtcgColour(value);
    if (!colour) return undefined;
    // ΔE OK plus the alpha difference, so that a translucent raw colour finds the translucent token.
    for (const c of candidates) consider(c, c.colour && colourDistance(colour, c.colour) + Math.abs(colour.alpha - c.colour.alpha));
  } else if (kind === 'shadow') {
    const lengths = valueParser(value)
      .nodes.filter((n) => n.type === 'word')
      .map((n) => toNumber(n.value))
      .filter((n): n is number => n !== undefined);
    const raw = [0, 1, 2, 3].map((i) => lengths[i] ?? 0);
    for (const c of candidates) consider(c, c.shadow && c.shadow.reduce((sum, x, i) => sum + Math.abs(x - (raw[i] ?? 0)), 0));
  } else {
    const n = toNumber(value);
    if (n === undefined) return undefined;
    for (const c of candidates) consider(c, c.number === undefined ? undefined : Math.abs(c.number - Math.abs(n)));
  }
  if (!best) return undefined;
  const { token, utility: name } = best.theme;
  const details = [best.display, utility === undefined ? '' : `utility: ${name === '' ? utility : `${utility}-${name}`}`].filter((d) => d !== '');
  return `Use ${token.path}${details.length ? ` (${details.join(', ')})` : ''}`;
}
