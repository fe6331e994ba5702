/**
 * DTCG token values as CSS text, shared by the generated views. A value is rendered either fully
 * resolved (`#3549cf`, `0px 1px 2px 0px #13121024`) or with its aliases kept as `var(--…)` so the
 * cascade keeps the semantic layer (`var(--color-brand-600)`).
 */
import { aliasTarget, FONT_WEIGHTS, type TokenType } from '../../contracts/token-types.js';
import type { Token } from '../../contracts/tokens.js';
import { parseDtcgColour, toHex, toHsl } from '../../lint/colour.js';


/** CSS generic font families: keywords, never quoted. */
const GENERIC_FAMILIES: ReadonlySet<string> = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
]);

/** How a sub-alias inside a value is written; `undefined` means "the value has no aliases". */
export type AliasWriter = ((target: string) => string | undefined) | undefined;

/** `color.brand.600` → `--color-brand-600` (`--ds-color-brand-600` with a prefix); characters a CSS identifier cannot hold are escaped. */
export function cssVarName(path: string, prefix = ''): string {
  return `--${prefix}${cssIdent(path.split('.').join('-'))}`;
}

/** The fully resolved CSS value of a token (aliases followed), or undefined when CSS cannot express it. */
export function resolvedCss(token: Token): string | undefined {
  return cssValue(token.type, token.resolved, undefined);
}

/**
 * The CSS value of a token as written: a whole-value alias becomes a reference to its target, aliases
 * inside a composite become references in place, concrete parts are rendered as CSS. `reference`
 * names how a target is read (`var(--color-brand-600)`), or undefined where it cannot be (the value
 * is then resolved).
 */
export function cascadingCss(token: Token, reference: (path: string) => string | undefined): string | undefined {
  const target = token.aliasChain[0];
  const whole = target === undefined ? undefined : reference(target);
  if (whole !== undefined) return whole;
  if (target !== undefined) return resolvedCss(token);
  return cssValue(token.type, token.value, reference) ?? resolvedCss(token);
}

/**
 * shadcn's bare channels, `222.2 47.4% 11.2%` (`/ 0.5` when translucent): an `hsl` DTCG colour keeps
 * its own components, any other is converted. Undefined for a value that is no colour.
 */
export function hslChannels(value: unknown): string | undefined {
  const colour = parseDtcgColour(value);
  if (!colour) return undefined;
  const v = value as { colorSpace?: unknown; components?: unknown };
  const own = v.colorSpace === 'hsl' && Array.isArray(v.components) && v.components.every((c) => typeof c === 'number') ? (v.components as number[]) : undefined;
  const [h, s, l] = own ?? toHsl(colour).map((x) => Math.round(x * 10) / 10);
  const alpha = colour.alpha < 1 ? ` / ${cssNumber(Math.round(colour.alpha * 1000) / 1000)}` : '';
  return `${cssNumber(h ?? 0)} ${cssNumber(s ?? 0)}% ${cssNumber(l ?? 0)}%${alpha}`;
}

/** DTCG colour spaces as CSS writes them: a function of its components, or `color(<space> …)`. */
const CSS_COLOUR_FUNCTIONS: Readonly<Record<string, (c: readonly string[]) => string>> = {
  hsl: ([h, s, l]) => `hsl(${h} ${s}% ${l}%`,
  hwb: ([h, w, b]) => `hwb(${h} ${w}% ${b}%`,
  lab: ([l, a, b]) => `lab(${l} ${a} ${b}`,
  lch: ([l, c, h]) => `lch(${l} ${c} ${h}`,
  oklab: ([l, a, b]) => `oklab(${l} ${a} ${b}`,
  oklch: ([l, c, h]) => `oklch(${l} ${c} ${h}`,
};
const CSS_COLOR_SPACES = new Set(['srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz-d65', 'xyz-d50']);

/**
 * A DTCG colour in the colour space it was written in (`oklch(0.205 0 0)`, `hsl(210 40% 98% / 0.5)`),
 * so an app's own values survive a round trip; sRGB (and anything unknown) is the hex of resolvedCss.
 */
export function colourInItsSpace(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return hexColour(value);
  const v = value as { colorSpace?: unknown; components?: unknown; alpha?: unknown };
  const parts = Array.isArray(v.components) && v.components.length === 3 ? v.components.map((c) => (c === 'none' ? 'none' : typeof c === 'number' ? cssNumber(c) : undefined)) : undefined;
  if (typeof v.colorSpace !== 'string' || !parts || parts.includes(undefined)) return hexColour(value);
  const alpha = typeof v.alpha === 'number' && v.alpha < 1 ? ` / ${cssNumber(v.alpha)}` : '';
  const fn = CSS_COLOUR_FUNCTIONS[v.colorSpace];
  if (fn) return `${fn(parts as string[])}${alpha})`;
  if (CSS_COLOR_SPACES.has(v.colorSpace)) return `color(${v.colorSpace} ${parts.join(' ')}${alpha})`;
  return hexColour(value);
}

/** Text safe inside a CSS (or JS block) comment: a star-slash in it would end the comment. */
export function cssComment(text: string): string {
  return text.replace(/\*\//g, '* /');
}

/** A number as CSS writes it: no `-0`, no trailing zeros. */
export function cssNumber(value: number): string {
  return Object.is(value, -0) ? '0' : String(value);
}

/** A DTCG `{ value, unit }` (dimension or duration) as `16px`, `0.875rem`, `120ms`. */
export function unitValue(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { value?: unknown; unit?: unknown };
  return typeof v.value === 'number' && typeof v.unit === 'string' ? `${cssNumber(v.value)}${v.unit}` : undefined;
}

/** A resolved DTCG colour as `#rrggbb` or `#rrggbbaa`. */
export function hexColour(value: unknown): string | undefined {
  const colour = parseDtcgColour(value);
  return colour ? toHex(colour) : undefined;
}

/** A font weight as a number: numbers pass through, DTCG names are looked up. */
export function fontWeightNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? FONT_WEIGHTS[value] : undefined;
}

/** `["Public Sans", "sans-serif"]` → `"Public Sans", sans-serif`. */
export function fontFamilyList(value: unknown): string | undefined {
  const names = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (!names || names.length === 0 || !names.every((n): n is string => typeof n === 'string')) return undefined;
  return names.map((name) => (GENERIC_FAMILIES.has(name) ? name : `"${name.replace(/["\\]/g, '\\$&')}"`)).join(', ');
}

/** The first family of a fontFamily value: `Public Sans`. */
export function firstFontFamily(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * A DTCG value of `type` as CSS. `alias` writes sub-aliases (`{color.effect.shadow}` inside a
 * shadow); without it a value containing an alias has no CSS form.
 */
export function cssValue(type: TokenType, value: unknown, alias: AliasWriter): string | undefined {
  const target = aliasTarget(value);
  if (target !== undefined) return alias?.(target);
  const part = (partType: TokenType, sub: unknown) => cssValue(partType, sub, alias);
  const obj = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  switch (type) {
    case 'color':
      return hexColour(value);
    case 'dimension':
    case 'duration':
      return unitValue(value);
    case 'number':
      return typeof value === 'number' ? cssNumber(value) : undefined;
    case 'fontWeight': {
      const weight = fontWeightNumber(value);
      return weight === undefined ? undefined : cssNumber(weight);
    }
    case 'fontFamily':
      return fontFamilyList(value);
    case 'cubicBezier':
      return Array.isArray(value) && value.length === 4 && value.every((n) => typeof n === 'number')
        ? `cubic-bezier(${value.map((n: number) => cssNumber(n)).join(', ')})`
        : undefined;
    case 'strokeStyle':
      // CSS border styles have no dash pattern: an object stroke style is drawn as `dashed`.
      return typeof value === 'string' ? value : typeof value === 'object' && value !== null ? 'dashed' : undefined;
    case 'border':
      return join([part('dimension', obj.width), part('strokeStyle', obj.style), part('color', obj.color)]);
    case 'transition':
      return join([part('duration', obj.duration), part('cubicBezier', obj.timingFunction), part('duration', obj.delay)]);
    case 'shadow': {
      const layers = Array.isArray(value) ? value : [value];
      const css = layers.map((layer) => {
        const l = (typeof layer === 'object' && layer !== null ? layer : {}) as Record<string, unknown>;
        const parts = join([part('dimension', l.offsetX), part('dimension', l.offsetY), part('dimension', l.blur), part('dimension', l.spread), part('color', l.color)]);
        return parts === undefined ? undefined : l.inset === true ? `inset ${parts}` : parts;
      });
      return css.every((c): c is string => c !== undefined) && css.length > 0 ? css.join(', ') : undefined;
    }
    case 'gradient': {
      if (!Array.isArray(value)) return undefined;
      const stops = value.map((stop) => {
        const s = (typeof stop === 'object' && stop !== null ? stop : {}) as Record<string, unknown>;
        const positionAlias = aliasTarget(s.position);
        const position =
          positionAlias !== undefined
            ? mapDefined(alias?.(positionAlias), (v) => `calc(${v} * 100%)`)
            : typeof s.position === 'number'
              ? `${cssNumber(Math.round(s.position * 10000) / 100)}%`
              : undefined;
        return join([part('color', s.color), position]);
      });
      return stops.every((s): s is string => s !== undefined) ? `linear-gradient(${stops.join(', ')})` : undefined;
    }
    case 'typography': {
      // The `font` shorthand: weight size/line-height family. Letter spacing has no place in it.
      const weight = part('fontWeight', obj.fontWeight);
      const size = part('dimension', obj.fontSize);
      const lineHeight = part('number', obj.lineHeight);
      const family = part('fontFamily', obj.fontFamily);
      return weight && size && lineHeight && family ? `${weight} ${size}/${lineHeight} ${family}` : undefined;
    }
  }
}

function mapDefined<T>(value: T | undefined, map: (v: T) => string): string | undefined {
  return value === undefined ? undefined : map(value);
}

function join(parts: readonly (string | undefined)[]): string | undefined {
  return parts.every((p): p is string => p !== undefined) ? parts.join(' ') : undefined;
}

/** Escapes what a CSS identifier cannot hold (as CSS.escape does for the common cases). */
function cssIdent(name: string): string {
  return name.replace(/[^A-Za-z0-9_\-\u0080-\uFFFF]/g, (ch) => `\\${ch}`);
}
