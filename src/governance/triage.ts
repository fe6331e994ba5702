import type { Project } from '../project/project.js';

/*
 * CI failure triage: a shared intake, not a repair loop. It routes a failed command to the narrowest
 * existing workflow using the policy's `triage[]` table, and never tells automation to weaken a test, a
 * rule or a baseline: a route whose text would advise that is withheld and the failure goes to a human.
 */

export type TriageRoute = Project['policy']['triage'][number];

export interface TriageResult {
  /** Id of the policy entry that matched; null when none did. */
  readonly entry: string | null;
  /** Workflow id, deterministic-investigation, evidence-report or human. */
  readonly route: string;
  /** What automation may do on this route, and no more. */
  readonly automationLimit: string;
  /** How the entry was chosen: a substring of the command, or of the log. */
  readonly matched: { readonly by: 'command' | 'log'; readonly pattern: string } | null;
  /** Up to 10 relevant log lines (errors and failures first; else the last lines), ANSI colours removed. */
  readonly evidence: readonly string[];
}

export const UNKNOWN_FAILURE_LIMIT = 'No autonomous repair: unknown failure';
export const EVIDENCE_LINES = 10;
const MAX_LINE = 400;

/** Advice automation must never get from triage. Each is allowed only when negated ("never weaken …"). */
export const WEAKENING_PHRASES = [
  'skip',
  'weaken',
  'loosen',
  'relax',
  'disable',
  'update snapshot',
  'update the snapshot',
  '--baseline-write',
  'delete test',
  'delete the test',
  'remove test',
  'remove the test',
] as const;

const NEGATION = /\b(never|not|no|nor|don't|do not|must not|mustn't|without|instead of)\b/i;

/**
 * The weakening phrase `text` advises, if any: a phrase counts as advice unless a negation comes before it
 * in the same clause ("never weaken tests" is a limit; "weaken the test" is advice).
 */
export function weakeningAdvice(text: string): string | undefined {
  // Clauses end at punctuation; a comma ends one too, so "never skip, weaken …" is read as advice to weaken.
  for (const clause of text.split(/[.,;:!?\n]/)) {
    const lower = clause.toLowerCase();
    for (const phrase of WEAKENING_PHRASES) {
      const at = lower.search(new RegExp(`(^|[^a-z-])${phrase.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`));
      if (at !== -1 && !NEGATION.test(clause.slice(0, at + 1))) return phrase;
    }
  }
  return undefined;
}

/**
 * Routes a failed command: the first entry whose `match` substring is in the command; else the first whose
 * `logPatterns` substring is in the log; else a human, with no autonomous repair.
 */
export function triage(project: Project, command: string, log?: string): TriageResult {
  const routes = project.policy.triage;
  let matched: TriageResult['matched'] = null;
  let entry: TriageRoute | undefined;
  for (const r of routes) {
    const pattern = r.match.find((m) => command.includes(m));
    if (pattern !== undefined) {
      entry = r;
      matched = { by: 'command', pattern };
      break;
    }
  }
  if (!entry && log !== undefined) {
    for (const r of routes) {
      const pattern = r.logPatterns.find((p) => log.includes(p));
      if (pattern !== undefined) {
        entry = r;
        matched = { by: 'log', pattern };
        break;
      }
    }
  }
  const evidence = log === undefined ? [] : relevantLines(log, entry?.logPatterns ?? []);
  if (!entry) return { entry: null, route: 'human', automationLimit: UNKNOWN_FAILURE_LIMIT, matched: null, evidence };
  const advice = weakeningAdvice(`${entry.route}\n${entry.automationLimit}`);
  if (advice !== undefined) {
    return {
      entry: entry.id,
      route: 'human',
      automationLimit: `No autonomous repair: the policy's triage route "${entry.id}" is withheld because automation never follows advice that would weaken a check (it says "${advice}"); a person decides`,
      matched,
      evidence,
    };
  }
  return { entry: entry.id, route: entry.route, automationLimit: entry.automationLimit, matched, evidence };
}

const RELEVANT = /error|fail|✖|✗|ERR!|panic|exception/i;
// Colour and cursor escapes, as CI logs keep them.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007]*(?:\u0007|\u001b\\)/g;

/** The first ~10 lines that look like errors or failures (or match the route's log patterns); else the last 10. */
export function relevantLines(log: string, patterns: readonly string[] = [], max = EVIDENCE_LINES): string[] {
  const lines = log
    .replace(ANSI, '')
    .split(/\r?\n|\r/)
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim() !== '');
  const clip = (l: string) => (l.length > MAX_LINE ? `${l.slice(0, MAX_LINE - 1)}…` : l);
  const hits = lines.filter((l) => RELEVANT.test(l) || patterns.some((p) => l.includes(p)));
  return (hits.length > 0 ? hits.slice(0, max) : lines.slice(-max)).map(clip);
}
