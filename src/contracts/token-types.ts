/** DTCG 2025.10 token types and value shapes, as data and small validators. */

export const TOKEN_TYPES = [
  'color',
  'dimension',
  'fontFamily',
  'fontWeight',
  'duration',
  'cubicBezier',
  'number',
  'strokeStyle',
  'border',
  'transition',
  'shadow',
  'gradient',
  'typography',
] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export function isTokenType(value: unknown): value is TokenType {
  return typeof value === 'string' && (TOKEN_TYPES as readonly string[]).includes(value);
}

const COLOR_SPACES = [
  'srgb',
  'srgb-linear',
  'hsl',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'display-p3',
  'a98-rgb',
  'prophoto-rgb',
  'rec2020',
  'xyz-d65',
  'xyz-d50',
];
/** DTCG 2025.10 named font weights and the numbers they stand for. */
export const FONT_WEIGHTS: Readonly<Record<string, number>> = {
  thin: 100,
  hairline: 100,
  'extra-light': 200,
  'ultra-light': 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  'semi-bold': 600,
  'demi-bold': 600,
  bold: 700,
  'extra-bold': 800,
  'ultra-bold': 800,
  black: 900,
  heavy: 900,
  'extra-black': 950,
  'ultra-black': 950,
};
const FONT_WEIGHT_NAMES = Object.keys(FONT_WEIGHTS);
const STROKE_STYLES = ['solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'outset', 'inset'];
const HEX = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const ALIAS = /^\{([^{}]+)\}$/;

/** `"{color.brand.600}"` → `"color.brand.600"`; anything else → undefined. */
export function aliasTarget(value: unknown): string | undefined {
  return typeof value === 'string' ? ALIAS.exec(value)?.[1] : undefined;
}

/** A problem found in a value: where inside the value (relative pointer) and what was expected. */
export interface ValueIssue {
  readonly at: string;
  readonly message: string;
}

/** Sub-values that may themselves be aliases, keyed by composite type: the type each must resolve to. */
export interface AliasUse {
  readonly at: string;
  readonly target: string;
  readonly expectedType: TokenType | undefined;
}

export interface ValueCheck {
  readonly issues: ValueIssue[];
  readonly aliases: AliasUse[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks a concrete (non-alias) value against its type; sub-aliases are collected, not resolved. */
export function checkValue(type: TokenType, value: unknown, at = ''): ValueCheck {
  const out: ValueCheck = { issues: [], aliases: [] };
  visit(type, value, at, out);
  return out;
}

function visit(type: TokenType, value: unknown, at: string, out: ValueCheck): void {
  const target = aliasTarget(value);
  if (target !== undefined) {
    out.aliases.push({ at, target, expectedType: type });
    return;
  }
  const fail = (message: string) => out.issues.push({ at, message });
  switch (type) {
    case 'color':
      if (typeof value === 'string') {
        if (!HEX.test(value)) fail(`expected a hex colour (#rgb, #rrggbb, #rrggbbaa) or a DTCG colour object, got "${value}"`);
      } else if (isObject(value)) {
        const { colorSpace, components, alpha, hex, ...rest } = value;
        if (typeof colorSpace !== 'string' || !COLOR_SPACES.includes(colorSpace))
          fail(`expected colorSpace to be one of ${COLOR_SPACES.join(', ')}`);
        if (!Array.isArray(components) || components.length !== 3 || !components.every((c) => isNumber(c) || c === 'none'))
          fail('expected components to be an array of 3 numbers (or "none")');
        if (alpha !== undefined && !(isNumber(alpha) && alpha >= 0 && alpha <= 1)) fail('expected alpha to be a number from 0 to 1');
        if (hex !== undefined && !(typeof hex === 'string' && /^#[0-9a-fA-F]{6}$/.test(hex))) fail('expected hex to be #rrggbb');
        for (const key of Object.keys(rest)) fail(`unknown key "${key}" in a colour value`);
      } else fail('expected a hex colour string or a DTCG colour object { colorSpace, components, alpha? }');
      return;
    case 'dimension':
      unitValue(value, ['px', 'rem'], 'a dimension', fail);
      return;
    case 'duration':
      unitValue(value, ['ms', 's'], 'a duration', fail);
      return;
    case 'fontFamily':
      if (!(typeof value === 'string' && value !== '') && !(Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '')))
        fail('expected a font family name or a non-empty array of names');
      return;
    case 'fontWeight':
      if (isNumber(value)) {
        if (value < 1 || value > 1000) fail('expected a font weight from 1 to 1000');
      } else if (!(typeof value === 'string' && FONT_WEIGHT_NAMES.includes(value)))
        fail(`expected a number from 1 to 1000 or one of ${FONT_WEIGHT_NAMES.join(', ')}`);
      return;
    case 'number':
      if (!isNumber(value)) fail('expected a number');
      return;
    case 'cubicBezier':
      if (!(Array.isArray(value) && value.length === 4 && value.every(isNumber)))
        fail('expected an array of 4 numbers [x1, y1, x2, y2]');
      else if ([value[0], value[2]].some((x) => (x as number) < 0 || (x as number) > 1))
        fail('expected x1 and x2 between 0 and 1');
      return;
    case 'strokeStyle':
      if (typeof value === 'string') {
        if (!STROKE_STYLES.includes(value)) fail(`expected one of ${STROKE_STYLES.join(', ')} or { dashArray, lineCap }`);
      } else if (isObject(value)) {
        if (!Array.isArray(value.dashArray)) fail('expected dashArray to be an array of dimensions');
        else value.dashArray.forEach((d, i) => visit('dimension', d, `${at}/dashArray/${i}`, out));
        if (!['round', 'butt', 'square'].includes(String(value.lineCap))) fail('expected lineCap to be round, butt or square');
      } else fail('expected a stroke style name or { dashArray, lineCap }');
      return;
    case 'border':
      composite(value, at, out, fail, { color: 'color', width: 'dimension', style: 'strokeStyle' }, []);
      return;
    case 'transition':
      composite(value, at, out, fail, { duration: 'duration', delay: 'duration', timingFunction: 'cubicBezier' }, []);
      return;
    case 'typography':
      composite(
        value,
        at,
        out,
        fail,
        { fontFamily: 'fontFamily', fontSize: 'dimension', fontWeight: 'fontWeight', letterSpacing: 'dimension', lineHeight: 'number' },
        [],
      );
      return;
    case 'shadow': {
      const layers = Array.isArray(value) ? value : [value];
      if (Array.isArray(value) && value.length === 0) fail('expected at least one shadow layer');
      layers.forEach((layer, i) =>
        composite(
          layer,
          Array.isArray(value) ? `${at}/${i}` : at,
          out,
          (m) => out.issues.push({ at: Array.isArray(value) ? `${at}/${i}` : at, message: m }),
          { color: 'color', offsetX: 'dimension', offsetY: 'dimension', blur: 'dimension', spread: 'dimension' },
          ['inset'],
        ),
      );
      return;
    }
    case 'gradient':
      if (!Array.isArray(value) || value.length === 0) {
        fail('expected an array of { color, position } stops');
        return;
      }
      value.forEach((stop, i) => composite(stop, `${at}/${i}`, out, fail, { color: 'color', position: 'number' }, []));
      return;
  }
}

function unitValue(value: unknown, units: readonly string[], what: string, fail: (m: string) => void): void {
  if (!isObject(value) || !isNumber(value.value) || !units.includes(String(value.unit)) || Object.keys(value).length !== 2) {
    fail(`expected ${what} object { "value": number, "unit": ${units.map((u) => `"${u}"`).join(' | ')} }`);
  }
}

function composite(
  value: unknown,
  at: string,
  out: ValueCheck,
  fail: (m: string) => void,
  parts: Record<string, TokenType>,
  optionalBooleans: readonly string[],
): void {
  if (!isObject(value)) {
    fail(`expected an object with ${Object.keys(parts).join(', ')}`);
    return;
  }
  for (const [key, partType] of Object.entries(parts)) {
    if (!(key in value)) fail(`missing "${key}"`);
    else visit(partType, value[key], `${at}/${key}`, out);
  }
  for (const key of Object.keys(value)) {
    if (key in parts) continue;
    if (optionalBooleans.includes(key)) {
      if (typeof value[key] !== 'boolean') fail(`expected "${key}" to be true or false`);
    } else fail(`unknown key "${key}"`);
  }
}
