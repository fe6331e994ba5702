import { Command, CommanderError, Option } from 'commander';
import { FORMAT_IDS } from '../diagnostics/formatters/index.js';
import { isUserError, UserError } from '../diagnostics/user-error.js';
import type { CommandContext } from './context.js';
import type { CliIo } from './io.js';
import { printErrorEnvelope, printUserError } from './output.js';
import { VERSION } from './version.js';

/**
 * Runs the CLI and returns its exit code: 0 clean, 1 findings or a failed check, 2 bad usage or input.
 * Never exits the process and never lets a user error escape as a stack trace.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  let exitCode = 0;
  const program = new Command('dsctl')
    .description('The control plane between AI coding agents and a design system.')
    .version(VERSION, '-v, --version', 'print the version')
    .option('--config <file>', 'path to dsctl.config.json (default: found by walking up from the working directory)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(io.err.red(text)),
    });

  const context = (): CommandContext => ({ io, configPath: program.opts<{ config?: string }>().config, commands: commandTable(program) });
  const jsonOption = () => new Option('--json', 'print one JSON envelope on stdout');
  const formatOption = () => new Option('-f, --format <format>', `output format: ${FORMAT_IDS.join(', ')} (default: stylish; --json is json)`);

  program
    .command('init')
    .description('write the starter design system (tokens, rules, components, policy, docs, examples); in an existing repository, adopt it: a plan, then merges that keep every user file')
    .argument('[dir]', 'target folder', '.')
    .option('--force', 'overwrite files that already exist; in an existing repository only dsctl\'s own (config, design/, launcher, its CI workflow)')
    .option('--dry-run', 'print the plan (files created; in an existing repository, diffs of files changed) and write nothing')
    .option('-y, --yes', 'in an existing repository: apply the plan without asking (needed without a terminal or on a dirty work tree)')
    .option('--examples', 'in an existing repository: also write the starter\'s example pages')
    .addOption(
      new Option('--components <library>', 'the component library written with the starter: react (src/components/, with typecheck, build, test and a11y:test scripts; the default for an empty folder) or none. An existing repository keeps its own components: the component scan writes their contracts')
        .choices(['react', 'none']),
    )
    .addOption(jsonOption())
    .action(async (dir: string, options: import('./init.js').InitOptions) => {
      const { runInit } = await import('./init.js');
      exitCode = await runInit(context(), dir, options);
    });

  program
    .command('check')
    .description('validate every contract (JSON Schemas, DTCG tokens, rules, components) and their cross-references')
    .addOption(formatOption())
    .addOption(jsonOption())
    .action(async (options: import('./check.js').CheckOptions) => {
      const { runCheck } = await import('./check.js');
      exitCode = await runCheck(context(), options);
    });

  program
    .command('lint')
    .description('check UI files (HTML, JSX/TSX, Vue, CSS) against the design system\'s rules')
    .argument('[paths...]', 'files, folders or globs (default: lint.include of the config)')
    .addOption(formatOption())
    .addOption(jsonOption())
    .option('--baseline [file]', 'fail only on findings not in this baseline (default: lint.baseline)')
    .option('--baseline-write [file]', 'write the current findings to the baseline; with paths, --changed or --shard only those files\' entries are replaced (a human decision: the file is hard-gated)')
    .option('--changed', 'lint only files changed in git (uncommitted, or since --base)')
    .option('--base <ref>', 'with --changed: compare against the merge base with this ref')
    .option('--stdin', 'lint standard input')
    .option('--stdin-filename <name>', 'with --stdin: the file name (decides html, tsx, vue, …)')
    .option('--shard <k/n>', 'lint the k-th of n slices of the files (CI matrices)')
    .option('--fix', 'rewrite the findings whose replacement is one certain class (atomically), then report the rest')
    .option('--fix-dry-run', 'print the fixes --fix would make as a unified diff; write nothing')
    .option('--cache', 'reuse results of files whose content, contracts, config, policy and dsctl version are unchanged')
    .option('--cache-location <dir>', 'with --cache: where results are kept (default: .dsctl/cache/lint/)')
    .action(async (paths: string[], options: import('./lint.js').LintOptions) => {
      const { runLint } = await import('./lint.js');
      exitCode = await runLint(context(), paths, options);
    });

  program
    .command('build')
    .description('write the generated views (DESIGN.md front matter, CSS, Tailwind theme, components.json, llms.txt, playbook tables)')
    .option('--check', 'write nothing; exit 1 listing stale views')
    .addOption(jsonOption())
    .action(async (options: { check?: boolean; json?: boolean }) => {
      const { runBuild } = await import('./build.js');
      exitCode = runBuild(context(), options);
    });

  program
    .command('drift')
    .description('every drift check: stale or hand-edited views, broken markers, playbook self-drift')
    .option('--heal', 'repair what regeneration can (W2 drift-repair): drift → build → drift, escalate the rest')
    .addOption(formatOption())
    .addOption(jsonOption())
    .action(async (options: { json?: boolean; format?: string; heal?: boolean }) => {
      if (options.heal) {
        if (options.format !== undefined) throw new UserError('usage/heal-format', '--heal runs W2 and reports a run, not findings: use --json for its machine-readable record, not --format');
        const { runHeal } = await import('./run-workflow.js');
        exitCode = await runHeal(context(), options);
        return;
      }
      const { runDrift } = await import('./drift.js');
      exitCode = runDrift(context(), options);
    });

  program
    .command('workflows')
    .description('the workflow registry: W1…W5, their level, limits, human gates and how to run them')
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { runWorkflows } = await import('./workflows.js');
      exitCode = runWorkflows(context(), options);
    });

  const run = program
    .command('run')
    .description('run a workflow under the loop runner: bounded attempts, guarded workspace, one audit record (see dsctl workflows)')
    .argument('<workflow>', 'workflow name or id: ui-self-repair (W1), drift-repair (W2), red-team (W4), release-readiness (W5)')
    .option('--target <file>', 'W1: the UI file the agent writes')
    .option('--prompt <text>', 'W1: what UI to write; W4: extra red-team instructions')
    .option('--prompt-file <file>', 'the prompt, from a file')
    .option('--agent <driver>', 'claude-code, command or scripted (default: agent.driver of the config)')
    .option('--script <file>', 'the scripted driver\'s script (JSON)')
    .option('--agent-command <template>', 'the command driver\'s shell template ({prompt_file}, {cwd})')
    .option('--trigger <trigger>', 'manual, ci or schedule (default: ci when CI=true, else manual)')
    .option('--allow-unsandboxed', 'run agent stages without the OS sandbox when none is installed (recorded in the run record)')
    .addOption(jsonOption())
    .action(async (workflow: string, options: import('./run-workflow.js').RunWorkflowOptions) => {
      const { runWorkflow } = await import('./run-workflow.js');
      exitCode = await runWorkflow(context(), workflow, options);
    });
  run
    .command('resume')
    .description('continue a run after a crash or Ctrl-C: finished stages are kept, protected files are checked first')
    .argument('<run-id>', 'the id printed when the run started (also under .dsctl/runs/)')
    .addOption(jsonOption())
    .action(async (runId: string, options: { json?: boolean }) => {
      const { runResume } = await import('./run-workflow.js');
      // `run` defines --json too, and commander gives it to the parent wherever it is written.
      exitCode = await runResume(context(), runId, { json: options.json === true || run.opts<{ json?: boolean }>().json === true });
    });

  program
    .command('mcp')
    .description('the MCP server: contracts and the checker for any agent (stdio; --http serves 127.0.0.1 only)')
    .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio')
    .action(async (options: { http?: string }) => {
      const { runMcp } = await import('./mcp.js');
      exitCode = await runMcp(context(), options);
    });

  const gate = program.command('gate').description('hard gates: which changes only a person may make');
  gate
    .command('check')
    .description('exit 1 when staged changes, a commit range or paths touch a hard gate or weaken tests')
    .argument('[paths...]', 'paths to check (instead of --staged or --range)')
    .option('--staged', 'check the staged changes (the git pre-commit hook)')
    .option('--range <A..B>', 'check the changes between two revisions (CI); A...B starts at their merge base, as git diff does')
    .option('--format <format>', 'stylish (default) or github (workflow-command annotations on stdout)')
    .option('--summary <file>', 'append a Markdown summary (gate, path, change, reason) to FILE, e.g. "$GITHUB_STEP_SUMMARY"')
    .addOption(jsonOption())
    .action(async (paths: string[], options: import('./gate.js').GateCheckOptions) => {
      const { runGateCheck } = await import('./gate.js');
      exitCode = await runGateCheck(context(), paths, options);
    });
  gate
    .command('approve')
    .description('a person approves the staged changes to hard-gated paths (a terminal is required; refused to agents, the sandbox and the runner)')
    .option('--staged', 'approve the staged tree (what the next commit records)')
    .action(async (options: import('./gate.js').GateApproveOptions) => {
      const { runGateApprove } = await import('./gate.js');
      exitCode = await runGateApprove(context(), options);
    });

  program
    .command('sandbox')
    .description('run a command (an agent CLI, a script) with the hard gates, policy, git hooks and agent settings read-only at the OS level')
    .argument('<command...>', 'the command and its arguments (after --)')
    .option('--allow-unsandboxed', 'run without an OS sandbox when none is installed (recorded in the audit log)')
    .helpOption(false)
    .allowUnknownOption()
    .action(async (command: string[], options: { allowUnsandboxed?: boolean }) => {
      const { runSandboxCommand } = await import('./sandbox.js');
      exitCode = await runSandboxCommand(io, [...(options.allowUnsandboxed ? ['--allow-unsandboxed'] : []), '--', ...command], program.opts<{ config?: string }>().config);
    });

  program
    .command('hook')
    .description('agent hook entry point: JSON on stdin (claude|codex: pre-tool-use|post-tool-use|stop; cursor: pre-tool-use|before-shell-execution|after-file-edit|stop)')
    .argument('<agent>', 'claude, cursor or codex')
    .argument('<event>', 'the hook event')
    .action(async (agent: string, event: string) => {
      const { runHook } = await import('./hook.js');
      exitCode = await runHook(context(), agent, event);
    });

  const hooks = program.command('hooks').description('agent and git hooks');
  hooks
    .command('install')
    .description("merge dsctl's hooks into .claude/settings.json, .cursor/hooks.json, .codex/hooks.json and the git pre-commit hook, keeping what is there")
    .option('--claude', 'Claude Code')
    .option('--cursor', 'Cursor')
    .option('--codex', 'Codex')
    .option('--git', 'the git pre-commit hook (dsctl gate check --staged)')
    .option('--command <cmd>', 'how the hooks run dsctl (default: the project-local bin)')
    .addOption(jsonOption())
    .action(async (options: import('./hooks-install.js').HooksInstallOptions) => {
      const { runHooksInstall } = await import('./hooks-install.js');
      exitCode = await runHooksInstall(context(), options);
    });

  const audit = program.command('audit').description('the hash-chained run log (policy.runLog)');
  audit
    .command('verify')
    .description('check every link of the run log; exit 1 naming the first broken line (a torn last line only warns)')
    .option('--anchor <hash>', 'a head hash kept from an earlier verify: it must still be in the chain (catches a cut tail)')
    .addOption(jsonOption())
    .action(async (options: import('./audit.js').AuditVerifyOptions) => {
      const { runAuditVerify } = await import('./audit.js');
      exitCode = runAuditVerify(context(), options);
    });
  audit
    .command('tail')
    .description('the last runs of the log, oldest first')
    .option('-n <count>', 'how many runs', '10')
    .option('--workflow <id>', 'only runs of this workflow')
    .addOption(jsonOption())
    .action(async (options: import('./audit.js').AuditTailOptions) => {
      const { runAuditTail } = await import('./audit.js');
      exitCode = runAuditTail(context(), options);
    });

  program
    .command('triage')
    .description("route a failed CI command by the policy's triage table: route, automation limit, evidence")
    .argument('<command...>', 'the failed command (quote it, or put it after --)')
    .option('--log <file>', "the failed command's log (- for standard input)")
    .addOption(jsonOption())
    .action(async (command: string[], options: import('./triage.js').TriageOptions) => {
      const { runTriage } = await import('./triage.js');
      exitCode = await runTriage(context(), command, options);
    });

  const learn = program.command('learn').description('quarantined loop learnings (proposals until a person promotes them)');
  learn
    .command('propose')
    .description('write a new proposal into the learnings folder (never overwrites)')
    .requiredOption('--title <title>', 'the learning, in a line')
    .option('--body <file>', 'Markdown body (- for standard input)')
    .addOption(jsonOption())
    .action(async (options: import('./learn.js').LearnProposeOptions) => {
      const { runLearnPropose } = await import('./learn.js');
      exitCode = await runLearnPropose(context(), options);
    });
  learn
    .command('list')
    .description('every learning with its status and title')
    .addOption(jsonOption())
    .action(async (options: import('./learn.js').LearnListOptions) => {
      const { runLearnList } = await import('./learn.js');
      exitCode = runLearnList(context(), options);
    });

  program
    .command('escalations')
    .description('what waits for a person: open escalations of runs and agent sessions (list, the default), one in full (show ID), close one (resolve ID --note TEXT)')
    .argument('[action]', 'list, show or resolve', 'list')
    .argument('[id]', 'the escalation (show, resolve)')
    .option('--all', 'list: resolved escalations too')
    .option('--note <text>', 'resolve: what was decided (recorded in the audit log with your git identity)')
    .addOption(jsonOption())
    .action(async (action: string, id: string | undefined, options: import('./escalations.js').EscalationsOptions) => {
      const { runEscalations } = await import('./escalations.js');
      exitCode = await runEscalations(context(), action, id, options);
    });

  const tokens = program.command('tokens').description('design tokens: import them from existing sources');
  tokens
    .command('import')
    .description('import tokens into DTCG 2025.10 (light/dark sets); an existing tokens file gets a proposal under .dsctl/proposals/ unless --apply')
    .argument('<sources...>', 'CSS, Tailwind v4 CSS, tailwind.config.*, Tokens Studio, Style Dictionary or Figma variables files')
    .option('--format <id>', 'read every source as: css-variables, figma-variables, style-dictionary, tailwind-v3-config, tailwind-v4-theme, tokens-studio (default: detected per file)')
    .option('--out <file>', 'the tokens file (default: contracts.tokens of the config, else design/contracts/tokens.json)')
    .option('--apply', 'overwrite an existing tokens file (a person\'s decision: it is a hard gate)')
    .option('--dry-run', 'write nothing; print what would change')
    .addOption(jsonOption())
    .action(async (sources: string[], options: import('./tokens.js').TokensImportOptions) => {
      const { runTokensImport } = await import('./tokens.js');
      exitCode = await runTokensImport(context(), sources, options);
    });

  program
    .command('doctor')
    .description('check every integration (launcher, agent hooks, MCP configs, git hook, CI, contracts, OS sandbox) and say how to fix each problem')
    .addOption(jsonOption())
    .action(async (options: import('./doctor.js').DoctorOptions) => {
      const { runDoctorCommand } = await import('./doctor.js');
      exitCode = await runDoctorCommand(context(), options);
    });

  const components = program.command('components').description('component contracts from the app\'s real components');
  components
    .command('scan')
    .description('draft a contract for each exported component (React, Vue): import path, props, variants, example; re-scans update drafts and report drift in contracts a person owns (exit 1)')
    .option('--dir <folder...>', 'component folders to scan, relative to the working directory (default: components/ui, src/components, components, app/components that exist)')
    .option('--dry-run', 'write nothing; report what would be written')
    .addOption(jsonOption())
    .action(async (options: import('./components.js').ComponentsScanOptions) => {
      const { runComponentsScan } = await import('./components.js');
      exitCode = runComponentsScan(context(), options);
    });

  const component = program.command('component').description('one component of the verified component loop (ADR-007)');
  component
    .command('risk')
    .description('interactive or display: whether the component gets the adversarial reviewer and a behavioural a11y test (exit 2 for an unknown name)')
    .argument('<name>', 'the component (its contract name or id)')
    .addOption(jsonOption())
    .action(async (name: string, options: import('./component.js').ComponentRiskOptions) => {
      const { runComponentRisk } = await import('./component.js');
      exitCode = runComponentRisk(context(), name, options);
    });

  component
    .command('sense')
    .description('write .dsctl/handoff/<Name>.snapshot.json from committed frozen memory only (contract, token governance and usage, deprecated tokens, design-tool variables, siblings); no live API')
    .argument('<name>', 'the component (a contract name, or a new PascalCase name: greenfield)')
    .addOption(jsonOption())
    .action(async (name: string, options: import('./component.js').ComponentSenseOptions) => {
      const { runComponentSense } = await import('./component.js');
      exitCode = await runComponentSense(context(), name, options);
    });
  component
    .command('add')
    .description('the verified component loop (W6): sense → scaffold → gate → review (by risk) → fix → visual review → PR; pauses at human checkpoints (dsctl run resume)')
    .argument('<name>', 'the component (its contract name, or a new PascalCase name)')
    .option('--review', 'always the full path: a second, read-only reviewer agent')
    .option('--no-review', 'always the standard path: the author reviews its own diff')
    .option('--eval', 'the evaluation arm: full path, no human checkpoints (visualReview: skipped-eval), 5 gate runs, never commits')
    .option('--agent <driver>', 'claude-code, command or scripted (default: agent.driver of the config)')
    .option('--script <file>', "the scripted driver's script (JSON)")
    .option('--agent-command <template>', "the command driver's shell template ({prompt_file}, {cwd})")
    .option('--trigger <trigger>', 'manual, ci or schedule (default: ci when CI=true, else manual)')
    .option('--allow-unsandboxed', 'run agent stages without the OS sandbox when none is installed (recorded in the run record)')
    .addOption(jsonOption())
    .action(async (name: string, options: import('./component.js').ComponentAddOptions) => {
      const { runComponentAdd } = await import('./component.js');
      exitCode = await runComponentAdd(context(), name, options);
    });

  const a11y = program.command('a11y').description('accessibility gates of the component loop');
  a11y
    .command('coverage')
    .description('every interactive component has its <Name>.a11y.test.tsx beside its source; policy a11yWaivers may only shrink (exit 1 on an error)')
    .option('--base <ref>', 'compare the waivers with the policy at the merge base with this ref: new waivers are errors')
    .addOption(formatOption())
    .addOption(jsonOption())
    .action(async (options: import('./a11y.js').A11yCoverageOptions) => {
      const { runA11yCoverage } = await import('./a11y.js');
      exitCode = runA11yCoverage(context(), options);
    });

  program
    .command('ledger')
    .description('fold the run records .dsctl/handoff/<Name>.run.json into design/run-ledger.json (append-only); --json: a summary per risk tier and path')
    .addOption(jsonOption())
    .action(async (options: import('./ledger.js').LedgerOptions) => {
      const { runLedger } = await import('./ledger.js');
      exitCode = runLedger(context(), options);
    });

  const bench = program.command('bench').description('W3 benchmarks: conditions × tasks × independent trials under a versioned protocol; the harness ablation');
  bench
    .command('run')
    .description('run a benchmark spec (default: policy benchmark.spec) into .dsctl/bench/<timestamp>/; exit 2 when a rate or usage limit leaves it incomplete')
    .option('--spec <file>', 'the benchmark spec (default: benchmark.spec of the policy, else design/benchmarks/benchmark.json)')
    .option('--shard <k/n>', 'run the k-th of n slices of the trial matrix (CI matrices; join them with dsctl bench merge)')
    .option('--resume <dir>', 'continue an incomplete run under the same protocol id')
    .option('--allow-unsandboxed', 'run agent trials without the OS sandbox when none is installed')
    .addOption(jsonOption())
    .action(async (options: import('./bench.js').BenchRunCliOptions) => {
      const { runBenchRun } = await import('./bench.js');
      exitCode = await runBenchRun(context(), options);
    });
  bench
    .command('merge')
    .description('join the shards 1/n … n/n of one run (same protocol id) into one run')
    .argument('<dirs...>', 'the shard folders')
    .addOption(jsonOption())
    .action(async (dirs: string[], options: { json?: boolean }) => {
      const { runBenchMerge } = await import('./bench.js');
      exitCode = await runBenchMerge(context(), dirs, options);
    });
  bench
    .command('report')
    .description('print a run\'s summary (default: the latest); --against compares two runs of the same protocol id, exit 1 on a regression')
    .argument('[dir]', 'a run folder under .dsctl/bench/')
    .option('--against <dir>', 'an earlier run of the same protocol id, or `last`: the last earlier report of this run\'s protocol id')
    .addOption(jsonOption())
    .action(async (dir: string | undefined, options: { against?: string; json?: boolean }) => {
      const { runBenchReport } = await import('./bench.js');
      exitCode = await runBenchReport(context(), dir, options);
    });
  bench
    .command('ablate')
    .description('the harness ablation: arms (bare, context, index, full) × tasks × trials, each in a fresh git-archive workspace outside the repository; per-arm and per-risk table and leak reports')
    .option('--spec <file>', 'the ablation spec')
    .option('--out <dir>', 'where the workspaces go (outside the repository; default: a temp folder)')
    .option('--resume <dir>', 'continue an ablation a rate or usage limit stopped (exit 2)')
    .option('--allow-unsandboxed', 'run the agent without the OS sandbox when none is installed')
    .addOption(jsonOption())
    .action(async (options: { spec?: string; out?: string; resume?: string; allowUnsandboxed?: boolean; json?: boolean }) => {
      const { runBenchAblate } = await import('./bench.js');
      exitCode = await runBenchAblate(context(), options);
    });

  program
    .command('report')
    .description('one self-contained HTML page (no network) of governance, runs, lint debt, the component loop and benchmarks: .dsctl/report/index.html; --format json prints its data')
    .option('--out <dir>', 'write index.html into DIR (default: .dsctl/report/ of the project)')
    .option('--open', 'open the page in the browser ($BROWSER, else the system\'s opener)')
    .option('--format <format>', 'html (default: write the page) or json (print the same data on stdout)')
    .addOption(jsonOption())
    .action(async (options: import('./report.js').ReportOptions) => {
      const { runReport } = await import('./report.js');
      exitCode = await runReport(context(), options);
    });

  program
    .command('demo')
    .description('the whole story on the starter, offline (writes to a temp folder unless [dir] is given)')
    .argument('[dir]', 'target folder')
    .action(async (dir: string | undefined) => {
      const { runDemo } = await import('./demo.js');
      exitCode = await runDemo(context(), dir);
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      if (json) printErrorEnvelope(io, usageError(error));
      return 2;
    }
    if (isUserError(error)) {
      if (json) printErrorEnvelope(io, error);
      printUserError(io, error);
      return 2;
    }
    throw error;
  }
}

/** Every command path of the program, as `dsctl X` would be written: `check`, `gate check`. */
function commandTable(program: Command): Set<string> {
  const paths = new Set<string>();
  const walk = (command: Command, prefix: string) => {
    for (const sub of command.commands) {
      if (sub.name() === 'help') continue;
      const path = prefix ? `${prefix} ${sub.name()}` : sub.name();
      paths.add(path);
      walk(sub, path);
    }
  };
  walk(program, '');
  return paths;
}

function usageError(error: CommanderError): UserError {
  // Commander has already told people on stderr; the envelope tells machines.
  return new UserError(`usage/${error.code.replace(/^commander\./, '')}`, error.message.replace(/^error: /, ''));
}
