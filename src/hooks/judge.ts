/**
 * One tool call judged against every project it concerns (see discoverHookProjects): the strictest
 * answer of all their policies. Outside any dsctl project everything is allowed; a project whose
 * config went missing denies writes until a person restores it.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { createToolGuard, strictest, type ToolCall, type ToolDecision } from '../governance/tool-guard.js';
import { analyzeShell } from '../governance/shell-writes.js';
import { pathCandidates, stringsIn } from '../governance/tool-input-paths.js';
import { CONFIG_FILE, discoverHookProjects } from '../project/config-discovery.js';
import { loadPolicy } from '../project/policy.js';

export interface Judgement {
  readonly decision: ToolDecision;
  /** Lines for stderr: what was ignored and why. */
  readonly notes: readonly string[];
}

export type HookEnv = Readonly<Record<string, string | undefined>>;

export async function judgeToolCall(given: ToolCall, cwd: string, env: HookEnv): Promise<Judgement> {
  if (given.kind === 'other') return { decision: { decision: 'allow' }, notes: [] };
  // A payload dsctl cannot read cannot say which project it is in either.
  if (given.kind === 'invalid') return { decision: { decision: 'deny', gate: 'hook-input', path: '', reason: given.reason, instead: 'Send the tool call again with the fields its tool expects.' }, notes: [] };
  // A command is analysed once, from where it starts, for every project it concerns.
  const call: ToolCall = given.kind === 'shell' ? { ...given, analysis: given.analysis ?? analyzeShell(given.command, { cwd }) } : given;
  const starts = [cwd];
  if ((env.CLAUDE_PROJECT_DIR ?? '') !== '') starts.push(env.CLAUDE_PROJECT_DIR as string);
  // A write is judged by the project it lands in, wherever the agent says it stands.
  for (const target of targetsOf(call, cwd)) starts.push(dirname(target));
  const found = discoverHookProjects(starts);
  const notes = found.ignored.map((path) => `dsctl hook: ignoring ${path}: a ${CONFIG_FILE} inside a project does not replace the project's root one`);
  const [missing] = found.missing;
  if (missing !== undefined && mayWrite(call, cwd)) {
    return {
      decision: {
        decision: 'deny',
        gate: 'config-missing',
        path: missing,
        reason: `${CONFIG_FILE} is missing in ${missing}, which is a dsctl project (it has .dsctl/ or design/policy.json), so its gates cannot be read`,
        instead: 'Writes are denied until a person restores the config (git checkout dsctl.config.json).',
      },
      notes,
    };
  }
  const decisions: ToolDecision[] = [];
  for (const config of found.configs) {
    const guard = createToolGuard(await loadPolicy({ cwd: dirname(config), configPath: config }));
    decisions.push(await guard.decide(call, cwd));
  }
  return { decision: strictest(decisions), notes };
}

/** The absolute places a call writes that are known before it runs. */
function targetsOf(call: ToolCall, cwd: string): string[] {
  switch (call.kind) {
    case 'write':
      return [resolve(cwd, call.path)];
    case 'writes':
      return call.paths.map((p) => resolve(cwd, p));
    case 'shell':
      return (call.analysis ?? analyzeShell(call.command, { cwd }))
        .writes.map((w) => w.path)
        .filter((p) => p !== '*' && !p.startsWith('?/') && !p.startsWith('~'))
        .map((p) => resolve(cwd, p));
    case 'scan':
      return pathCandidates(stringsIn(call.input)).filter((p) => isAbsolute(p));
    default:
      return [];
  }
}

/** Whether the call may write anything at all (a project without its config allows only what cannot). */
function mayWrite(call: ToolCall, cwd: string): boolean {
  if (call.kind !== 'shell') return true;
  const analysis = call.analysis ?? analyzeShell(call.command, { cwd });
  return analysis.error !== undefined || analysis.writes.some((w) => !w.path.startsWith('/tmp/')) || analysis.undecidable.length > 0 || analysis.inlineCode.length > 0 || analysis.forbidden.length > 0;
}
