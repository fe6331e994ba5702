import type { z } from 'zod';
import type { patternFields } from '../contracts/rule-fields.js';
import type { DetectorId, Rule, RuleBase } from '../contracts/rule-types.js';
import type { Project } from '../project/project.js';
import type { LintDocument, Range } from './document.js';
import type { ThemeIndex } from '../contracts/theme-index.js';
import type { TailwindModel } from './tailwind/model.js';

/** What a detector reports; the engine adds rule id, severity, position and fingerprint. */
export interface Finding<MessageId extends string = string> {
  readonly range: Range;
  /** The offending class, attribute, tag or raw value, as written. */
  readonly token: string;
  /** A key of the detector's `messages`. */
  readonly messageId: MessageId;
  /** Placeholders for the message, besides `{token}` and `{description}`. */
  readonly data?: Readonly<Record<string, string | number>>;
  /** Replaces the rule's `alternative` for this finding (e.g. the nearest token). */
  readonly alternative?: string;
  /**
   * Set when the place cannot be judged (a spread may supply the missing attribute): why, e.g.
   * "<img> without alt: {...props} may supply it". Listed as an unchecked note, not a violation.
   */
  readonly unchecked?: string;
}

/** Built once per Project and shared by every lint() call. */
export interface LintContext {
  readonly project: Project;
  readonly theme: ThemeIndex;
  /** Tailwind's own class model of the project; absent when none could be loaded (names are then matched as written). */
  readonly tailwind?: TailwindModel;
}

export type PatternField = keyof typeof patternFields;

/** The rule field a detector's check object lives under (e.g. `htmlAttrCheck`), and its shape. */
export interface CheckDeclaration<Key extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly key: Key;
  readonly schema: Schema;
}

/** A check object as a detector reads it: the schema's input (defaults are the detector's to apply), read-only. */
export type CheckOf<Schema extends z.ZodType> = Frozen<z.input<Schema>>;

type Frozen<T> = T extends readonly (infer E)[] ? readonly Frozen<E>[] : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

/** The rule a detector is given: validated, so its check object is there. */
export type RuleFor<Check extends CheckDeclaration | undefined> =
  Check extends CheckDeclaration<infer Key, infer Schema> ? RuleBase & { readonly [K in Key]: CheckOf<Schema> } : RuleBase;

/** What rules.schema.json and the docs say about a detector. */
export interface DetectorMeta<Check extends CheckDeclaration | undefined = CheckDeclaration | undefined, Messages extends MessageTemplates = MessageTemplates> {
  readonly docs: {
    /** What it reports, in a sentence or two; shown in rules.schema.json. */
    readonly description: string;
    readonly url?: string;
  };
  /** Absent when the detector reads only pattern fields. */
  readonly check?: Check;
  /** The pattern fields it reads; a rule of it needs at least one of them (when any are listed). */
  readonly patterns: readonly PatternField[];
  /** Message templates by id; `{token}`, `{description}` and the finding's data are interpolated. */
  readonly messages: Messages;
}

type MessageTemplates = Readonly<Record<string, string>>;

/**
 * One detector kind of rules.json, in one module that owns its id, docs, check object and messages.
 * `prepare` compiles a rule once per project (regexes, selectors); `run` is pure: a document in,
 * findings out.
 */
export interface DetectorDefinition<
  Id extends string = string,
  Check extends CheckDeclaration | undefined = CheckDeclaration | undefined,
  Prepared = unknown,
  Messages extends MessageTemplates = MessageTemplates,
> {
  readonly id: Id;
  readonly meta: DetectorMeta<Check, Messages>;
  prepare(rule: RuleFor<Check>, context: LintContext): Prepared;
  run(doc: LintDocument, rule: RuleFor<Check>, prepared: Prepared, context: LintContext): Finding<Extract<keyof Messages, string>>[];
}

/** A registered detector: its definition, and its messages at hand for the engine (read per finding). */
export type Detector<Id extends string = string, Check extends CheckDeclaration | undefined = CheckDeclaration | undefined, Prepared = unknown, Messages extends MessageTemplates = MessageTemplates> =
  DetectorDefinition<Id, Check, Prepared, Messages> & { readonly messages: Messages };

/** Any detector, as the engine runs it: on any rule it is registered for. */
export interface DetectorModule<Prepared = unknown> {
  readonly id: DetectorId;
  readonly meta: DetectorMeta;
  readonly messages: MessageTemplates;
  prepare(rule: Rule, context: LintContext): Prepared;
  run(doc: LintDocument, rule: Rule, prepared: Prepared, context: LintContext): Finding[];
}

/** Declares a detector; throws when what the schema and the docs are made of is missing. */
export function defineDetector<const Id extends string, const Check extends CheckDeclaration | undefined = undefined, Prepared = unknown, const Messages extends MessageTemplates = MessageTemplates>(
  definition: DetectorDefinition<Id, Check, Prepared, Messages>,
): Detector<Id, Check, Prepared, Messages> {
  assertDetector(definition);
  return { ...definition, messages: definition.meta.messages };
}

const CHECK_KEY = /^[a-z][A-Za-z]*Check$/;

/** Any detector, as far as its declaration goes: what the schema generator reads. */
export interface DetectorDeclaration {
  readonly id: string;
  readonly meta: DetectorMeta;
  readonly prepare: unknown;
  readonly run: unknown;
}

/** What every detector must declare; also run over the registry when the schema is generated. */
export function assertDetector(detector: DetectorDeclaration): void {
  const at = `detector ${typeof detector.id === 'string' && detector.id ? detector.id : JSON.stringify(detector.id)}`;
  const fail = (what: string): never => {
    throw new Error(`${at}: ${what}`);
  };
  if (typeof detector.id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(detector.id)) fail('needs an id of lower-case words joined by "-"');
  const meta = detector.meta as Partial<DetectorMeta> | undefined;
  if (!meta) return fail('needs meta: { docs, patterns, messages }');
  if (typeof meta.docs?.description !== 'string' || meta.docs.description.trim() === '') fail('needs meta.docs.description (what it reports; rules.schema.json shows it)');
  const messages = Object.entries(meta.messages ?? {});
  if (messages.length === 0) fail('needs meta.messages (the templates its findings name by messageId)');
  for (const [id, template] of messages) if (typeof template !== 'string' || template.trim() === '') fail(`meta.messages.${id} is not a message template`);
  if (!Array.isArray(meta.patterns)) fail('needs meta.patterns (the pattern fields it reads, or [])');
  if (meta.check !== undefined && (typeof meta.check.key !== 'string' || !CHECK_KEY.test(meta.check.key) || meta.check.schema === undefined)) {
    fail('meta.check needs a key such as "htmlAttrCheck" and the zod schema of that check object');
  }
  if (meta.check === undefined && meta.patterns?.length === 0) fail('reads nothing: declare meta.check or meta.patterns');
  if (typeof detector.prepare !== 'function' || typeof detector.run !== 'function') fail('needs prepare() and run()');
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
