/**
 * Words as the shell hands them to a command: quotes removed, backslash escapes and `$'…'` decoded,
 * brace expressions expanded. What only exists at run time (`$VAR`, `$(…)`, `$((…))`) stays as written,
 * and so do globs: the caller matches them itself.
 */
import type { ShBraceExp, ShDblQuoted, ShellSyntax, ShLit, ShNode, ShSglQuoted, ShWord } from './syntax.js';

/** One argument of a command. */
export interface Arg {
  readonly text: string;
  /** False when some of it is only known at run time (`$X`, `$(…)`). */
  readonly literal: boolean;
  /** For a word that is not literal: the literal text before the first part known only at run time (`design/` of `design/$X`). */
  readonly prefix?: string;
}

/** The value of a shell variable set earlier in the command line, when it is a literal. */
export type VariableLookup = (name: string) => string | undefined;

/** Marks where an unquoted `$IFS` splits a word (a NUL cannot occur in a shell word). */
const IFS = '\0';

/** Brace expansion beyond this many fields keeps the word as written. */
const MAX_FIELDS = 64;

export class WordReader {
  constructor(
    private readonly syntax: ShellSyntax,
    private readonly source: Buffer,
    private readonly lookup: VariableLookup = () => undefined,
  ) {}

  /** The text of a node as written in the source. */
  sourceOf(node: ShNode): string {
    return this.source.subarray(node.Pos().Offset(), node.End().Offset()).toString('utf8');
  }

  /**
   * The fields a word becomes: usually one, several after brace expansion (`a{b,c}` → `ab`, `ac`) or
   * where an unquoted `$IFS` splits it (`rm${IFS}DESIGN.md` → `rm`, `DESIGN.md`).
   */
  fields(word: ShWord): Arg[] {
    this.syntax.splitBraces(word);
    const fields = this.parts(word.Parts, false) ?? [{ text: this.sourceOf(word), literal: false }];
    return fields.flatMap((f) => (f.text.includes(IFS) ? f.text.split(IFS).filter((t) => t !== '').map((text) => ({ text, literal: f.literal })) : [f]));
  }

  /** A word that is not brace-expanded (redirection targets, assignments). */
  single(word: ShWord): Arg {
    return this.parts(word.Parts, false)?.[0] ?? { text: this.sourceOf(word), literal: false };
  }

  /** A here-document body as the command reads it (an unquoted one keeps its `$X` as written). */
  heredoc(word: ShWord): string {
    return (this.parts(word.Parts, true) ?? []).map((a) => a.text).join('');
  }

  private parts(parts: readonly ShNode[], quoted: boolean): Arg[] | undefined {
    let fields: Arg[] = [{ text: '', literal: true }];
    for (const part of parts) {
      const alternatives = this.part(part, quoted);
      if (alternatives === undefined || fields.length * alternatives.length > MAX_FIELDS) return undefined;
      fields = fields.flatMap((f) => alternatives.map((a) => join(f, a)));
    }
    return fields;
  }

  private part(part: ShNode, quoted: boolean): Arg[] | undefined {
    switch (this.syntax.type(part)) {
      case 'Lit': {
        const value = (part as ShLit).Value;
        return [{ text: quoted ? unescapeDoubleQuoted(value) : unescapeUnquoted(value), literal: true }];
      }
      case 'SglQuoted': {
        const q = part as ShSglQuoted;
        return [{ text: q.Dollar ? decodeAnsiC(q.Value) : q.Value, literal: true }];
      }
      case 'DblQuoted':
        return this.parts((part as ShDblQuoted).Parts, true);
      case 'BraceExp':
        return this.brace(part as ShBraceExp);
      case 'ExtGlob':
        return [{ text: this.sourceOf(part), literal: true }];
      default: {
        // ParamExp, CmdSubst, ArithmExp, ProcSubst: known only at run time. Unquoted, $IFS splits the word.
        const text = this.sourceOf(part);
        if (!quoted && (text === '$IFS' || text === '${IFS}')) return [{ text: IFS, literal: true }];
        // `f=x; … $f`, `"$PWD/x"`, `$HOME`: what the line itself set, or what stands for the directory.
        const name = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})$/.exec(text);
        const variable = name ? (name[1] ?? name[2]) : undefined;
        const value = variable === undefined ? undefined : this.lookup(variable);
        if (value !== undefined) return [{ text: value, literal: true }];
        return [{ text, literal: false, prefix: '' }];
      }
    }
  }

  private brace(brace: ShBraceExp): Arg[] | undefined {
    const elems = brace.Elems.map((e) => this.parts(e.Parts, false));
    if (elems.some((e) => e === undefined)) return undefined;
    const alternatives = elems as Arg[][];
    if (!brace.Sequence) return alternatives.flat();
    const [from, to, step] = alternatives.map((a) => (a.length === 1 && a[0]?.literal ? a[0].text : undefined));
    const range = from !== undefined && to !== undefined ? sequence(from, to, step) : undefined;
    if (range) return range.map((text) => ({ text, literal: true }));
    const written = alternatives.map((a) => a.map((x) => x.text).join(',')).join('..');
    return [{ text: `{${written}}`, literal: alternatives.every((a) => a.every((x) => x.literal)) }];
  }
}

/** Two pieces of one word, one after the other. */
function join(a: Arg, b: Arg): Arg {
  if (!a.literal) return { text: a.text + b.text, literal: false, prefix: a.prefix ?? '' };
  if (!b.literal) return { text: a.text + b.text, literal: false, prefix: a.text + (b.prefix ?? '') };
  return { text: a.text + b.text, literal: true };
}

/** `{1..5}`, `{01..10..3}`, `{a..e}`; undefined when it is not a valid or small sequence. */
function sequence(from: string, to: string, stepText: string | undefined): string[] | undefined {
  const step = stepText === undefined ? 1 : Math.abs(Number.parseInt(stepText, 10)) || 1;
  const numeric = /^[-+]?\d+$/;
  let start: number;
  let end: number;
  let show: (n: number) => string;
  if (numeric.test(from) && numeric.test(to)) {
    start = Number.parseInt(from, 10);
    end = Number.parseInt(to, 10);
    const width = /^[-+]?0\d/.test(from) || /^[-+]?0\d/.test(to) ? Math.max(from.length, to.length) : 0;
    show = (n) => (n < 0 ? '-' + String(-n).padStart(width - 1, '0') : String(n).padStart(width, '0'));
  } else if (/^[a-zA-Z]$/.test(from) && /^[a-zA-Z]$/.test(to)) {
    start = from.charCodeAt(0);
    end = to.charCodeAt(0);
    show = (n) => String.fromCharCode(n);
  } else {
    return undefined;
  }
  if (Math.abs(end - start) / step >= MAX_FIELDS) return undefined;
  const out: string[] = [];
  const dir = end >= start ? 1 : -1;
  for (let n = start; dir > 0 ? n <= end : n >= end; n += dir * step) out.push(show(n));
  return out;
}

/** Outside quotes a backslash quotes the next character; backslash-newline joins lines. */
function unescapeUnquoted(value: string): string {
  return value.replace(/\\([\s\S])/g, (_, c: string) => (c === '\n' ? '' : c));
}

/** Inside double quotes (and unquoted here-documents) a backslash only quotes `$`, `` ` ``, `"`, `\` and newline. */
function unescapeDoubleQuoted(value: string): string {
  return value.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));
}

const ANSI_C_SIMPLE: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** The body of `$'…'`, decoded as bash does. */
export function decodeAnsiC(value: string): string {
  return value.replace(
    /\\(?:([abeEfnrtv\\'"?])|([0-7]{1,3})|x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|c([\s\S]))/g,
    (whole, simple?: string, octal?: string, hex?: string, u4?: string, u8?: string, control?: string) => {
      if (simple !== undefined) return ANSI_C_SIMPLE[simple] ?? whole;
      if (octal !== undefined) return String.fromCharCode(Number.parseInt(octal, 8) & 0xff);
      if (hex !== undefined) return String.fromCharCode(Number.parseInt(hex, 16));
      const code = u4 ?? u8;
      if (code !== undefined) {
        const point = Number.parseInt(code, 16);
        return point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      }
      if (control !== undefined) return String.fromCharCode(control.toUpperCase().charCodeAt(0) ^ 0x40);
      return whole;
    },
  );
}
