import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonDocument } from '../diagnostics/json-source.js';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { AGENT_HOOKS, type AgentHooks, type AgentId } from '../project/agent-hooks.js';
import { preCommitHook } from '../project/pre-commit-hook.js';
import type { ClaudeSandboxRules } from '../sandbox/claude-settings.js';

export type HookTarget = AgentId | 'git';

export interface InstallResult {
  readonly target: HookTarget;
  readonly file: string;
  /** Entries added or brought up to date; zero when everything was already there. */
  readonly added: number;
  /** Claude Code: its own OS sandbox turned on, with these write denials (paths and permission rules). */
  readonly sandbox?: { readonly denyWrite: number; readonly deny: number; readonly notExpressible: readonly string[] };
  /** What still keeps the hook from running here, for a person to do. */
  readonly warning?: string;
}

interface Entry {
  readonly event: string;
  readonly matcher?: string;
  readonly command: string;
}

/** What the agent runs, by its own event names (src/project/agent-hooks.ts). `dsctl` is the command prefix (e.g. a path to the bin). */
function entries(agent: AgentHooks, dsctl: string): Entry[] {
  return Object.entries(agent.events).map(([event, { on, matcher }]) => ({ event: on, ...(matcher === undefined ? {} : { matcher }), command: `${dsctl} hook ${agent.id} ${event}` }));
}

// A hook already installed is recognised by its event, whatever path or wrapper runs dsctl.
const isOurs = (command: unknown, entry: Entry) => typeof command === 'string' && command.endsWith(entry.command.slice(entry.command.indexOf(' hook ')));

/**
 * Merges dsctl's hook entries into the agent's settings file, keeping every entry and key the user
 * already has. A settings file that is not valid JSON is an error, and is left as it was.
 */
export function installAgentHooks(root: string, target: AgentId, dsctl: string, claudeSandbox?: ClaudeSandboxRules): InstallResult {
  const agent: AgentHooks = AGENT_HOOKS[target];
  const { file } = agent;
  const grouped = agent.layout === 'grouped';
  const abs = join(root, file);
  const text = existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
  const settings = (text === undefined ? {} : parseJsonDocument(text, file).value) as Record<string, unknown>;
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw new UserError('hooks/settings-invalid', `${file} must be a JSON object`, { location: { file } });
  }
  if (agent.fileVersion !== undefined && settings.version === undefined) settings.version = agent.fileVersion;
  const hooks = (settings.hooks ?? {}) as Record<string, unknown[]>;
  if (typeof hooks !== 'object' || Array.isArray(hooks)) throw new UserError('hooks/settings-invalid', `${file}: "hooks" must be an object`, { location: { file } });
  let added = 0;
  for (const entry of entries(agent, dsctl)) {
    const list = Array.isArray(hooks[entry.event]) ? (hooks[entry.event] as Record<string, unknown>[]) : [];
    const group = grouped ? list.find((g) => Array.isArray(g.hooks) && (g.hooks as Record<string, unknown>[]).some((h) => isOurs(h.command, entry))) : undefined;
    const present = grouped ? group !== undefined : list.some((h) => isOurs(h.command, entry));
    // An older install matched fewer tools, or gave the hook less time: bring it up to date.
    if (group !== undefined && entry.matcher !== undefined && group.matcher !== entry.matcher) {
      group.matcher = entry.matcher;
      added++;
    }
    for (const hook of (group?.hooks ?? []) as Record<string, unknown>[]) {
      if (isOurs(hook.command, entry) && agent.timeout !== undefined && hook.timeout !== agent.timeout) {
        hook.timeout = agent.timeout;
        added++;
      }
    }
    if (!present) {
      list.push(grouped ? { ...(entry.matcher ? { matcher: entry.matcher } : {}), hooks: [{ type: 'command', command: entry.command, ...(agent.timeout === undefined ? {} : { timeout: agent.timeout }) }] } : { command: entry.command });
      added++;
    }
    hooks[entry.event] = list;
  }
  settings.hooks = hooks;
  const sandbox = target === 'claude' && claudeSandbox ? mergeClaudeSandbox(settings, claudeSandbox, file) : undefined;
  if (sandbox) added += sandbox.changed;
  if (added > 0) writeFileAtomic(abs, `${JSON.stringify(settings, null, 2)}\n`);
  return { target, file, added, ...(sandbox ? { sandbox: { denyWrite: claudeSandbox!.denyWrite.length, deny: claudeSandbox!.deny.length, notExpressible: claudeSandbox!.notExpressible } } : {}) };
}

/**
 * Turns on Claude Code's own sandbox for every Bash command, with no way around it (no unsandboxed
 * fallback, and it fails rather than runs without one), and adds dsctl's write denials to what the
 * user already denies. Keys dsctl does not own are kept.
 */
function mergeClaudeSandbox(settings: Record<string, unknown>, rules: ClaudeSandboxRules, file: string): { changed: number } {
  const object = (value: unknown, key: string): Record<string, unknown> => {
    if (value === undefined) return {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UserError('hooks/settings-invalid', `${file}: "${key}" must be an object`, { location: { file } });
    return value as Record<string, unknown>;
  };
  const union = (value: unknown, add: readonly string[], key: string): { list: unknown[]; added: number } => {
    if (value !== undefined && !Array.isArray(value)) throw new UserError('hooks/settings-invalid', `${file}: "${key}" must be an array`, { location: { file } });
    const list = [...((value as unknown[] | undefined) ?? [])];
    const before = list.length;
    for (const item of add) if (!list.includes(item)) list.push(item);
    return { list, added: list.length - before };
  };
  let changed = 0;
  const sandbox = object(settings.sandbox, 'sandbox');
  for (const [key, want] of [['enabled', true], ['autoAllowBashIfSandboxed', true], ['allowUnsandboxedCommands', false], ['failIfUnavailable', true]] as const) {
    if (sandbox[key] !== want) changed++;
    sandbox[key] = want;
  }
  const filesystem = object(sandbox.filesystem, 'sandbox.filesystem');
  const denyWrite = union(filesystem.denyWrite, rules.denyWrite, 'sandbox.filesystem.denyWrite');
  filesystem.denyWrite = denyWrite.list;
  sandbox.filesystem = filesystem;
  settings.sandbox = sandbox;
  const permissions = object(settings.permissions, 'permissions');
  const deny = union(permissions.deny, rules.deny, 'permissions.deny');
  permissions.deny = deny.list;
  settings.permissions = permissions;
  return { changed: changed + denyWrite.added + deny.added };
}

const GIT_MARK = '# dsctl: hard gates';

/**
 * Adds `dsctl gate check --staged` to the pre-commit script git runs (husky's, in a repository that
 * keeps its hooks with husky): created, or appended to the user's own, once.
 */
export function installGitHook(root: string, dsctl: string): InstallResult {
  const hook = preCommitHook(root);
  if (hook === undefined) throw new UserError('hooks/not-a-repo', `${root} is not inside a git repository: there is no pre-commit hook to install`);
  const { file } = hook;
  const warning = hook.via === 'husky-inactive' ? `git runs its hooks from ${hook.hooksDir} in this clone, not husky's: run \`npm install\` (husky's \`prepare\` script sets core.hooksPath)` : undefined;
  const result = { target: 'git', file, ...(warning === undefined ? {} : { warning }) } as const;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current?.includes(GIT_MARK)) return { ...result, added: 0 };
  const block = `${GIT_MARK}\n${dsctl} gate check --staged || exit 1\n`;
  writeFileAtomic(file, current === undefined ? `#!/bin/sh\n${block}` : `${current.replace(/\n*$/, '\n')}\n${block}`);
  chmodSync(file, 0o755);
  return { ...result, added: 1 };
}
