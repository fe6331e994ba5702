import { join } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { runStamp } from '../governance/run-id.js';
import { loadPolicy } from '../project/policy.js';
import { packageRoot } from '../project/package-root.js';
import { runSandboxed } from '../sandbox/run.js';
import { openSandbox, SANDBOX_ENV } from '../sandbox/sandbox.js';
import { processIo, type CliIo } from './io.js';
import { printUserError } from './output.js';

export interface SandboxArgs {
  readonly allowUnsandboxed: boolean;
  readonly configPath: string | undefined;
  readonly help: boolean;
  readonly command: readonly string[];
}

export const SANDBOX_USAGE = `Usage: dsctl sandbox [--allow-unsandboxed] [--config <file>] [--] <command…>

Runs any command (an agent CLI: claude, codex, cursor-agent, aider; a script) with every hard-gated
path, the policy and config, .git/hooks, .git/config and the agents' settings read-only at the OS
level (bubblewrap on Linux, sandbox-exec on macOS). The rest of the project stays writable; the
command's exit code is passed through. What no mount can cover (a gated file that does not exist yet
at the project's top, a part of package.json) is checked after the command and put back.

  --allow-unsandboxed  run without an OS sandbox when none is installed (a person's choice,
                       recorded in the audit log); the workspace guard still undoes gated changes
  --config <file>      the dsctl.config.json to use

The command runs in a PID namespace of its own: whatever it leaves running (a background job) dies
with it. On a terminal it keeps dsctl's session (job control for interactive agents); otherwise it
gets a session of its own. An agent's own OS sandbox cannot start inside this one (bubblewrap does not
nest): turn it off for the session, e.g. dsctl sandbox -- claude --settings '{"sandbox":{"enabled":false}}'
(dsctl run does this for its Claude Code stages); this one covers every process of the session.
`;

/** Flags come before the command (or before `--`); everything after belongs to the command. */
export function parseSandboxArgs(argv: readonly string[]): SandboxArgs {
  let allowUnsandboxed = false;
  let configPath: string | undefined;
  let help = false;
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      i++;
      break;
    }
    if (arg === '--allow-unsandboxed') allowUnsandboxed = true;
    else if (arg === '-h' || arg === '--help') help = true;
    else if (arg === '--config') {
      configPath = argv[++i];
      if (configPath === undefined) throw new UserError('usage/sandbox', '--config needs a file');
    } else if (arg.startsWith('--config=')) configPath = arg.slice('--config='.length);
    else if (arg.startsWith('-')) throw new UserError('usage/sandbox', `unknown option ${arg} for dsctl sandbox (options come before the command; put \`--\` before a command that starts with -)`);
    else break;
  }
  return { allowUnsandboxed, configPath, help, command: argv.slice(i) };
}

/** `dsctl sandbox [--] <command…>`. */
export async function runSandboxCommand(io: CliIo, argv: readonly string[], globalConfig?: string): Promise<number> {
  const args = parseSandboxArgs(argv);
  if (args.help) {
    io.stdout(SANDBOX_USAGE);
    return 0;
  }
  if (args.command.length === 0) throw new UserError('usage/sandbox', 'dsctl sandbox needs a command to run, e.g. `dsctl sandbox -- claude`');
  const loaded = await loadPolicy({ cwd: io.cwd, configPath: args.configPath ?? globalConfig });
  let sandbox;
  try {
    sandbox = openSandbox(loaded, { dsctlPackage: packageRoot() });
  } catch (error) {
    if (!(error instanceof UserError) || error.code !== 'sandbox/unavailable' || !args.allowUnsandboxed) throw error;
    if (io.env[SANDBOX_ENV] === '1' || io.env.DSCTL_RUN_ID !== undefined) {
      throw new UserError('sandbox/refused', '--allow-unsandboxed is a person\'s choice; it is refused inside a sandbox or a dsctl run');
    }
    io.stderr(`${io.err.yellow('!')} dsctl sandbox: no OS sandbox here; running unsandboxed as you asked (recorded in ${loaded.policy.runLog})\n`);
  }
  const started = new Date();
  const evidenceDir = join(loaded.root, '.dsctl', 'sandbox', runStamp(started));
  const result = await runSandboxed(loaded, sandbox, args.command, { cwd: io.cwd, env: io.env, evidenceDir });
  if (!result.started) {
    io.stderr(`${io.err.red('✖')} dsctl sandbox: bubblewrap could not set up the sandbox (its message is above); nothing ran. Where user namespaces are restricted (Ubuntu 24.04's AppArmor, some containers), allow them for bwrap, or run as a user that may create them.\n`);
    return 2;
  }
  const reverted = result.changes.filter((c) => c.outcome === 'reverted');
  for (const c of reverted) {
    io.stderr(`${io.err.red('✖')} dsctl sandbox: ${c.path} was ${c.change} (hard gate "${c.gate}"); put back${c.kept ? `, the command's version kept at ${c.kept}` : ''}\n`);
  }
  if (sandbox === undefined) {
    const { recordUnsandboxed } = await import('../sandbox/unsandboxed-record.js');
    await recordUnsandboxed(loaded, args.command, { exitCode: result.exitCode, reverted: reverted.map((c) => c.path), startedAt: started, ci: io.env.CI === 'true' });
  }
  // A gated change that had to be undone fails the command, even when the command itself succeeded.
  return result.exitCode === 0 && reverted.length > 0 ? 1 : result.exitCode;
}

/** The bin's fast path (src/cli/main.ts): no command-line parser to load before an agent starts. */
export async function runSandboxFastPath(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  try {
    return await runSandboxCommand(io, argv);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    printUserError(io, error);
    return 2;
  }
}
