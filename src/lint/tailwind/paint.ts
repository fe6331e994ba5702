import { parseCssColour, type Colour } from '../colour.js';
import type { TailwindModel } from './model.js';

const VAR = /^var\((--[\w-]+)\)$/;
// How Tailwind v4 writes an opacity modifier: `color-mix(in oklab, <colour> 50%, transparent)`.
const MIX = /^color-mix\(in [a-z]+,\s*(.+?)\s+(\d+(?:\.\d+)?)%,\s*transparent\)$/;

/**
 * The colour a generated declaration value paints, with an opacity modifier applied; `resolveVar`
 * answers for variables first (the project's tokens), then the Tailwind theme. Undefined when it
 * cannot be resolved statically (currentColor, a variable defined elsewhere, a gradient).
 */
export function paintedColour(value: string, model: TailwindModel, resolveVar: (variable: string) => Colour | undefined, depth = 0): Colour | undefined {
  const v = value.trim();
  if (depth > 4) return undefined;
  const mix = MIX.exec(v);
  if (mix) {
    const colour = paintedColour(mix[1] as string, model, resolveVar, depth + 1);
    return colour && { srgb: colour.srgb, alpha: (colour.alpha * Number(mix[2])) / 100 };
  }
  const ref = VAR.exec(v)?.[1];
  if (ref !== undefined) {
    const own = resolveVar(ref);
    if (own) return own;
    const themed = model.themeValue(ref);
    return themed === undefined ? undefined : paintedColour(themed, model, resolveVar, depth + 1);
  }
  return parseCssColour(v);
}
