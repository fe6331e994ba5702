import { AGENT_HOOKS } from '../../project/agent-hooks.js';
import { claudeSandboxRules } from '../../sandbox/claude-settings.js';
import { AGENT_HOOK_MESSAGES, checkAgentHooks, isObject, notInstalled } from '../agent-hooks.js';
import { reporter, type DoctorCheck, type DoctorFinding } from '../check.js';

const AGENT = AGENT_HOOKS.claude;

export const check: DoctorCheck = {
  id: 'claude-code',
  meta: {
    docs: { description: "Claude Code's .claude/settings.json: dsctl's hooks run a command that exists, PreToolUse sees every write tool, its OS sandbox is on with the gates read-only" },
    messages: {
      ...AGENT_HOOK_MESSAGES,
      'sandbox-off': { message: "Claude Code's OS sandbox is off (sandbox.enabled is not true): a Bash command can write a gated file the hook cannot see", fix: 'run `dsctl hooks install --claude`' },
      'sandbox-escape': { message: 'sandbox.allowUnsandboxedCommands is not false: Claude Code may rerun a refused command outside its sandbox', fix: 'set it to false, or run `dsctl hooks install --claude`' },
      'sandbox-no-deny': { message: 'sandbox.filesystem.denyWrite is empty: the sandbox leaves the gated paths writable', fix: 'run `dsctl hooks install --claude`' },
      'sandbox-deny-missing': { message: 'sandbox.filesystem.denyWrite misses {paths}, which the hard gates protect', fix: 'run `dsctl hooks install --claude`' },
    },
  },
  skip: notInstalled(AGENT),
  run(ctx) {
    const report = reporter(check);
    const { findings, doc } = checkAgentHooks(ctx, AGENT, report);
    if (doc === undefined || !isObject(doc.value)) return findings;
    const at = (pointer: string) => ({ file: AGENT.file, ...doc.locate(pointer) });
    const sandbox = isObject(doc.value.sandbox) ? doc.value.sandbox : {};
    const own: DoctorFinding[] = [];
    if (sandbox.enabled !== true) own.push(report('sandbox-off', {}, at('/sandbox/enabled')));
    if (sandbox.allowUnsandboxedCommands !== false) own.push(report('sandbox-escape', {}, at('/sandbox/allowUnsandboxedCommands')));
    const filesystem = isObject(sandbox.filesystem) ? sandbox.filesystem : {};
    const denyWrite = Array.isArray(filesystem.denyWrite) ? filesystem.denyWrite.filter((p): p is string => typeof p === 'string') : [];
    if (denyWrite.length === 0) own.push(report('sandbox-no-deny', {}, at('/sandbox/filesystem/denyWrite')));
    else if (ctx.loaded) {
      const missing = claudeSandboxRules(ctx.loaded).denyWrite.filter((p) => !denyWrite.includes(p));
      if (missing.length) own.push(report('sandbox-deny-missing', { paths: missing.join(', ') }, at('/sandbox/filesystem/denyWrite')));
    }
    return [...findings, ...own];
  },
};
