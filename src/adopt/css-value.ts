import valueParser from 'postcss-value-parser';
import type { TokenType } from '../contracts/token-types.js';
import { cssColourToDtcg, round } from './colour-value.js';

/** A CSS value read as a token value: concrete, a reference to another custom property, or left out (and why). */
export type CssTokenValue =
  | { readonly kind: 'value'; readonly type: TokenType; readonly value: unknown; readonly format?: 'hsl-channels' }
  | { readonly kind: 'reference'; readonly name: string; readonly type?: TokenType }
  | { readonly kind: 'unsupported'; readonly reason: string };

const VAR = /^var\(\s*--([\w-]+)\s*(?:,[^)]*)?\)$/;
/** `hsl(var(--primary))`, `rgb(var(--x) / <alpha-value>)`: shadcn v3's colour wiring. */
const COLOUR_OF_VAR = /^(?:rgba?|hsla?|oklch|oklab|lab|lch)\(\s*var\(\s*--([\w-]+)\s*\)\s*(?:\/\s*[^)]*)?\)$/;
/** shadcn's bare HSL channels: `222.2 47.4% 11.2%`, optionally `/ 0.5`. */
const HSL_CHANNELS = /^-?[\d.]+(?:deg)?\s+[\d.]+%\s+[\d.]+%(?:\s*\/\s*[\d.]+%?)?$/;
const LENGTH = /^(-?(?:\d+\.?\d*|\.\d+))(px|rem|em|%)$/;
const TIME = /^(-?(?:\d+\.?\d*|\.\d+))(ms|s)$/;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Reads one custom property's value. `hint` is the type its name or namespace promises (a `--shadow-*`
 * is a shadow, a `--font-*` a family); without one the value decides. Expressions the browser computes
 * (calc(), clamp(), …) have no DTCG form and are left out with a reason.
 */
export function readCssValue(raw: string, hint?: TokenType): CssTokenValue {
  const text = raw.replace(/\s+/g, ' ').trim();
  const unsupported = (reason: string): CssTokenValue => ({ kind: 'unsupported', reason });
  if (text === '' || text === 'initial') return unsupported(`"${text}" is not a value`);
  const ref = VAR.exec(text) ?? COLOUR_OF_VAR.exec(text);
  if (ref?.[1]) return { kind: 'reference', name: ref[1], ...(COLOUR_OF_VAR.test(text) ? { type: 'color' as const } : hint ? { type: hint } : {}) };
  if (/\b(?:calc|clamp|min|max|color-mix|env)\(/.test(text) || text.includes('var(')) return unsupported(`"${text}" is computed by the browser; DTCG has no expressions`);

  if (hint === 'shadow') return shadow(text);
  if (hint === 'fontFamily') return { kind: 'value', type: 'fontFamily', value: fontFamily(text) };
  if (hint === 'cubicBezier' || text.startsWith('cubic-bezier(')) return cubicBezier(text);

  const length = LENGTH.exec(text);
  if (length) return dimension(Number(length[1]), length[2] ?? 'px', text);
  const time = TIME.exec(text);
  if (time) return { kind: 'value', type: 'duration', value: { value: Number(time[1]), unit: time[2] } };
  if (NUMBER.test(text)) {
    const n = Number(text);
    if (hint === 'dimension') return n === 0 ? dimension(0, 'px', text) : unsupported(`"${text}" has no unit; a dimension needs px or rem`);
    if (hint === 'fontWeight') return { kind: 'value', type: 'fontWeight', value: n };
    return { kind: 'value', type: 'number', value: n };
  }
  const channels = HSL_CHANNELS.test(text);
  const colour = cssColourToDtcg(channels ? `hsl(${text})` : text);
  if (colour !== undefined) return { kind: 'value', type: 'color', value: colour, ...(channels ? { format: 'hsl-channels' as const } : {}) };
  if (hint === 'fontWeight') return { kind: 'value', type: 'fontWeight', value: text };
  return unsupported(`"${text}" is not a colour, length, duration or number`);
}

function dimension(value: number, unit: string, text: string): CssTokenValue {
  if (unit === 'px' || unit === 'rem') return { kind: 'value', type: 'dimension', value: { value: round(value, 6), unit } };
  return { kind: 'unsupported', reason: `"${text}": ${unit} is relative to the element; DTCG dimensions are px or rem` };
}

function fontFamily(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim().replace(/^(['"])(.*)\1$/, '$2'))
    .filter((name) => name !== '');
}

function cubicBezier(text: string): CssTokenValue {
  const m = /^cubic-bezier\(([^)]*)\)$/.exec(text);
  const parts = m?.[1]?.split(',').map((p) => Number(p.trim()));
  if (parts?.length === 4 && parts.every(Number.isFinite)) return { kind: 'value', type: 'cubicBezier', value: parts };
  return { kind: 'unsupported', reason: `"${text}" is not cubic-bezier(x1, y1, x2, y2)` };
}

/** `0 1px 2px 0 rgb(0 0 0 / 0.05), inset 0 0 0 1px #fff` → DTCG shadow layers. */
export function shadow(text: string): CssTokenValue {
  const layers: unknown[] = [];
  const parsed = valueParser(text);
  const groups: valueParser.Node[][] = [[]];
  for (const node of parsed.nodes) {
    if (node.type === 'div' && node.value === ',') groups.push([]);
    else if (node.type !== 'space') groups[groups.length - 1]?.push(node);
  }
  for (const group of groups) {
    let inset = false;
    let color: unknown;
    const lengths: { value: number; unit: string }[] = [];
    for (const node of group) {
      const word = valueParser.stringify(node);
      if (word === 'inset') inset = true;
      else if (LENGTH.test(word) || word === '0') {
        const m = LENGTH.exec(word);
        const unit = m?.[2] ?? 'px';
        if (unit !== 'px' && unit !== 'rem') return { kind: 'unsupported', reason: `"${word}" in a shadow: DTCG dimensions are px or rem` };
        lengths.push({ value: round(Number(m?.[1] ?? 0), 6), unit });
      } else {
        const c = cssColourToDtcg(word);
        if (c === undefined) return { kind: 'unsupported', reason: `"${word}" in a shadow is not a length or a colour` };
        color = c;
      }
    }
    if (lengths.length < 2 || lengths.length > 4) return { kind: 'unsupported', reason: `"${text}" is not a box-shadow (2 to 4 lengths and a colour per layer)` };
    const zero = { value: 0, unit: 'px' };
    const [offsetX, offsetY, blur = zero, spread = zero] = lengths;
    layers.push({ color: color ?? '#000000', offsetX, offsetY, blur, spread, ...(inset ? { inset: true } : {}) });
  }
  if (text === 'none' || layers.length === 0) return { kind: 'unsupported', reason: `"${text}" is no shadow` };
  return { kind: 'value', type: 'shadow', value: layers.length === 1 ? layers[0] : layers };
}
