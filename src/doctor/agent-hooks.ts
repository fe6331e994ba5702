import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonDocument, type JsonDocument } from '../diagnostics/json-source.js';
import { isUserError } from '../diagnostics/user-error.js';
import { toolsThatWrite, type AgentHooks } from '../project/agent-hooks.js';
import { LAUNCHER_PATH } from '../project/launcher.js';
import { reporter, type DoctorCheck, type DoctorContext, type DoctorFinding, type DoctorMessage } from './check.js';
import { commandProgram, type CommandProgram } from './command-program.js';
import { uncoveredTools } from './matcher.js';

/**
 * What an agent's hook settings must hold for dsctl's gates to see its tool calls: one dsctl hook per
 * event, each running a command that exists (not one that can come from the network), and a matcher
 * on each blocking event that lets every tool that can write reach the hook. The events and tools are
 * the agent's row of src/project/agent-hooks.ts, the table `dsctl hooks install` writes from.
 */
export const AGENT_HOOK_MESSAGES: Readonly<Record<string, DoctorMessage>> = {
  'invalid-json': { message: 'not valid JSON: {error}', fix: 'correct the JSON at {file}:{line}:{column}, then run `dsctl hooks install --{agent}`' },
  'not-an-object': { message: '{what} is not a JSON object', fix: 'make it an object, then run `dsctl hooks install --{agent}`' },
  'hook-missing': { message: 'no dsctl hook for {event}: {why}', fix: 'run `dsctl hooks install --{agent}`' },
  'command-missing': { message: 'the {event} hook runs {word}, which does not exist ({path}): the agent sees a failing hook, not a gate', fix: 'run `dsctl hooks install --{agent}` (the hooks then run the launcher ' + LAUNCHER_PATH + ')' },
  'command-not-executable': { message: 'the {event} hook runs {path}, which is not executable', fix: 'run `chmod +x {path}`, or `dsctl hooks install --{agent}`' },
  'command-not-on-path': { message: 'the {event} hook runs `{word}`, which is not on PATH here', fix: 'run `dsctl hooks install --{agent}` (the hooks then run the launcher ' + LAUNCHER_PATH + ')' },
  'command-network': { message: 'the {event} hook runs `{word}`, which can download and run whatever package owns the name', fix: 'run `dsctl hooks install --{agent}` (the hooks then run the launcher ' + LAUNCHER_PATH + ', which never reaches the network)' },
  'command-unresolved': { message: 'the {event} hook runs {word}: {reason}, so doctor cannot tell whether it exists', fix: 'use a path from the project root, as `dsctl hooks install --{agent}` writes', severity: 'warn' },
  'not-launcher': { message: 'the {event} hook runs {path}, not the project\'s launcher {launcher}: a clone without it fails differently', fix: 'run `dsctl hooks install --{agent}`', severity: 'warn' },
  'matcher-uncovered': { message: 'the PreToolUse matcher {matcher} does not cover {tools}: those calls never reach the gates', fix: 'set that matcher to ".*" (every tool; the hook decides what writes), or run `dsctl hooks install --{agent}`' },
  'matcher-invalid': { message: 'the PreToolUse matcher {matcher} is not a valid regular expression: {error}', fix: 'set that matcher to ".*", or run `dsctl hooks install --{agent}`' },
};

type Report = ReturnType<typeof reporter>;

/** The settings file, parsed; undefined when it does not exist. */
export function readSettings(ctx: DoctorContext, file: string): { doc: JsonDocument } | { error: DoctorFindingData } | undefined {
  const abs = join(ctx.root, file);
  if (!existsSync(abs)) return undefined;
  try {
    return { doc: parseJsonDocument(readFileSync(abs, 'utf8'), file) };
  } catch (error) {
    if (!isUserError(error)) throw error;
    return { error: { error: error.message.replace(/^invalid JSON: /, ''), line: error.location?.line ?? 1, column: error.location?.column ?? 1 } };
  }
}

export interface DoctorFindingData {
  readonly error: string;
  readonly line: number;
  readonly column: number;
}

/** Why an agent's check has nothing to look at: its settings file is not there. */
/** The doctor check of an agent whose hook settings are all there is to check (Codex, Cursor). */
export function agentHooksCheck(id: string, agent: AgentHooks, description: string): DoctorCheck {
  const check: DoctorCheck = {
    id,
    meta: { docs: { description }, messages: AGENT_HOOK_MESSAGES },
    skip: notInstalled(agent),
    run: (ctx) => checkAgentHooks(ctx, agent, reporter(check)).findings,
  };
  return check;
}

export function notInstalled(agent: AgentHooks): (ctx: DoctorContext) => string | undefined {
  return (ctx) => (existsSync(join(ctx.root, agent.file)) ? undefined : `no ${agent.file}: ${agent.name} hooks are not installed (\`dsctl hooks install --${agent.id}\`)`);
}

/** Every finding about one agent's hook settings (the file exists). */
export function checkAgentHooks(ctx: DoctorContext, spec: AgentHooks, report: Report): { findings: DoctorFinding[]; doc?: JsonDocument } {
  const { id: agent, file } = spec;
  const grouped = spec.layout === 'grouped';
  const read = readSettings(ctx, file);
  if (read === undefined) return { findings: [] };
  if ('error' in read) return { findings: [report('invalid-json', { file, agent, ...read.error }, { file, line: read.error.line, column: read.error.column })] };
  const { doc } = read;
  const at = (pointer: string) => ({ file, ...doc.locate(pointer) });
  const settings = doc.value;
  if (!isObject(settings)) return { findings: [report('not-an-object', { file, agent, what: 'the file' }, at(''))], doc };
  const hooks = settings.hooks ?? {};
  if (!isObject(hooks)) return { findings: [report('not-an-object', { file, agent, what: '"hooks"' }, at('/hooks'))], doc };

  const findings: DoctorFinding[] = [];
  for (const [dsctl, { on: event, blocking }] of Object.entries(spec.events)) {
    const mustCover = grouped && blocking ? toolsThatWrite(spec) : undefined;
    const needle = ` hook ${agent} ${dsctl}`;
    const list = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    const found: { command: string; pointer: string; matcher: unknown; matcherPointer: string }[] = [];
    list.forEach((item, i) => {
      if (!isObject(item)) return;
      if (grouped) {
        const inner = Array.isArray(item.hooks) ? item.hooks : [];
        inner.forEach((hook, j) => {
          if (isObject(hook) && typeof hook.command === 'string' && isDsctlCommand(hook.command, needle)) {
            found.push({ command: hook.command, pointer: `/hooks/${event}/${i}/hooks/${j}/command`, matcher: item.matcher, matcherPointer: `/hooks/${event}/${i}${item.matcher === undefined ? '' : '/matcher'}` });
          }
        });
      } else if (typeof item.command === 'string' && isDsctlCommand(item.command, needle)) {
        found.push({ command: item.command, pointer: `/hooks/${event}/${i}/command`, matcher: undefined, matcherPointer: '' });
      }
    });
    if (found.length === 0) {
      const why = blocking ? 'the gates never see these tool calls' : dsctl === 'stop' ? 'a session can end with lint errors in what it wrote' : 'writes get no lint feedback';
      findings.push(report('hook-missing', { event, agent, why }, at(list.length ? `/hooks/${event}` : '/hooks')));
      continue;
    }
    for (const hook of found) {
      findings.push(...programFindings(commandProgram(hook.command, { root: ctx.root, vars: spec.vars(ctx.root), env: ctx.env }), event, agent, report, at(hook.pointer)));
      if (mustCover === undefined) continue;
      const matcher = typeof hook.matcher === 'string' ? hook.matcher : undefined;
      const coverage = uncoveredTools(matcher, mustCover);
      const place = at(hook.matcherPointer);
      if ('error' in coverage) findings.push(report('matcher-invalid', { matcher: JSON.stringify(matcher), error: coverage.error, agent }, place));
      else if (coverage.uncovered.length) findings.push(report('matcher-uncovered', { matcher: JSON.stringify(matcher), tools: coverage.uncovered.join(', '), agent }, place));
    }
  }
  return { findings, doc };
}

/** What is wrong with the program an integration runs, if anything. */
export function programFindings(program: CommandProgram, event: string, agent: string, report: Report, place: { file?: string; line?: number; column?: number }): DoctorFinding[] {
  switch (program.kind) {
    case 'found':
      return program.launcher ? [] : [report('not-launcher', { event, agent, path: program.path, launcher: LAUNCHER_PATH }, place)];
    case 'network':
      return [report('command-network', { event, agent, word: program.word }, place)];
    case 'missing':
      return [report('command-missing', { event, agent, word: program.word, path: program.path }, place)];
    case 'not-executable':
      return [report('command-not-executable', { event, agent, path: program.path }, place)];
    case 'not-on-path':
      return [report('command-not-on-path', { event, agent, word: program.word }, place)];
    case 'unresolved':
      return [report('command-unresolved', { event, agent, word: program.word || '(nothing)', reason: program.reason }, place)];
  }
}

/** dsctl's own hook, whatever runs dsctl: the command ends with ` hook <agent> <event>`. */
function isDsctlCommand(command: string, needle: string): boolean {
  return command.trimEnd().endsWith(needle);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
