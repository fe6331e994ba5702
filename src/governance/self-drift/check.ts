import type { Config } from '../../project/config-schema.js';
import type { Policy } from '../../project/policy-schema.js';
import type { DriftFinding } from '../../views/finding.js';

/**
 * The project's files as a check sees them: read-only, by project-relative path. Checks never touch
 * the disk themselves, so each is a pure function a test drives with an in-memory map.
 */
export interface SelfDriftFiles {
  /**
   * The text of a file, or undefined when there is none. A file that exists but cannot be read throws
   * a UserError naming it as `what` ("CI workflow").
   */
  read(path: string, what?: string): string | undefined;
}

/** What the checks need from the project, as plain data. */
export interface SelfDriftContext {
  readonly policy: Policy;
  /** Project-relative paths of the files the findings point at. */
  readonly paths: {
    /** The loop playbook (views.playbook-sections.path). */
    readonly playbook: string;
    /** The policy file (config `policy`). */
    readonly policy: string;
    /** dsctl.config.json itself. */
    readonly config: string;
  };
  readonly lint: Pick<Config['lint'], 'include' | 'exclude'>;
  /** Every dsctl command, as space-joined paths (`lint`, `gate check`). */
  readonly commands: ReadonlySet<string>;
}

/** One code a check may emit: its severity, and its message worded from the finding's arguments. */
export interface SelfDriftCode<Args = never> {
  readonly severity: DriftFinding['severity'];
  readonly message: (args: Args) => string;
}

type Codes = Readonly<Record<string, SelfDriftCode<never>>>;

export interface SelfDriftMeta<C extends Codes = Codes> {
  readonly docs: { readonly description: string };
  /** Every code the check can emit; emitting another one throws. */
  readonly codes: C;
}

/** What a check's `run` returns: a declared code, where, and the arguments of its message. */
export type SelfDriftReport<C extends Codes> = {
  [K in keyof C & string]: {
    readonly code: K;
    /** Project-relative. */
    readonly file: string;
    /** 1-based, when the finding has a place in the file. */
    readonly line?: number | undefined;
    readonly args: Parameters<C[K]['message']>[0];
    readonly details?: readonly string[];
  };
}[keyof C & string];

/**
 * One self-drift check (ESLint's `{ meta, create }` shape, as the doctor checks): an id (= file name),
 * its docs and codes, and `run`, pure over the files and context it is given. None of its findings is
 * repaired by `dsctl build`: they need a person.
 */
export interface SelfDriftCheck {
  readonly id: string;
  readonly meta: SelfDriftMeta;
  run(files: SelfDriftFiles, context: SelfDriftContext): DriftFinding[];
}

export function defineSelfDriftCheck<const C extends Codes>(definition: {
  readonly id: string;
  readonly meta: SelfDriftMeta<C>;
  run(files: SelfDriftFiles, context: SelfDriftContext): readonly SelfDriftReport<C>[];
}): SelfDriftCheck {
  const { id, meta } = definition;
  const toFinding = (report: SelfDriftReport<C>): DriftFinding => {
    const code: SelfDriftCode<never> | undefined = meta.codes[report.code];
    if (code === undefined) throw new Error(`self-drift check ${id}: undeclared code "${report.code}"`);
    return {
      code: report.code,
      severity: code.severity,
      file: report.file,
      ...(report.line === undefined ? {} : { line: report.line }),
      message: (code.message as (args: unknown) => string)(report.args),
      fixable: false,
      ...(report.details === undefined ? {} : { details: report.details }),
    };
  };
  return { id, meta, run: (files, context) => definition.run(files, context).map(toFinding) };
}
