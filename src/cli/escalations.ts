import { resolve } from 'node:path';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { UserError } from '../diagnostics/user-error.js';
import { agentMarkersIn } from '../governance/agent-markers.js';
import { renderEscalationMarkdown } from '../governance/escalation.js';
import { findEscalation, humanAge, listEscalations, resolveEscalation, type EscalationEntry, type EscalationFileProblem, type EscalationPlace } from '../governance/escalations.js';
import { gitIdentity } from '../governance/gate-approval.js';
import { loadPolicy } from '../project/policy.js';
import type { CommandContext } from './context.js';
import type { CliIo } from './io.js';
import { printEnvelope } from './output.js';

export interface EscalationsOptions {
  readonly json?: boolean;
  readonly all?: boolean;
  readonly note?: string;
}

const ACTIONS = ['list', 'show', 'resolve'] as const;
type Action = (typeof ACTIONS)[number];

const USAGE = 'dsctl escalations [list [--all] | show ID | resolve ID --note TEXT] [--json]';

/**
 * `dsctl escalations [list|show ID|resolve ID --note TEXT]`: what waits for a person. Exit 0 whatever
 * `list` finds: it is an inbox, not a check (the checks that escalated already failed with exit 1, and a
 * listing that fails would break `dsctl escalations | grep` under `set -e`); 2 for bad usage or an unknown id.
 */
export async function runEscalations(ctx: CommandContext, action: string | undefined, id: string | undefined, options: EscalationsOptions): Promise<number> {
  const act = parseAction(action ?? 'list');
  if (act === 'list' && id !== undefined) throw new UserError('usage/escalations', `list takes no id, got "${id}"; did you mean dsctl escalations show ${id}?`, { details: [USAGE] });
  if (act !== 'list' && id === undefined) throw new UserError('usage/escalations', `${act} needs the id of an escalation (dsctl escalations list shows them)`, { details: [USAGE] });
  if (options.note !== undefined && act !== 'resolve') throw new UserError('usage/escalations', `--note is for resolve, not ${act}`, { details: [USAGE] });
  if (options.all && act !== 'list') throw new UserError('usage/escalations', `--all is for list, not ${act}`, { details: [USAGE] });
  const loaded = await loadPolicy({ cwd: ctx.io.cwd, configPath: ctx.configPath });
  const place: EscalationPlace = { root: loaded.root, runLog: resolve(loaded.root, loaded.policy.runLog) };
  if (act === 'list') return list(ctx.io, place, options);
  if (act === 'show') return show(ctx.io, place, id as string, options);
  return resolveOne(ctx, place, id as string, options);
}

function parseAction(action: string): Action {
  if ((ACTIONS as readonly string[]).includes(action)) return action as Action;
  const near = nearestNames(action, ACTIONS);
  throw new UserError('usage/escalations', `unknown action "${action}"; expected ${ACTIONS.join(', ')}${near ? ` (${near})` : ''}`, { details: [USAGE] });
}

function list(io: CliIo, place: EscalationPlace, options: EscalationsOptions): number {
  const now = new Date();
  const { escalations, problems } = listEscalations(place, { all: options.all === true });
  const open = escalations.filter((e) => e.status === 'open').length;
  if (options.json) {
    printEnvelope(io, 'escalations', true, { open, escalations: escalations.map((e) => ({ ...e, age: humanAge(e.raised_at, now) })), problems });
    return 0;
  }
  io.stdout(formatTable(escalations, options.all === true, now, io));
  warnProblems(io, problems);
  const e = io.err;
  if (open === 0) {
    const resolved = escalations.length - open;
    io.stderr(`${e.green('✔')} no open escalations${options.all && resolved > 0 ? ` (${resolved} resolved)` : ''}\n`);
  } else {
    io.stderr(`${e.yellow('!')} ${open} open escalation(s) wait for a person: dsctl escalations show ID for one in full, dsctl escalations resolve ID --note TEXT to close it\n`);
  }
  return 0;
}

/** A header, then one row an escalation: (status,) severity, age, id, workflow, source, the question on one line. */
function formatTable(escalations: readonly EscalationEntry[], all: boolean, now: Date, io: CliIo): string {
  if (escalations.length === 0) return '';
  const c = io.out;
  const severityColour = { blocking: c.red, error: c.red, warn: c.yellow } as const;
  type Cell = { readonly text: string; readonly paint: (s: string) => string };
  const plain = (text: string): Cell => ({ text, paint: (s) => s });
  const header = [...(all ? ['STATUS'] : []), 'SEVERITY', 'AGE', 'ID', 'WORKFLOW', 'SOURCE', 'QUESTION'].map((h) => ({ text: h, paint: c.dim }));
  const rows: Cell[][] = escalations.map((e) => [
    ...(all ? [{ text: e.status, paint: e.status === 'open' ? c.yellow : c.green }] : []),
    { text: e.escalation.severity, paint: severityColour[e.escalation.severity] },
    { text: humanAge(e.raised_at, now), paint: c.dim },
    plain(e.id),
    plain(e.escalation.workflow),
    { text: e.source, paint: c.dim },
    plain(e.escalation.human_question.replace(/\s+/g, ' ').trim()),
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i]?.text.length ?? 0)));
  const line = (cells: readonly Cell[]) => cells.map((cell, i) => cell.paint(i === cells.length - 1 ? cell.text : cell.text.padEnd(widths[i] ?? 0))).join('  ');
  return [header, ...rows].map(line).join('\n') + '\n';
}

function warnProblems(io: CliIo, problems: readonly EscalationFileProblem[]): void {
  const e = io.err;
  for (const p of problems) io.stderr(`${e.yellow('warn')} ${p.message}${p.details.map((d) => `\n  ${e.dim('•')} ${d}`).join('')}\n`);
}

function show(io: CliIo, place: EscalationPlace, id: string, options: EscalationsOptions): number {
  const now = new Date();
  const { entry, problems } = findEscalation(place, id);
  if (options.json) {
    printEnvelope(io, 'escalations', true, { escalation: { ...entry, age: humanAge(entry.raised_at, now) }, problems });
    return 0;
  }
  io.stdout(`${renderEscalationMarkdown(entry.escalation)}${statusMarkdown(entry, now)}`);
  warnProblems(io, problems);
  return 0;
}

/** What `show` adds to the PR-comment rendering: open or resolved, since when, from where, and what to do. */
function statusMarkdown(entry: EscalationEntry, now: Date): string {
  const from = entry.source === 'stop-hook' ? "an agent session's Stop hook" : 'the loop runner';
  const age = humanAge(entry.raised_at, now);
  const out = ['', '#### Status', '', `Raised ${age === 'just now' ? age : `${age} ago`} (${entry.raised_at}) by ${from}; \`${entry.file}\``, ''];
  const r = entry.resolution;
  if (r) {
    out.push(`**Resolved** by ${r.resolved_by.name}${r.resolved_by.email ? ` <${r.resolved_by.email}>` : ''} at ${r.resolved_at} (audit run \`${r.record}\`):`, '');
    out.push(...r.note.split(/\r?\n/).map((l) => `> ${l}`), '');
  } else {
    out.push(`**Open.** Close it once decided: \`dsctl escalations resolve ${entry.id} --note "what was decided"\``, '');
  }
  return out.join('\n');
}

async function resolveOne(ctx: CommandContext, place: EscalationPlace, id: string, options: EscalationsOptions): Promise<number> {
  const { io } = ctx;
  if (options.note === undefined || options.note.trim() === '') {
    throw new UserError('usage/note', 'resolve needs --note TEXT: what was decided (it is recorded in the audit log)', { details: [USAGE] });
  }
  const markers = agentMarkersIn(io.env);
  if (markers.length) {
    throw new UserError('escalations/resolve-refused', `an escalation is a question for a person, and ${markers.map((m) => `${m.variable} (${m.who})`).join(', ')} ${markers.length === 1 ? 'is' : 'are'} set: an agent or dsctl's own automation cannot answer it`, {
      details: ['resolve it yourself, in a terminal outside the agent, the sandbox and the loop runner'],
    });
  }
  const actor = gitIdentity(place.root);
  if (!actor) throw new UserError('escalations/identity', 'git user.name is not set: a resolution records who decided', { details: ['git config user.name "Your Name" && git config user.email you@example.com'] });
  const { entry, resolution, file, record } = await resolveEscalation(place, { id, note: options.note, actor });
  if (options.json) {
    printEnvelope(io, 'escalations', true, { escalation: { ...entry, age: humanAge(entry.raised_at, new Date()) }, resolution, file, record });
    return 0;
  }
  io.stderr(`${io.err.green('✔')} resolved ${entry.id} as ${actor.name}${actor.email ? ` <${actor.email}>` : ''}; audit run ${record.run_id}, ${file}\n`);
  return 0;
}
