import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { shellQuote } from '../agents/command.js';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { fileError } from '../io/read-text.js';
import { appendRun, tailLog } from './audit-log.js';
import { ESCALATIONS_DIR, escalationPath, parseEscalation, resolutionPath, RunIdSchema, type Escalation } from './escalation.js';
import { newRunId } from './run-id.js';
import { personActionEntry, type RunRecord } from './run-record.js';

/*
 * What waits for a person: every escalation under `.dsctl/escalations/` (the loop runner writes one per
 * escalated run, the agents' Stop hook one per stuck session), open until a person resolves it. A
 * resolution is a file beside it (`resolved/<id>.json`) and a record of the audit log, which carries the
 * note and the person's git identity, so the answer is as tamper-evident as the question.
 */

export const RESOLUTION_SCHEMA = 'dsctl.escalation-resolution/v1';
export const RESOLUTION_WORKFLOW = 'escalation-resolution';

/** Where an escalation came from: the loop runner (`dsctl run`, `drift --heal`) or an agent session's Stop hook. */
export type EscalationSource = 'run' | 'stop-hook';

export const ResolutionSchema = z.strictObject({
  schema: z.literal(RESOLUTION_SCHEMA),
  escalation: RunIdSchema.describe('The id of the escalation resolved (its file name).'),
  note: z.string().regex(/\S/, 'expected non-blank text').describe('What the person decided.'),
  resolved_by: z.strictObject({ name: z.string().min(1), email: z.string() }),
  resolved_at: z.iso.datetime({ offset: true }),
  record: RunIdSchema.describe('The run id of the escalation-resolution record in the audit log.'),
});

export type Resolution = z.output<typeof ResolutionSchema>;

export interface EscalationEntry {
  /** The file name without `.json`: what `show` and `resolve` take. */
  readonly id: string;
  /** Project-relative, `/`-separated. */
  readonly file: string;
  readonly source: EscalationSource;
  /** When it was raised: its record in the audit log, else the file's modification time. */
  readonly raised_at: string;
  readonly status: 'open' | 'resolved';
  readonly escalation: Escalation;
  readonly resolution: Resolution | null;
}

/** A file under `.dsctl/escalations/` that could not be read as what it should be: listed, never fatal. */
export interface EscalationFileProblem {
  readonly file: string;
  readonly message: string;
  readonly details: readonly string[];
}

export interface EscalationList {
  readonly escalations: readonly EscalationEntry[];
  readonly problems: readonly EscalationFileProblem[];
}

export interface EscalationPlace {
  /** The project root. */
  readonly root: string;
  /** The run log (absolute). */
  readonly runLog: string;
}

const SEVERITY_ORDER: Record<Escalation['severity'], number> = { blocking: 0, error: 1, warn: 2 };

/** The ids of `.dsctl/escalations/*.json` (temp files of atomic writes and the Markdown copies left out). */
function escalationIds(root: string): string[] {
  const dir = join(root, ESCALATIONS_DIR);
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith('.json') && !d.name.startsWith('.'))
      .map((d) => d.name.slice(0, -'.json'.length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw fileError(error, ESCALATIONS_DIR, 'escalations folder');
  }
  return names.filter((id) => RunIdSchema.safeParse(id).success).sort();
}

/** A JSON file of the project; `file` is its project-relative name, for messages. */
function readJsonFile(path: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw fileError(error, file);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UserError('escalation/not-json', `${file} is not JSON (${(error as Error).message})`, { location: { file } });
  }
}

/** When each escalated run of the log ended, by run id (the last record wins). */
function raisedTimes(runLog: string): Map<string, string> {
  const times = new Map<string, string>();
  for (const r of tailLog(runLog).records) if (r.escalation !== null) times.set(r.run_id, r.ended_at);
  return times;
}

function readEntry(place: EscalationPlace, id: string, times: Map<string, string>): { entry?: EscalationEntry; problems: EscalationFileProblem[] } {
  const path = escalationPath(place.root, id);
  const file = relative(place.root, path).split('\\').join('/');
  const problems: EscalationFileProblem[] = [];
  let escalation: Escalation;
  try {
    escalation = parseEscalation(readJsonFile(path, file), file);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { problems: [{ file, message: error.message, details: error.details }] };
  }
  const resolution = readResolution(place.root, id, problems);
  const raised = times.get(id) ?? statSync(path).mtime.toISOString();
  return {
    entry: {
      id,
      file,
      source: escalation.workflow === 'agent-session' ? 'stop-hook' : 'run',
      raised_at: raised,
      status: resolution ? 'resolved' : 'open',
      escalation,
      resolution,
    },
    problems,
  };
}

/** The resolution of `id`, or null; a resolution file that does not parse is a problem, and the escalation stays open. */
function readResolution(root: string, id: string, problems: EscalationFileProblem[]): Resolution | null {
  const path = resolutionPath(root, id);
  const file = relative(root, path).split('\\').join('/');
  let value: unknown;
  try {
    value = readJsonFile(path, file);
  } catch (error) {
    if (error instanceof UserError && error.code === 'file/not-found') return null;
    if (!(error instanceof UserError)) throw error;
    problems.push({ file, message: error.message, details: error.details });
    return null;
  }
  const parsed = ResolutionSchema.safeParse(value);
  if (!parsed.success || parsed.data.escalation !== id) {
    problems.push({ file, message: `${file} is not a ${RESOLUTION_SCHEMA} record of escalation "${id}": the escalation stays open`, details: parsed.success ? [] : parsed.error.issues.map((i) => `/${i.path.join('/')}: ${i.message}`) });
    return null;
  }
  return parsed.data;
}

/** Every escalation (open ones only unless `all`; then open ones first): blocking, then error, then warn; the longest waiting first. */
export function listEscalations(place: EscalationPlace, options: { readonly all?: boolean } = {}): EscalationList {
  const times = raisedTimes(place.runLog);
  const escalations: EscalationEntry[] = [];
  const problems: EscalationFileProblem[] = [];
  for (const id of escalationIds(place.root)) {
    const read = readEntry(place, id, times);
    problems.push(...read.problems);
    if (read.entry && (options.all || read.entry.status === 'open')) escalations.push(read.entry);
  }
  escalations.sort(
    (a, b) =>
      Number(a.status === 'resolved') - Number(b.status === 'resolved') ||
      SEVERITY_ORDER[a.escalation.severity] - SEVERITY_ORDER[b.escalation.severity] ||
      Date.parse(a.raised_at) - Date.parse(b.raised_at) ||
      a.id.localeCompare(b.id),
  );
  return { escalations, problems };
}

/** One escalation by id, open or resolved; an unknown id is a UserError that suggests the nearest ids. */
export function findEscalation(place: EscalationPlace, id: string): { entry: EscalationEntry; problems: readonly EscalationFileProblem[] } {
  const ids = escalationIds(place.root);
  if (!ids.includes(id)) {
    const near = nearestNames(id, ids) ?? containing(id, ids);
    throw new UserError('escalations/unknown', `no escalation "${id}" in ${ESCALATIONS_DIR}${near ? `; ${near}` : ''}`, {
      details: [ids.length === 0 ? 'there are no escalations' : 'dsctl escalations list --all shows every id'],
    });
  }
  const read = readEntry(place, id, raisedTimes(place.runLog));
  if (!read.entry) {
    const problem = read.problems[0] as EscalationFileProblem;
    throw new UserError('escalation/invalid', problem.message, { location: { file: problem.file }, details: problem.details });
  }
  return { entry: read.entry, problems: read.problems };
}

/** Ids that contain what was typed (a run id's short tail, say), when no id is close by edit distance. */
function containing(text: string, ids: readonly string[]): string | undefined {
  const hits = text.length >= 3 ? ids.filter((id) => id.includes(text)).slice(0, 3) : [];
  return hits.length ? `did you mean ${hits.map((h) => `"${h}"`).join(', ')}?` : undefined;
}

export interface ResolveInput {
  readonly id: string;
  readonly note: string;
  readonly actor: { readonly name: string; readonly email: string };
  readonly now?: Date;
}

/**
 * Closes an open escalation: appends an `escalation-resolution` record (the note, the person) to the audit
 * log, then writes `resolved/<id>.json` atomically. The log comes first: a resolution the log does not
 * know was never recorded. A resolved escalation cannot be resolved again.
 */
export async function resolveEscalation(place: EscalationPlace, input: ResolveInput): Promise<{ entry: EscalationEntry; resolution: Resolution; file: string; record: RunRecord }> {
  const note = input.note.trim();
  if (note === '') throw new UserError('usage/note', 'resolve needs --note with what was decided (it is recorded in the audit log)');
  const { entry } = findEscalation(place, input.id);
  if (entry.resolution) {
    const r = entry.resolution;
    throw new UserError('escalations/already-resolved', `escalation "${entry.id}" was already resolved by ${r.resolved_by.name} at ${r.resolved_at}: ${JSON.stringify(r.note)}`, {
      details: [`its record in the audit log is ${r.record}`],
    });
  }
  const now = input.now ?? new Date();
  const at = now.toISOString();
  const runId = newRunId(RESOLUTION_WORKFLOW, now);
  const path = resolutionPath(place.root, entry.id);
  const file = relative(place.root, path).split('\\').join('/');
  const record = await appendRun(place.runLog, personActionEntry({ runId, workflow: RESOLUTION_WORKFLOW, commands: [`dsctl escalations resolve ${entry.id} --note ${shellQuote(note)}`], changedPaths: [file], actor: input.actor, at: now }));
  const resolution: Resolution = {
    schema: RESOLUTION_SCHEMA,
    escalation: entry.id,
    note,
    resolved_by: { name: input.actor.name, email: input.actor.email },
    resolved_at: at,
    record: runId,
  };
  writeFileAtomic(path, JSON.stringify(resolution, null, 2) + '\n');
  return { entry: { ...entry, status: 'resolved', resolution }, resolution, file, record };
}

/** How long ago, for people: `just now`, `12 min`, `3 h`, `5 d`. */
export function humanAge(from: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

