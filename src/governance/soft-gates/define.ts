import safeRegex from 'safe-regex2';
import { z } from 'zod';
import type { ChangeView } from './change-view.js';

/**
 * What a flag of the gate needs from a person:
 * - `approval`: the machine found exactly what changed (a test lost assertions, a rule's severity moved);
 *   a person approves the change or undoes it.
 * - `human`: the machine can only say where to look; the judgment itself (visual fit, brand) is a person's.
 */
export type SoftGateNeeds = 'approval' | 'human';

/** Scalar facts of a finding, for machines (`--json`): `{ rule: 'X', field: 'severity' }`. */
export type SoftGateDetail = Readonly<Record<string, string | number | boolean>>;

/** One thing a gate found: the path it is about, in words for a person, and the facts. */
export interface SoftGateFinding {
  readonly path: string;
  readonly reason: string;
  readonly detail?: SoftGateDetail;
}

/** The `blocking` option every gate has: whether its flags fail `dsctl gate check` until a person approves. */
export interface SoftGateOptions {
  readonly blocking: boolean;
  readonly [key: string]: unknown;
}

export interface SoftGateMeta {
  /** What the gate detects and what it leaves to a person. */
  readonly docs: string;
  readonly needs: SoftGateNeeds;
  /** The options of its policy entry, with their defaults; `{}` parses. */
  readonly options: z.ZodObject;
  /** Why the escalation stops, in a few words: "a change weakens tests". */
  readonly stuck: string;
  /** What the escalation asks a person. */
  readonly question: string;
}

/** A soft gate (ESLint's `{ meta, create }` shape, as the self-drift checks): pure over the change view it is given. */
export interface SoftGate {
  readonly id: string;
  readonly meta: SoftGateMeta;
  /** Why the gate cannot run with these options (a file it compares is not named), or undefined. */
  cannotRun(options: SoftGateOptions): string | undefined;
  detect(change: ChangeView, options: SoftGateOptions): readonly SoftGateFinding[];
}

export function defineSoftGate<const S extends z.core.$ZodLooseShape>(definition: {
  readonly id: string;
  readonly meta: Omit<SoftGateMeta, 'options'> & {
    readonly options: z.ZodObject<S>;
    /** The default of the `blocking` option. */
    readonly blocking: boolean;
  };
  cannotRun?(options: z.output<z.ZodObject<S>> & { blocking: boolean }): string | undefined;
  detect(change: ChangeView, options: z.output<z.ZodObject<S>> & { blocking: boolean }): readonly SoftGateFinding[];
}): SoftGate {
  const { blocking, options, ...meta } = definition.meta;
  type Options = z.output<z.ZodObject<S>> & { blocking: boolean };
  return {
    id: definition.id,
    meta: {
      ...meta,
      options: options.extend({
        blocking: z.boolean().default(blocking).describe('Whether a flag of this gate fails `dsctl gate check` (exit 1) until a person approves; false: reported for a person to review, and passes.'),
      }),
    },
    // The options come from parsing meta.options, the schema these functions were written against.
    cannotRun: (o) => definition.cannotRun?.(o as unknown as Options),
    detect: (change, o) => definition.detect(change, o as unknown as Options),
  };
}

/** A regular expression in an option: it must compile and not backtrack catastrophically (it runs on every changed file). */
export function regexOption(description: string) {
  return z
    .string()
    .min(1)
    .superRefine((source, ctx) => {
      try {
        new RegExp(source);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `the pattern ${JSON.stringify(source)} does not compile: ${(error as Error).message}` });
        return;
      }
      if (!safeRegex(source)) ctx.addIssue({ code: 'custom', message: `the pattern ${JSON.stringify(source)} can backtrack catastrophically (ReDoS); remove nested quantifiers such as (a+)+` });
    })
    .describe(description);
}

/** Project-relative globs in an option. */
export function globsOption(description: string) {
  return z.array(z.string().min(1)).describe(description);
}

/** A project-relative path in an option. */
export function pathOption(description: string) {
  return z.string().min(1).describe(description);
}
