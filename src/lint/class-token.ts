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
  let negative = false;
  if (base.startsWith('-') && base.length > 1) {
    negative = true;
  }
  const open = base.indexOf('-[');
  const arbitrary =
    open > 0 && base.endsWith(']')
      ? { utility: base.slice(negative ? 1 : 0, open), arbitraryValue: base.slice(open + 2, -1).replace(/_/g, ' ') }
      : {};
  return { raw, base, variants, important, negative, ...arbitrary };
}

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
