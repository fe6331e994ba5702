import type { LoadedPolicy } from '../project/policy.js';

/**
 * One doctor check is one module of this shape (ESLint's `{ meta, create }`): an id (= file name),
 * its docs, its messages by id (each with the fix people can apply), and one function. The core never
 * prints: a check returns findings and the CLI formats them.
 */
export interface DoctorCheck {
  readonly id: string;
  readonly meta: DoctorCheckMeta;
  /** Why the check has nothing to look at here (an integration that is not installed), or undefined. */
  skip?(ctx: DoctorContext): string | undefined;
  run(ctx: DoctorContext): readonly DoctorFinding[] | Promise<readonly DoctorFinding[]>;
}

export interface DoctorCheckMeta {
  readonly docs: { readonly description: string };
  /** Message and fix by id; `{name}` placeholders are filled from the finding's data. */
  readonly messages: Readonly<Record<string, DoctorMessage>>;
}

export interface DoctorMessage {
  readonly message: string;
  /** One line: what to run or change. */
  readonly fix: string;
  /** `warn` does not fail the doctor (exit 0); the default is `error`. */
  readonly severity?: 'error' | 'warn';
}

/** What every check reads: the project, this machine, and config + policy when they load. */
export interface DoctorContext {
  /** The folder of dsctl.config.json. */
  readonly root: string;
  readonly configPath: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  /** `process.versions.node`, or what a test puts there. */
  readonly nodeVersion: string;
  /** Bound for booting one MCP server (initialize + tools/list). */
  readonly mcpTimeoutMs: number;
  /** False: start no process (no launcher run, no MCP boot) — the quick pass `init` and `hooks install` end with. */
  readonly processes: boolean;
  /** Config and policy, or undefined when they do not load (the `project` check reports why). */
  readonly loaded: LoadedPolicy | undefined;
}

/** One problem doctor found, with where it is (when it has a place) and how to fix it. Serialisable. */
export interface DoctorFinding {
  /** The message id of its check, e.g. `matcher-uncovered`. */
  readonly code: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly fix: string;
  /** Project-relative (or absolute, outside the project: a git hooks folder). */
  readonly file?: string;
  /** 1-based. */
  readonly line?: number;
  readonly column?: number;
}

/** Where a finding is; undefined parts are left out. */
export interface FindingPlace {
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
}

/**
 * The reporter of one check: a finding from a message id and its data. An unknown id or a placeholder
 * without a value throws, so a typo is a failing test rather than a blank message.
 */
export function reporter(check: Pick<DoctorCheck, 'id' | 'meta'>) {
  return (code: string, data: Readonly<Record<string, string | number>> = {}, place: FindingPlace = {}): DoctorFinding => {
    const spec = check.meta.messages[code];
    if (spec === undefined) throw new Error(`doctor check ${check.id}: unknown message id "${code}"`);
    const fill = (template: string) =>
      template.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = data[name];
        if (value === undefined) throw new Error(`doctor check ${check.id}/${code}: no value for {${name}}`);
        return String(value);
      });
    return { code, severity: spec.severity ?? 'error', message: fill(spec.message), fix: fill(spec.fix), ...withoutUndefined(place) };
  };
}

function withoutUndefined(place: FindingPlace): Pick<DoctorFinding, 'file' | 'line' | 'column'> {
  return Object.fromEntries(Object.entries(place).filter(([, v]) => v !== undefined)) as Pick<DoctorFinding, 'file' | 'line' | 'column'>;
}

/** Reason a check that needs the policy gives when it does not load. */
export const POLICY_NOT_LOADED = 'the config or policy does not load (see the project check)';
