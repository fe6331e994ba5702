/**
 * Colours for the checker: CSS colour strings and DTCG colour values parsed into one type, WCAG 2.x
 * contrast (alpha-aware) and perceptual distance for "nearest token" suggestions. colorjs.io does the
 * colour science; this module only adapts its inputs and caches results.
 */
import 'colorjs.io/spaces'; // registers every colour space with the procedural API below
import { contrastWCAG21, deltaEOK, to, tryColor, type PlainColorObject } from 'colorjs.io/fn';
import type { Token } from '../contracts/tokens.js';

/** A colour in sRGB, gamut-mapped, with its alpha. Immutable. */
export interface Colour {
  /** Red, green and blue in 0–1 (CSS gamut mapping for wide-gamut inputs). */
  readonly srgb: readonly [number, number, number];
  /** 0 (transparent) to 1 (opaque). */
  readonly alpha: number;
}

/** DTCG 2025.10 `colorSpace` ids → colorjs.io space ids (the ones that differ are mapped; the rest are equal). */
const DTCG_SPACES: Readonly<Record<string, string>> = {
  'display-p3': 'p3',
  'a98-rgb': 'a98rgb',
  'prophoto-rgb': 'prophoto',
};

/** The CSS colour functions a raw value may be written with. */
export const COLOUR_FUNCTIONS: ReadonlySet<string> = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color']);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const WORD = /^[a-z]+$/i;

const WHITE: Colour = { srgb: [1, 1, 1], alpha: 1 };

const cssCache = new Map<string, Colour | null>();
const CSS_CACHE_LIMIT = 2048;
const tokenCache = new WeakMap<Token, Colour | null>();

/**
 * A CSS colour as written: hex (3/4/6/8 digits), a named colour (incl. `transparent`), or a colour
 * function (rgb(), hsl(), oklch(), color(), …). Undefined for anything else, including `currentColor`,
 * system colours and functions whose arguments are `var()`s.
 */
export function parseCssColour(text: string): Colour | undefined {
  const key = text.trim().toLowerCase();
  const cached = cssCache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const parsed = key.includes('var(') ? undefined : fromColorjs(tryColor(key));
  if (cssCache.size >= CSS_CACHE_LIMIT) cssCache.clear();
  cssCache.set(key, parsed ?? null);
  return parsed;
}

/** True for a hex colour or a CSS named colour word (`red`, `transparent`); false for `currentColor`, `none`, `solid`, … */
export function isColourWord(word: string): boolean {
  if (word.startsWith('#')) return HEX.test(word);
  return WORD.test(word) && parseCssColour(word) !== undefined;
}

/** A DTCG colour `$value` (resolved): a hex string or `{ colorSpace, components, alpha?, hex? }`. */
export function parseDtcgColour(value: unknown): Colour | undefined {
  if (typeof value === 'string') return parseCssColour(value);
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { colorSpace?: unknown; components?: unknown; alpha?: unknown; hex?: unknown };
  const alpha = typeof v.alpha === 'number' ? v.alpha : 1;
  if (typeof v.colorSpace === 'string' && Array.isArray(v.components) && v.components.length === 3) {
    const coords = v.components.map((c) => (typeof c === 'number' ? c : null)) as [number | null, number | null, number | null];
    const space = DTCG_SPACES[v.colorSpace] ?? v.colorSpace;
    const colour = fromColorjs(tryColor({ space, coords, alpha }));
    if (colour) return colour;
  }
  if (typeof v.hex === 'string') {
    const fromHex = parseCssColour(v.hex);
    if (fromHex) return { srgb: fromHex.srgb, alpha };
  }
  return undefined;
}

/** The resolved colour of a `color` token, parsed once per token. */
export function tokenColour(token: Token): Colour | undefined {
  const cached = tokenCache.get(token);
  if (cached !== undefined) return cached ?? undefined;
  const colour = token.type === 'color' ? parseDtcgColour(token.resolved) : undefined;
  tokenCache.set(token, colour ?? null);
  return colour;
}

/** `top` painted over `bottom` (source-over in sRGB, as browsers blend). */
export function compositeOver(top: Colour, bottom: Colour): Colour {
  const a = top.alpha + bottom.alpha * (1 - top.alpha);
  if (a === 0) return { srgb: [0, 0, 0], alpha: 0 };
  const mix = (t: number, b: number) => (t * top.alpha + b * bottom.alpha * (1 - top.alpha)) / a;
  return { srgb: [mix(top.srgb[0], bottom.srgb[0]), mix(top.srgb[1], bottom.srgb[1]), mix(top.srgb[2], bottom.srgb[2])], alpha: a };
}

/**
 * WCAG 2.x contrast ratio (1–21) of text `fg` on `bg`. A translucent background is first composited
 * over white (put it over a known backdrop with compositeOver() beforehand for a better answer); a
 * translucent foreground is then composited over that background.
 */
export function contrastRatio(fg: Colour, bg: Colour): number {
  const backdrop = bg.alpha < 1 ? compositeOver(bg, WHITE) : bg;
  const text = fg.alpha < 1 ? compositeOver(fg, backdrop) : fg;
  return contrastWCAG21(toColorjs(text), toColorjs(backdrop));
}

/** Perceptual distance (ΔE OK, in OKLab/OKLCH) between two colours, ignoring alpha. 0 = identical. */
export function colourDistance(a: Colour, b: Colour): number {
  return deltaEOK(toColorjs(a), toColorjs(b));
}

/** `#rrggbb`, or `#rrggbbaa` when translucent. */
export function toHex(colour: Colour): string {
  const byte = (x: number) =>
    Math.round(Math.min(1, Math.max(0, x)) * 255)
      .toString(16)
      .padStart(2, '0');
  const [r, g, b] = colour.srgb;
  return `#${byte(r)}${byte(g)}${byte(b)}${colour.alpha < 1 ? byte(colour.alpha) : ''}`;
}

function fromColorjs(color: PlainColorObject | null): Colour | undefined {
  if (!color) return undefined;
  try {
    const srgb = to(color, 'srgb', { inGamut: true });
    const [r, g, b] = srgb.coords.map((c) => (typeof c === 'number' && Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : 0));
    const alpha = typeof color.alpha === 'number' && Number.isFinite(color.alpha) ? Math.min(1, Math.max(0, color.alpha)) : 1;
    return { srgb: [r ?? 0, g ?? 0, b ?? 0], alpha };
  } catch {
    return undefined;
  }
}

function toColorjs(colour: Colour): { space: string; coords: [number, number, number]; alpha: number } {
  return { space: 'srgb', coords: [colour.srgb[0], colour.srgb[1], colour.srgb[2]], alpha: colour.alpha };
}

/** Hue (degrees, 0 for greys), saturation and lightness (percent) of a colour. */
export function toHsl(colour: Colour): [number, number, number] {
  const [h, s, l] = to(toColorjs(colour), 'hsl').coords;
  const n = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return [n(h), n(s), n(l)];
}
