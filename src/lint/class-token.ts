/** Tailwind class names, split into what rules match against. */
export interface ClassToken {
  readonly raw: string;
  /** Without variants and `!`: `md:hover:!bg-blue-500` → `bg-blue-500`. */
  readonly base: string;
  /** `['md', 'hover']`; arbitrary variants keep their brackets: `[&>*]`. */
  readonly variants: readonly string[];
  readonly important: boolean;
  /** `p-[13px]` → `13px`; `bg-[#1e90ff]` → `#1e90ff`; underscores stand for spaces, as in Tailwind. */
  readonly arbitraryValue?: string;
  /** The utility before the arbitrary value: `p-[13px]` → `p`. */
  readonly utility?: string;
  readonly negative: boolean;
  /**
   * The opacity modifier after the last top-level `/`: `bg-black/50` → `50`, `bg-[#000]/[0.5]` →
   * `[0.5]`. Absent for fractions (`w-1/2`), which are values, not modifiers.
   */
  readonly modifier?: string;
  /** The base without its modifier: `hover:bg-[#3b5998]/90` → `bg-[#3b5998]`; the base when there is none. */
  readonly unmodified: string;
}

/**
 * Splits on `:` outside brackets and parentheses (arbitrary variants and values may contain `:`),
 * in one linear pass.
 */
export function parseClassToken(raw: string): ClassToken {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 91 /* [ */ || c === 40 /* ( */) depth++;
    else if ((c === 93 /* ] */ || c === 41 /* ) */) && depth > 0) depth--;
    else if (c === 58 /* : */ && depth === 0) {
      parts.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  let base = raw.slice(start);
  const variants = parts;
  let important = false;
  // Tailwind v3 puts `!` first, v4 last.
  if (base.startsWith('!')) {
    important = true;
    base = base.slice(1);
  } else if (base.endsWith('!') && base.length > 1) {
    important = true;
    base = base.slice(0, -1);
  }
  const negative = base.startsWith('-') && base.length > 1;
  const slash = modifierSlash(base);
  const unmodified = slash < 0 ? base : base.slice(0, slash);
  const modifier = slash < 0 ? {} : { modifier: base.slice(slash + 1) };
  const open = unmodified.indexOf('-[');
  const arbitrary =
    open > 0 && unmodified.endsWith(']')
      ? { utility: unmodified.slice(negative ? 1 : 0, open), arbitraryValue: unmodified.slice(open + 2, -1).replace(/_/g, ' ') }
      : {};
  return { raw, base, variants, important, negative, unmodified, ...modifier, ...arbitrary };
}

/**
 * Where the opacity modifier starts (its `/`), or -1. A modifier is a number or a bracketed value
 * after the last `/` outside brackets; `-1/2`-style fractions (a < b ≤ 12) are values (`w-1/2`).
 */
function modifierSlash(base: string): number {
  let depth = 0;
  let slash = -1;
  for (let i = 0; i < base.length; i++) {
    const c = base.charCodeAt(i);
    if (c === 91 /* [ */ || c === 40 /* ( */) depth++;
    else if ((c === 93 /* ] */ || c === 41 /* ) */) && depth > 0) depth--;
    else if (c === 47 /* / */ && depth === 0) slash = i;
  }
  if (slash <= 0 || slash === base.length - 1) return -1;
  const after = base.slice(slash + 1);
  if (!MODIFIER.test(after)) return -1;
  const fraction = FRACTION.exec(base);
  if (fraction && Number(fraction[1]) < Number(fraction[2]) && Number(fraction[2]) <= 12) return -1;
  return slash;
}

// Numbers (`/50`), names (`text-sm/tight`), bracketed and parenthesised values (`/[0.5]`, `/(--alpha)`).
const MODIFIER = /^(?:[\w.-]+|\[[^\]]+\]|\([^)]+\))$/;
const FRACTION = /-(\d+)\/(\d+)$/;

/** Whitespace-separated class names of a class attribute or string, with their offsets. */
export function splitClassList(text: string, offset: number): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    const s = i;
    while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
    if (i > s) out.push({ name: text.slice(s, i), start: offset + s, end: offset + i });
  }
  return out;
}

/** Whether a whitespace-separated class list has `name`: found in place, without splitting the list. */
export function hasClassName(list: string, name: string): boolean {
  if (name === '') return false;
  for (let at = list.indexOf(name); at !== -1; at = list.indexOf(name, at + 1)) {
    const end = at + name.length;
    if ((at === 0 || isSpace(list.charCodeAt(at - 1))) && (end === list.length || isSpace(list.charCodeAt(end)))) return true;
  }
  return false;
}

/** Class lists are separated by ASCII whitespace (HTML's definition). */
export function isSpace(c: number): boolean {
  // One comparison for the characters of a name, the common case.
  return c <= 32 && (c === 32 || c === 9 || c === 10 || c === 13 || c === 12);
}
