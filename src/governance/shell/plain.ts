/**
 * The plain part of the shell language, read without the parser: simple commands joined by `&&`,
 * `||`, `;` and `|`, whose words are plain characters, 'single-quoted' text or "double-quoted" text
 * without `$`, backquotes or backslashes, with file redirections (`> f`, `>> f`, `2>&1`, `&> f`,
 * `< f`). In that part the shell expands nothing (no parameters, commands, globs, braces, tildes or
 * escapes), so splitting on blanks and operators and removing the quotes is exactly what the shell
 * does: `cd design && sed -i 's/a/b/' contracts/tokens.json`, `npm test 2>&1 | tail -20`.
 *
 * Anything outside it (`$`, backquotes, `\`, `*?[]{}~`, here-documents, `&` alone, `( )`, `#`, `!`,
 * a newline, non-ASCII outside quotes, a reserved word, an empty command, a redirection glued to a
 * word other than its descriptor) returns undefined, and the caller uses the real parser, which also
 * reports the syntax errors.
 */
import type { Arg } from './words.js';

/** A redirection: `2>` is `{ fd: '2', op: '>' }`; the target is a word like any other. */
export interface PlainRedirect {
  readonly fd: string | undefined;
  readonly op: PlainRedirectOp;
  readonly target: Arg;
}
export type PlainRedirectOp = '>' | '>>' | '>|' | '>&' | '&>' | '&>>' | '<' | '<>';
/** One command of a pipeline: its words after the leading assignments, quotes removed, and its redirections in order. */
export interface PlainCommand {
  readonly args: readonly Arg[];
  /** The assignments before the command (`P=x node …`), as written: its environment. */
  readonly env: readonly string[];
  readonly redirects: readonly PlainRedirect[];
}
/** `a | b | c`: each part after the first reads the one before. */
export type PlainPipeline = readonly PlainCommand[];
/** `a && b || c`, left to right, as the shell groups it. */
export interface PlainAndOr {
  readonly first: PlainPipeline;
  readonly rest: readonly { readonly op: '&&' | '||'; readonly pipeline: PlainPipeline }[];
}
/** `a; b`. */
export type PlainScript = readonly PlainAndOr[];

/** Characters that never have a shell meaning outside quotes. */
const PLAIN = /[\w./:=,@%+-]/;
/** Inside double quotes, these expand or escape; control characters are left to the parser too. */
const DOUBLE_QUOTED_SPECIAL = /[$`\\"!\0-\x1f\x7f]/;
/** Inside single quotes everything is literal; a control character is left to the parser. */
const SINGLE_QUOTED_SPECIAL = /[\0-\x1f\x7f]/;
/** Words the parser reads as something else than a command name (keywords, declarations, tests). */
const NOT_A_COMMAND = new Set([
  '!', '[[', ']]', '{', '}', 'case', 'coproc', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function', 'if', 'in', 'select', 'then', 'time', 'until', 'while',
  'declare', 'export', 'let', 'local', 'nameref', 'readonly', 'typeset',
]);
const ASSIGNMENT = /^[A-Za-z_]\w*\+?=/;

type Operator = '&&' | '||' | '|' | ';';
interface Word {
  readonly raw: string;
  readonly text: string;
}
interface Redirect {
  readonly fd: string | undefined;
  readonly op: PlainRedirectOp;
}
type Token = Word | Operator | Redirect;
const isWord = (t: Token | undefined): t is Word => typeof t === 'object' && 'raw' in t;

/** The command line as a {@link PlainScript}, or undefined when it needs the parser. */
export function plainScript(command: string): PlainScript | undefined {
  const tokens = lex(command);
  if (!tokens) return undefined;
  const script: PlainAndOr[] = [];
  for (const andOr of split(tokens, (t) => t === ';')) {
    const parts = split(andOr.tokens, (t) => t === '&&' || t === '||');
    const pipelines = parts.map((p) => pipeline(p.tokens));
    if (pipelines.some((p) => p === undefined)) return undefined;
    const [first, ...rest] = pipelines as PlainPipeline[];
    if (!first) return undefined;
    script.push({ first, rest: rest.map((p, i) => ({ op: parts[i + 1]?.before as '&&' | '||', pipeline: p })) });
  }
  return script.length === 0 ? undefined : script;
}

function pipeline(tokens: readonly Token[]): PlainPipeline | undefined {
  const commands: PlainCommand[] = [];
  for (const { tokens: part } of split(tokens, (t) => t === '|')) {
    const words: Word[] = [];
    const redirects: PlainRedirect[] = [];
    for (let i = 0; i < part.length; i++) {
      const token = part[i] as Token;
      if (isWord(token)) {
        words.push(token);
        continue;
      }
      const target = part[++i];
      if (typeof token === 'string' || !isWord(target)) return undefined;
      redirects.push({ fd: token.fd, op: token.op, target: { text: target.text, literal: true } });
    }
    if (words.length === 0 && redirects.length === 0) return undefined;
    const start = words.findIndex((w) => !ASSIGNMENT.test(w.raw));
    if (start >= 0 && NOT_A_COMMAND.has(words[start]!.text)) return undefined;
    commands.push({ args: start < 0 ? [] : words.slice(start).map((w) => ({ text: w.text, literal: true })), env: words.slice(0, start < 0 ? words.length : start).map((w) => w.text.slice(w.text.indexOf('=') + 1)), redirects });
  }
  return commands;
}

/** Splits at the operators `at` accepts; an empty part (`a && && b`, `; a`) makes the whole line go to the parser. */
function split(tokens: readonly Token[], at: (t: Token) => boolean): { before: Token | undefined; tokens: Token[] }[] {
  const parts: { before: Token | undefined; tokens: Token[] }[] = [{ before: undefined, tokens: [] }];
  for (const token of tokens) {
    if (typeof token === 'string' && at(token)) parts.push({ before: token, tokens: [] });
    else parts[parts.length - 1]!.tokens.push(token);
  }
  return parts.some((p) => p.tokens.length === 0) ? [{ before: undefined, tokens: [] }] : parts;
}

function lex(command: string): Token[] | undefined {
  const tokens: Token[] = [];
  let raw = '';
  let text = '';
  const endWord = () => {
    if (raw !== '') tokens.push({ raw, text });
    raw = '';
    text = '';
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    const next = command[i + 1];
    if (c === ' ' || c === '\t') {
      endWord();
    } else if (c === '<' || c === '>' || (c === '&' && next === '>')) {
      // `2>`: a descriptor is a word of digits right before the operator. Any other word glued to
      // it (`a>b`, the target of one redirection before the next: `>a>b`) is left to the parser.
      let fd: string | undefined;
      if (raw !== '') {
        if (!/^\d+$/.test(raw) || raw !== text || c === '&' || typeof tokens[tokens.length - 1] === 'object' && !isWord(tokens[tokens.length - 1])) return undefined;
        fd = raw;
        raw = '';
        text = '';
      }
      const op = redirectOp(command, i);
      if (!op) return undefined;
      tokens.push({ fd, op });
      i += op.length - 1;
    } else if (c === '&' || c === '|' || c === ';') {
      endWord();
      if (c === '&' && next !== '&') return undefined; // `&`, background
      if (c === ';' && (next === ';' || next === '&')) return undefined; // `;;`, `;&`: case syntax
      if (c === '|' && next === '&') return undefined; // `|&`
      const double = c !== ';' && next === c;
      tokens.push((double ? c + c : c) as Operator);
      if (double) i++;
    } else if (c === "'" || c === '"') {
      const end = command.indexOf(c, i + 1);
      if (end < 0) return undefined;
      const body = command.slice(i + 1, end);
      if ((c === "'" ? SINGLE_QUOTED_SPECIAL : DOUBLE_QUOTED_SPECIAL).test(body)) return undefined;
      raw += command.slice(i, end + 1);
      text += body;
      i = end;
    } else if (PLAIN.test(c)) {
      raw += c;
      text += c;
    } else {
      return undefined;
    }
  }
  endWord();
  return tokens;
}

/** The redirection operator at `i`; undefined for here-documents, `<&`, process substitution and anything glued to another operator. */
function redirectOp(command: string, i: number): PlainRedirectOp | undefined {
  const op = /^(?:&>>|&>|>>|>\||>&|<>|>|<)/.exec(command.slice(i, i + 3))?.[0] as PlainRedirectOp | undefined;
  if (!op) return undefined;
  const after = command[i + op.length];
  return after !== undefined && '<>&|;()'.includes(after) ? undefined : op;
}
