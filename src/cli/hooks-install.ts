import { installAgentHooks, installGitHook, type InstallResult } from '../hooks/install.js';
import { installLauncher, LAUNCHER_FROM_ANYWHERE, LAUNCHER_PATH } from '../project/launcher.js';
import { loadPolicy } from '../project/policy.js';
import { claudeSandboxMissing, claudeSandboxRules } from '../sandbox/claude-settings.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface HooksInstallOptions {
  readonly claude?: boolean;
  readonly cursor?: boolean;
  readonly codex?: boolean;
  readonly git?: boolean;
  readonly command?: string;
  readonly json?: boolean;
}

/** `dsctl hooks install`: merge dsctl's hooks into each agent's settings (all when none is named). */
export async function runHooksInstall(ctx: CommandContext, options: HooksInstallOptions): Promise<number> {
  const loaded = await loadPolicy({ cwd: ctx.io.cwd, configPath: ctx.configPath });
  const { root } = loaded;
  const all = !options.claude && !options.cursor && !options.codex && !options.git;
  const results: InstallResult[] = [];
  // Every integration calls the launcher committed in the project: never the network, closed when dsctl is missing.
  const launcher = installLauncher(root);
  const agentCommand = options.command ?? LAUNCHER_FROM_ANYWHERE;
  const gitCommand = options.command ?? LAUNCHER_PATH;
  if (all || options.claude) results.push(installAgentHooks(root, 'claude', options.command ?? `"$CLAUDE_PROJECT_DIR"/${LAUNCHER_PATH}`, claudeSandboxRules(loaded)));
  if (all || options.cursor) results.push(installAgentHooks(root, 'cursor', agentCommand));
  if (all || options.codex) results.push(installAgentHooks(root, 'codex', agentCommand));
  // git runs its hooks from the top of the work tree.
  if (options.git) results.push(installGitHook(root, gitCommand));
  if (options.json) {
    printEnvelope(ctx.io, 'hooks-install', true, { results, launcher });
    return 0;
  }
  const c = ctx.io.err;
  for (const file of launcher.written) ctx.io.stderr(`  ${c.green('+')} ${file} ${c.dim('(the launcher every integration calls; commit it)')}\n`);
  const names = { claude: 'Claude Code', cursor: 'Cursor', codex: 'Codex', git: 'the git pre-commit hook' } as const;
  ctx.io.stderr(`${c.green('✔')} dsctl hooks for ${results.map((r) => names[r.target]).join(', ')}\n`);
  for (const r of results) {
    ctx.io.stderr(`  ${r.added ? c.green('+') : c.dim('=')} ${r.file} ${c.dim(r.added ? `${r.added} setting(s) added or updated` : 'already installed')}\n`);
    if (r.warning) ctx.io.stderr(`    ${c.yellow('!')} ${r.warning}\n`);
    if (r.sandbox) {
      ctx.io.stderr(`    ${c.dim(`Claude Code's OS sandbox on for Bash (no unsandboxed fallback): ${r.sandbox.denyWrite} read-only path(s), ${r.sandbox.deny} Edit/Write deny rule(s)`)}\n`);
      const missing = claudeSandboxMissing();
      if (missing) ctx.io.stderr(`    ${c.yellow('!')} ${missing}\n`);
      if (r.sandbox.notExpressible.length) ctx.io.stderr(`    ${c.yellow('!')} ${c.dim(`not expressible there, left to the hook and the guard: ${r.sandbox.notExpressible.join(', ')}`)}\n`);
    }
  }
  // With no flags every agent is installed, but not git's hook: it changes what every person's commit runs.
  if (all) ctx.io.stderr(`  ${c.dim('the git pre-commit hook (dsctl gate check --staged) is separate: dsctl hooks install --git')}\n`);
  const { printDoctorSummary } = await import('./doctor.js');
  await printDoctorSummary(ctx.io, root);
  return 0;
}
