import type { Rule } from '../contracts/rule-types.js';
import type { Detector } from '../contracts/rule-types.js';
import type { Project } from '../project/project.js';
import type { LintDocument, Range } from './document.js';
import type { ThemeIndex } from './theme.js';

/** What a detector reports; the engine adds rule id, severity, position and fingerprint. */
export interface Finding {
  readonly range: Range;
  /** The offending class, attribute, tag or raw value, as written. */
  readonly token: string;
  /** A key of the detector's `messages`. */
  readonly messageId: string;
  /** Placeholders for the message, besides `{token}` and `{description}`. */
  readonly data?: Readonly<Record<string, string | number>>;
  /** Replaces the rule's `alternative` for this finding (e.g. the nearest token). */
  readonly alternative?: string;
}

/** Built once per Project and shared by every lint() call. */
export interface LintContext {
  readonly project: Project;
  readonly theme: ThemeIndex;
}

/**
 * One detector kind of rules.json. `prepare` compiles a rule once per project (regexes, selectors);
 * `run` is pure: a document in, findings out.
 */
export interface DetectorModule<Prepared = unknown> {
  readonly id: Detector;
  /** Message templates by id; `{token}`, `{description}` and the finding's data are interpolated. */
  readonly messages: Readonly<Record<string, string>>;
  prepare(rule: Rule, context: LintContext): Prepared;
  run(doc: LintDocument, rule: Rule, prepared: Prepared, context: LintContext): Finding[];
}

/** A source that cannot be parsed: reported as one finding, never thrown out of lint(). */
export class SourceParseError extends Error {
  override readonly name = 'SourceParseError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}
