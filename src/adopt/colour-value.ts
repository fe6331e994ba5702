import { tryColor } from 'colorjs.io/fn';
import { parseCssColour, toHex } from '../lint/colour.js';

/** A DTCG 2025.10 colour value: a hex string, or an object in the colour space it was written in. */
export type DtcgColour = string | { colorSpace: string; components: (number | 'none')[]; alpha: number; hex: string };

/** colorjs.io space ids → DTCG `colorSpace` (the ones that differ; the rest are equal). */
const DTCG_SPACE: Readonly<Record<string, string>> = { p3: 'display-p3', a98rgb: 'a98-rgb', prophoto: 'prophoto-rgb' };
const DTCG_SPACES = new Set(['srgb', 'srgb-linear', 'hsl', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz-d65', 'xyz-d50']);
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Rounds away float noise (10/255 …) so that output is stable and readable. */
export const round = (x: number, digits = 5): number => {
  const r = Number(x.toFixed(digits));
  return Object.is(r, -0) ? 0 : r;
};

/**
 * A CSS colour (hex, named, rgb(), hsl(), oklch(), color(), …) as a DTCG value. Hex stays hex; a colour
 * function keeps its own space and coordinates (no gamut mapping), with the sRGB hex as a fallback.
 */
export function cssColourToDtcg(text: string): DtcgColour | undefined {
  const trimmed = text.trim();
  if (HEX.test(trimmed)) return trimmed.toLowerCase();
  const srgb = parseCssColour(trimmed);
  const parsed = srgb ? tryColor(trimmed.toLowerCase()) : null;
  if (!srgb || !parsed) return undefined;
  const space = DTCG_SPACE[parsed.space.id] ?? parsed.space.id;
  const hex = toHex({ srgb: srgb.srgb, alpha: 1 });
  if (!DTCG_SPACES.has(space)) return { colorSpace: 'srgb', components: srgb.srgb.map((c) => round(c)), alpha: round(srgb.alpha), hex };
  const components = parsed.coords.map((c) => (typeof c === 'number' && Number.isFinite(c) ? round(c) : 'none'));
  return { colorSpace: space, components, alpha: round(typeof parsed.alpha === 'number' ? parsed.alpha : 1), hex };
}

/** Figma's `{ r, g, b, a }` (0–1 floats, sRGB) as a DTCG colour. */
export function rgbaToDtcg(rgba: { r: number; g: number; b: number; a?: number }): DtcgColour {
  const alpha = rgba.a ?? 1;
  return { colorSpace: 'srgb', components: [round(rgba.r), round(rgba.g), round(rgba.b)], alpha: round(alpha), hex: toHex({ srgb: [rgba.r, rgba.g, rgba.b], alpha: 1 }) };
}
