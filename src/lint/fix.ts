import { createTwoFilesPatch } from 'diff';
import { computeLineStarts } from '../diagnostics/json-source.js';
import type { Project } from '../project/project.js';
import { parseClassToken } from './class-token.js';
import type { Range } from './document.js';
import type { FileReport } from './report.js';
import type { Violation } from './types.js';

/** A replacement of `range` (UTF-16 offsets of the source) by `text`, as ESLint's fixes are. */
export interface Fix {
  readonly ruleId: string;
  readonly range: Range;
  readonly text: string;
}

// Detectors whose finding is one class name exactly as written (its range covers it, variants included).
const CLASS_DETECTORS: ReadonlySet<string> = new Set(['tailwind-class', 'tailwind-class-prefix', 'tailwind-class-segment']);

// A class-like word of an alternative's prose: `text-fg`, `p-0.5`; not `--color-x`, `z-index.modal`, `hover:bg-x`.
const CLASS_WORD = /(?<![\w.:/[-])[a-z][a-z0-9]*(?:-[a-z0-9]+(?:\.[0-9]+)?)+(?![\w:/[\]-]|\.\w)/g;

/**
 * The one class that replaces `raw` for a rule whose alternative is `alternative`, or undefined when
 * that is not certain. Certain means: the alternative says "NEW instead of OLD" for this very class,
 * or it names exactly one class at all, of the same utility (`text-fg` for `text-black`). Classes
 * with an opacity or fraction (`/`), an arbitrary value or a minus sign are never rewritten.
 */
export function replacementClass(raw: string, alternative: string): string | undefined {
  const token = parseClassToken(raw);
  const base = token.base.replace(/^!|!$/g, '');
  if (token.negative || token.arbitraryValue !== undefined || base.includes('/')) return undefined;
  const words = [...alternative.matchAll(CLASS_WORD)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
  let mapped: string | undefined;
  const examples = new Set<string>();
  words.forEach((w, i) => {
    const next = words[i + 1];
    if (!next || !/^\s+instead of\s+$/.test(alternative.slice(w.end, next.start))) return;
    examples.add(next.word);
    if (next.word === base) mapped = w.word;
  });
  let replacement = mapped;
  if (replacement === undefined) {
    const named = [...new Set(words.map((w) => w.word))].filter((w) => !examples.has(w));
    const only = named.length === 1 ? named[0] : undefined;
    if (only !== undefined && only !== base && only.split('-')[0] === base.split('-')[0]) replacement = only;
  }
  if (replacement === undefined || replacement === base) return undefined;
  const at = raw.lastIndexOf(base);
  return at === -1 ? undefined : raw.slice(0, at) + replacement + raw.slice(at + base.length);
}

/** The fixes of a source's violations: only where the finding is a class and its replacement certain. */
export function proposeFixes(project: Project, source: string, violations: readonly Violation[]): Fix[] {
  const lineStarts = computeLineStarts(source);
  const offset = (line: number, column: number) => (lineStarts[line - 1] ?? Number.NaN) + column - 1;
  const fixes: Fix[] = [];
  for (const v of violations) {
    const rule = project.rules.byId.get(v.ruleId);
    if (!rule || !CLASS_DETECTORS.has(rule.detector) || v.alternative === undefined) continue;
    const range = { start: offset(v.line, v.column), end: offset(v.endLine, v.endColumn) };
    // The finding must cover the class as written (not an escaped or computed form of it).
    if (source.slice(range.start, range.end) !== v.token) continue;
    const text = replacementClass(v.token, v.alternative);
    if (text !== undefined) fixes.push({ ruleId: v.ruleId, range, text });
  }
  return fixes;
}

/**
 * Applies fixes from the end of the source backwards. Overlapping fixes are not applied (the first in
 * the source wins); two rules fixing one range differently apply neither (unsure); the same fix twice
 * is applied once.
 */
export function applyFixes(source: string, fixes: readonly Fix[]): { output: string; applied: Fix[] } {
  const sorted = [...fixes].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  const conflicting = new Set<string>();
  const byRange = new Map<string, string>();
  for (const f of sorted) {
    const key = `${f.range.start}:${f.range.end}`;
    const seen = byRange.get(key);
    if (seen !== undefined && seen !== f.text) conflicting.add(key);
    byRange.set(key, f.text);
  }
  const applied: Fix[] = [];
  let end = -1;
  const taken = new Set<string>();
  for (const f of sorted) {
    const key = `${f.range.start}:${f.range.end}`;
    if (conflicting.has(key) || taken.has(key) || f.range.start < end) continue;
    taken.add(key);
    applied.push(f);
    end = f.range.end;
  }
  let output = source;
  for (let i = applied.length - 1; i >= 0; i--) {
    const f = applied[i] as Fix;
    output = output.slice(0, f.range.start) + f.text + output.slice(f.range.end);
  }
  return { output, applied };
}

/** What `--fix` would do to one file. */
export interface FilePlan {
  readonly file: string;
  readonly before: string;
  readonly after: string;
  readonly applied: readonly Fix[];
}

/** The files of a lint run that have certain fixes, with their fixed text. */
export function planFixes(project: Project, reports: readonly FileReport[]): FilePlan[] {
  const plans: FilePlan[] = [];
  for (const r of reports) {
    if (!r.result || r.source === undefined) continue;
    const { output, applied } = applyFixes(r.source, proposeFixes(project, r.source, r.result.violations));
    if (applied.length > 0) plans.push({ file: r.file, before: r.source, after: output, applied });
  }
  return plans;
}

/** A unified diff of the plans, `a/` and `b/` prefixed as git prints them. */
export function plansDiff(plans: readonly FilePlan[]): string {
  return plans.map((p) => createTwoFilesPatch(`a/${p.file}`, `b/${p.file}`, p.before, p.after, undefined, undefined, { context: 3 }).replace(/^=+\n/m, '')).join('');
}
