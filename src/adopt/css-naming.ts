import type { TokenType } from '../contracts/token-types.js';

/*
 * How a custom property's name becomes a token path. The type comes from the value (or the name, for
 * shadows, fonts and z-indices); the name decides the group:
 *
 *   colour                      --primary-foreground → color.primary-foreground   (--color-x → color.x)
 *   length named radius         --radius → radius.DEFAULT, --radius-lg / --card-radius → radius.lg / radius.card
 *   length named font-size/text --font-size-sm, --text-sm → font.size.sm
 *   any other length            --spacing → spacing.DEFAULT, --spacing-4 / --space-4 → spacing.4, --header-h → spacing.header-h
 *   shadow                      --shadow → shadow.DEFAULT, --shadow-md → shadow.md
 *   z-index                     --z-modal, --z-index-modal → z-index.modal
 *   duration                    --duration-fast → motion.duration.fast
 *   easing                      --ease-out → motion.easing.out
 *   font family / weight        --font-sans → font.family.sans, --font-weight-bold → font.weight.bold
 *   line height                 --leading-tight, --line-height-tight → font.line-height.tight
 *   any other number            --opacity-muted → number.opacity-muted
 *
 * `DEFAULT` names the bare utility, as in Tailwind (`rounded` for radius.DEFAULT).
 */

/** The type a name promises regardless of its value (a shadow's value is not self-describing). */
export function typeHintOf(name: string): TokenType | undefined {
  if (/^(?:shadow|box-shadow)(?:-|$)|-shadow$/.test(name)) return 'shadow';
  if (/^font-weight(?:-|$)/.test(name)) return 'fontWeight';
  if (/^(?:font-size|text)(?:-|$)/.test(name)) return 'dimension';
  if (/^(?:font-family|font)-/.test(name)) return 'fontFamily';
  if (/^ease(?:-|$)/.test(name)) return 'cubicBezier';
  if (/^(?:radius|spacing|space)(?:-|$)|-radius$/.test(name)) return 'dimension';
  return undefined;
}

const rest = (name: string, prefix: RegExp): string => name.replace(prefix, '') || 'DEFAULT';

/** The token path of a custom property (without `--`) of a known type. */
export function customPropertyPath(name: string, type: TokenType): string {
  switch (type) {
    case 'color':
      return `color.${rest(name, /^colou?r-?/)}`;
    case 'dimension':
      if (/^radius(?:-|$)/.test(name)) return `radius.${rest(name, /^radius-?/)}`;
      if (/-radius$/.test(name)) return `radius.${name.replace(/-radius$/, '')}`;
      if (/^(?:font-size|text)(?:-|$)/.test(name)) return `font.size.${rest(name, /^(?:font-size|text)-?/)}`;
      return `spacing.${rest(name, /^(?:spacing|space)-?/)}`;
    case 'shadow':
      return `shadow.${rest(name, /^(?:box-)?shadow-?/).replace(/-shadow$/, '') || 'DEFAULT'}`;
    case 'duration':
      return `motion.duration.${rest(name, /^duration-?/)}`;
    case 'cubicBezier':
      return `motion.easing.${rest(name, /^ease-?/)}`;
    case 'fontFamily':
      return `font.family.${rest(name, /^(?:font-family|font)-?/)}`;
    case 'fontWeight':
      return `font.weight.${rest(name, /^font-weight-?/)}`;
    case 'number':
      if (/^z(?:-index)?-/.test(name)) return `z-index.${rest(name, /^z(?:-index)?-/)}`;
      if (/^(?:leading|line-height)-/.test(name)) return `font.line-height.${rest(name, /^(?:leading|line-height)-/)}`;
      return `number.${name}`;
    default:
      return `${type}.${name}`;
  }
}

/** Tailwind v4 `@theme` namespaces → type and group; a namespace not listed here is not imported. */
export const TAILWIND_NAMESPACES: readonly { readonly prefix: string; readonly type: TokenType; readonly group: string }[] = [
  { prefix: 'color', type: 'color', group: 'color' },
  { prefix: 'spacing', type: 'dimension', group: 'spacing' },
  { prefix: 'radius', type: 'dimension', group: 'radius' },
  { prefix: 'text', type: 'dimension', group: 'font.size' },
  { prefix: 'font-weight', type: 'fontWeight', group: 'font.weight' },
  { prefix: 'font', type: 'fontFamily', group: 'font.family' },
  { prefix: 'leading', type: 'number', group: 'font.line-height' },
  { prefix: 'shadow', type: 'shadow', group: 'shadow' },
  { prefix: 'ease', type: 'cubicBezier', group: 'motion.easing' },
  { prefix: 'z-index', type: 'number', group: 'z-index' },
  { prefix: 'duration', type: 'duration', group: 'motion.duration' },
];

/** `--color-primary` → color.primary; `--spacing` → spacing.DEFAULT; undefined for other namespaces. */
export function tailwindThemePath(name: string): { path: string; type: TokenType } | undefined {
  if (name.includes('--')) return undefined; // `--text-sm--line-height`: a companion value of another utility
  for (const ns of TAILWIND_NAMESPACES) {
    if (name === ns.prefix) return { path: `${ns.group}.DEFAULT`, type: ns.type };
    if (name.startsWith(`${ns.prefix}-`)) return { path: `${ns.group}.${name.slice(ns.prefix.length + 1)}`, type: ns.type };
  }
  return undefined;
}
