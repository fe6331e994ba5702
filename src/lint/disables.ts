import { nearestNames } from '../diagnostics/did-you-mean.js';
import type { Range } from './document.js';
import { PARSE_ERROR, type DisableNote, type SourceType, type Violation } from './types.js';

/** A comment as written: `range` from its opening to its closing delimiter, `body` between them. */
export interface SourceComment {
  readonly range: Range;
  readonly body: string;
  /** Offset of `body` in the source. */
  readonly bodyStart: number;
}

export type DirectiveKind = 'disable-next-line' | 'disable' | 'enable';

/** One `dsctl-disable…`/`dsctl-enable` comment. */
export interface Directive {
  readonly kind: DirectiveKind;
  readonly range: Range;
  readonly ruleIds: readonly { readonly id: string; readonly range: Range }[];
  /** The text after ` -- `; undefined when there is none. */
  readonly reason?: string;
}

/**
 * Comments of a source, found by a small lexer per language rather than by the parsers, so that
 * every source type reads directives the same way: `<!-- -->` in markup (and JS or CSS comments in
 * its `<script>`/`<style>`), JS block and line comments outside strings, template literals and
 * regexes, CSS block comments outside strings. Known limit: in JSX text (`<p>// x</p>`) a `//` or
 * `/*` reads as a comment, as the lexer does not follow JSX children.
 */
export function scanComments(text: string, sourceType: SourceType): SourceComment[] {
  const out: SourceComment[] = [];
  if (sourceType === 'css') scanCss(text, 0, text.length, out);
  else if (sourceType === 'jsx' || sourceType === 'tsx') scanJs(text, 0, text.length, out);
  else scanMarkup(text, out);
  return out;
}

function push(out: SourceComment[], text: string, start: number, bodyStart: number, bodyEnd: number, end: number): void {
  out.push({ range: { start, end }, body: text.slice(bodyStart, bodyEnd), bodyStart });
}

function scanMarkup(text: string, out: SourceComment[]): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt === -1) return;
    if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      const end = close === -1 ? n : close + 3;
      push(out, text, lt, lt + 4, close === -1 ? n : close, end);
      i = end;
      continue;
    }
    const tag = /^<([A-Za-z][A-Za-z0-9-]*)/.exec(text.slice(lt, lt + 40));
    if (!tag?.[1]) {
      i = lt + 1;
      continue;
    }
    const tagEnd = startTagEnd(text, lt + tag[0].length);
    const name = tag[1].toLowerCase();
    if (name === 'script' || name === 'style') {
      const closeRe = new RegExp(`</${name}\\s*>`, 'ig');
      closeRe.lastIndex = tagEnd;
      const close = closeRe.exec(text);
      const contentEnd = close ? close.index : n;
      (name === 'script' ? scanJs : scanCss)(text, tagEnd, contentEnd, out);
      i = close ? close.index + close[0].length : n;
    } else {
      i = tagEnd;
    }
  }
}

/** After the `>` of a start tag whose name ends at `i`, quotes respected. */
function startTagEnd(text: string, i: number): number {
  let quote = '';
  for (; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return text.length;
}

/** A `/* … *\/` comment starting at `i` (unterminated: to `to`); returns where scanning goes on. */
function blockComment(text: string, i: number, to: number, out: SourceComment[]): number {
  const close = text.indexOf('*/', i + 2);
  const inside = close === -1 || close + 2 > to;
  push(out, text, i, i + 2, inside ? to : close, inside ? to : close + 2);
  return inside ? to : close + 2;
}

function scanCss(text: string, from: number, to: number, out: SourceComment[]): void {
  let i = from;
  while (i < to) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') i = blockComment(text, i, to, out);
    else if (c === '"' || c === "'") i = skipString(text, i, to);
    else i++;
  }
}

/** Past a '…' or "…" string; an unterminated one ends at the line's end, as in JS and CSS. */
function skipString(text: string, i: number, to: number): number {
  const quote = text[i];
  for (i++; i < to; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (c === '\n') return i;
  }
  return to;
}

// After these words an expression starts, so a `/` opens a regex.
const EXPRESSION_KEYWORDS = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

function scanJs(text: string, from: number, to: number, out: SourceComment[]): void {
  let i = from;
  // May a `/` here open a regex (rather than divide)?
  let regexAllowed = true;
  // Per open template literal: the depth of `{` inside its current `${…}`.
  const templates: number[] = [];
  // From inside a template's text: to its end (popped; a value follows) or into a `${` (an expression starts).
  const skipTemplate = (j: number): number => {
    for (; j < to; j++) {
      const c = text[j];
      if (c === '\\') j++;
      else if (c === '`') {
        templates.pop();
        regexAllowed = false;
        return j + 1;
      } else if (c === '$' && text[j + 1] === '{') {
        templates[templates.length - 1] = 0;
        regexAllowed = true;
        return j + 2;
      }
    }
    return to;
  };
  while (i < to) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const nl = text.indexOf('\n', i);
      const end = nl === -1 || nl > to ? to : nl;
      push(out, text, i, i + 2, end, end);
      i = end;
    } else if (c === '/' && next === '*') {
      i = blockComment(text, i, to, out);
    } else if (c === '"' || c === "'") {
      i = skipString(text, i, to);
      regexAllowed = false;
    } else if (c === '`') {
      templates.push(-1);
      i = skipTemplate(i + 1);
    } else if (c === '<' && next === '/') {
      // A JSX closing tag: its `/` opens no regex.
      const close = text.indexOf('>', i);
      i = close === -1 || close > to ? to : close + 1;
      regexAllowed = false;
    } else if (c === '/' && regexAllowed) {
      i = skipRegex(text, i, to);
      regexAllowed = false;
    } else if (/\s/.test(c)) {
      i++;
    } else if (/[A-Za-z0-9_$]/.test(c)) {
      const word = /^[A-Za-z0-9_$]+/.exec(text.slice(i, i + 64))?.[0] ?? c;
      regexAllowed = EXPRESSION_KEYWORDS.has(word);
      i += word.length;
    } else if (c === '{') {
      if (templates.length) templates[templates.length - 1] = (templates[templates.length - 1] ?? 0) + 1;
      regexAllowed = true;
      i++;
    } else if (c === '}') {
      const depth = templates[templates.length - 1];
      if (depth === 0) i = skipTemplate(i + 1);
      else {
        if (depth !== undefined) templates[templates.length - 1] = depth - 1;
        regexAllowed = false;
        i++;
      }
    } else {
      regexAllowed = c !== ')' && c !== ']';
      i++;
    }
  }
}

function skipRegex(text: string, i: number, to: number): number {
  let inClass = false;
  for (i++; i < to; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '\n') return i;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '/') return i + 1;
  }
  return to;
}

const DIRECTIVE = /^(\s*)(dsctl-disable-next-line|dsctl-disable|dsctl-enable)(?=\s|$)/;

/** The directives among a source's comments, in source order. */
export function parseDirectives(comments: readonly SourceComment[]): Directive[] {
  const out: Directive[] = [];
  for (const comment of comments) {
    const head = DIRECTIVE.exec(comment.body);
    if (!head?.[2]) continue;
    const kind = head[2].slice('dsctl-'.length) as DirectiveKind;
    const restStart = head[0].length;
    const rest = comment.body.slice(restStart);
    // ESLint's form: whitespace, two or more dashes, whitespace (or the end).
    const dashes = /\s-{2,}(?:\s|$)/.exec(rest);
    const list = dashes ? rest.slice(0, dashes.index) : rest;
    const reason = dashes ? rest.slice(dashes.index + dashes[0].length).trim() : undefined;
    const ruleIds: { id: string; range: Range }[] = [];
    for (const m of list.matchAll(/[^\s,]+/g)) {
      const start = comment.bodyStart + restStart + m.index;
      ruleIds.push({ id: m[0], range: { start, end: start + m[0].length } });
    }
    out.push({ kind, range: comment.range, ruleIds, ...(reason ? { reason } : {}) });
  }
  return out;
}

/** The directives of a source; cheap when it has none. */
export function findDirectives(text: string, sourceType: SourceType): Directive[] {
  return text.includes('dsctl-') ? parseDirectives(scanComments(text, sourceType)) : [];
}

export const DISABLE_CODES = {
  withoutReason: 'dsctl/disable-without-reason',
  withoutRule: 'dsctl/disable-without-rule',
  unknownRule: 'dsctl/unknown-rule',
  unused: 'dsctl/unused-disable',
} as const;

/** A finding about a directive itself, for the engine to place and fingerprint. */
export interface DirectiveProblem {
  readonly ruleId: (typeof DISABLE_CODES)[keyof typeof DISABLE_CODES];
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly range: Range;
  readonly token: string;
}

export interface AppliedDisables {
  /** The violations no directive suppressed, and the findings about directives, in source order. */
  readonly violations: Violation[];
  readonly notes: DisableNote[];
}

type Position = { readonly line: number; readonly column: number };
const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.column < b.column);

/**
 * Suppresses the violations the directives name. A disable needs a reason (` -- why`) and known
 * rule ids, or it suppresses nothing and is a finding itself; a valid one that suppresses nothing
 * is reported as unused. `dsctl-disable-next-line` covers findings that start on the line after
 * the comment; `dsctl-disable` covers from the comment to the `dsctl-enable` of that rule (or a
 * bare `dsctl-enable`), else to the end of the source.
 */
export function applyDisables(
  directives: readonly Directive[],
  violations: readonly Violation[],
  position: (offset: number) => Position,
  knownRules: ReadonlyMap<string, unknown>,
  place: (problem: DirectiveProblem) => Violation,
): AppliedDisables {
  const problems: DirectiveProblem[] = [];
  interface Open {
    readonly note: { ruleId: string; kind: 'next-line' | 'block'; line: number; column: number; reason: string; suppressed: Violation[] };
    readonly covers: (at: Position) => boolean;
    readonly directive: Directive;
  }
  const active: Open[] = [];
  const blocks = new Map<string, { open: Omit<Open, 'covers'>; from: Position }>();
  const closeBlock = (ruleId: string, to: Position | undefined) => {
    const block = blocks.get(ruleId);
    if (!block) return;
    blocks.delete(ruleId);
    const { from } = block;
    active.push({ ...block.open, covers: (at) => !before(at, from) && (to === undefined || before(at, to)) });
  };
  for (const d of directives) {
    const at = position(d.range.start);
    const token = d.ruleIds.map((r) => r.id).join(', ');
    if (d.kind === 'enable') {
      const ids = d.ruleIds.length ? d.ruleIds.map((r) => r.id) : [...blocks.keys()];
      for (const id of ids) closeBlock(id, at);
      continue;
    }
    const written = `dsctl-${d.kind}`;
    if (d.ruleIds.length === 0) {
      problems.push({ ruleId: DISABLE_CODES.withoutRule, severity: 'error', message: `${written} must name the rule ids it disables (${written} RULE_ID -- reason)`, range: d.range, token: written });
      continue;
    }
    if (d.reason === undefined) {
      problems.push({ ruleId: DISABLE_CODES.withoutReason, severity: 'error', message: `${written} ${token} has no reason, so it disables nothing: add " -- why this is fine here"`, range: d.range, token });
      continue;
    }
    const end = position(d.range.end);
    for (const { id, range } of d.ruleIds) {
      if (!knownRules.has(id)) {
        const near = nearestNames(id, knownRules.keys());
        problems.push({ ruleId: DISABLE_CODES.unknownRule, severity: 'error', message: `${written} names "${id}", which is not a rule${near ? `; ${near}` : ''}`, range, token: id });
        continue;
      }
      const note = { ruleId: id, kind: d.kind === 'disable' ? ('block' as const) : ('next-line' as const), line: at.line, column: at.column, reason: d.reason, suppressed: [] as Violation[] };
      if (d.kind === 'disable-next-line') active.push({ note, directive: d, covers: (p) => p.line === end.line + 1 });
      else {
        closeBlock(id, at);
        blocks.set(id, { open: { note, directive: d }, from: end });
      }
    }
  }
  for (const id of [...blocks.keys()]) closeBlock(id, undefined);

  const kept: Violation[] = [];
  for (const v of violations) {
    const by = active.find((a) => a.note.ruleId === v.ruleId && a.covers(v));
    if (by) by.note.suppressed.push(v);
    else kept.push(v);
  }
  // The order of the source, not of the directive kinds.
  active.sort((a, b) => a.directive.range.start - b.directive.range.start);
  const notes: DisableNote[] = [];
  // A source that did not parse has no findings to suppress: its disables are not "unused".
  const parsed = !violations.some((v) => v.ruleId === PARSE_ERROR);
  for (const { note, directive } of active) {
    notes.push({ ...note, used: note.suppressed.length > 0 });
    if (note.suppressed.length === 0 && parsed) {
      problems.push({ ruleId: DISABLE_CODES.unused, severity: 'warn', message: `dsctl-${directive.kind} ${note.ruleId} suppresses nothing here: remove it`, range: directive.range, token: note.ruleId });
    }
  }
  if (problems.length === 0) return { violations: kept, notes };
  const placed = problems.map(place);
  const all = [...kept, ...placed].sort((a, b) => a.line - b.line || a.column - b.column);
  return { violations: all, notes };
}
