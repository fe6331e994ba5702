import { resolve } from 'node:path';
import { applyPlan } from '../adopt/apply-plan.js';
import { detectRepo } from '../adopt/detect/index.js';
import { formatPlan } from '../adopt/format-plan.js';
import { ADOPT_STEPS } from '../adopt/adopt-steps.js';
import { describeLayout, planAdoption, type AdoptPlan } from '../adopt/plan.js';
import { seedBaseline } from '../lint/baseline.js';
import { initMode, initProject, starterFiles } from '../project/init.js';
import type { ComponentLibrary } from '../project/starter-components.js';
import { UserError } from '../diagnostics/user-error.js';
import { installLauncher, LAUNCHER_NODE_PATH, LAUNCHER_PATH } from '../project/launcher.js';
import { buildViews } from '../views/build.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { processTerminal, type Terminal } from './gate.js';
import { printEnvelope } from './output.js';
import { relativeInside } from '../io/paths.js';

export interface InitOptions {
  readonly force?: boolean;
  readonly json?: boolean;
  /** Adoption: print the plan, write nothing. */
  readonly dryRun?: boolean;
  /** Adoption: apply the plan without asking (needed without a terminal, and on a dirty work tree). */
  readonly yes?: boolean;
  /** Adoption: also write the starter's example pages. */
  readonly examples?: boolean;
  /** Print the "Next:" hint (off when another command, such as demo, goes on by itself). */
  readonly hint?: boolean;
  /** The starter's component library: react (the default for an empty folder) or none. */
  readonly components?: ComponentLibrary;
}


/** `dsctl init [dir]`: the embedded starter in an empty folder; in an existing repository, a plan to adopt it. */
export async function runInit(ctx: CommandContext, dir: string | undefined, options: InitOptions, terminal: Terminal = processTerminal()): Promise<number> {
  const { io } = ctx;
  const target = resolve(io.cwd, dir ?? '.');
  if (initMode(target) === 'adopt') {
    if (options.components === 'react') {
      throw new UserError('init/components-adopt', `${target} is an existing repository: --components react writes the starter's library into an empty folder only`, {
        details: ['here the component scan writes contracts for the components the repository has; rerun without --components'],
      });
    }
    return adopt(ctx, target, options, terminal);
  }
  const components = { components: options.components ?? 'react' } as const;
  if (options.dryRun) {
    // The starter has no merges to show: the plan is the list of its files.
    const files = [...starterFiles(components).keys(), LAUNCHER_PATH, LAUNCHER_NODE_PATH].sort();
    if (options.json) printEnvelope(io, 'init', true, { mode: 'starter', applied: false, dir: target, written: files });
    else {
      io.stdout(`dsctl init: the Tessera starter into ${target}\n${files.map((f) => `  + ${f}\n`).join('')}`);
      io.stderr(`${io.err.dim('--dry-run: nothing was written')}\n`);
    }
    return 0;
  }
  const result = initProject(target, { force: options.force === true, ...components });
  return finish(ctx, result.dir, options, { written: result.written, overwritten: result.overwritten, headline: 'wrote the Tessera starter design system to' });
}

async function adopt(ctx: CommandContext, target: string, options: InitOptions, terminal: Terminal): Promise<number> {
  const { io } = ctx;
  const e = io.err;
  // planAdoption leaves the starter's React library out: the repository's components are its own.
  const plan = await planAdoption(detectRepo(target), starterFiles(), { force: options.force === true, examples: options.examples === true, steps: ADOPT_STEPS });
  const refuse = (reason: string) => {
    if (options.json) printEnvelope(io, 'init', false, { mode: 'adopt', applied: false, reason, plan: planData(plan) });
    else io.stderr(`${e.yellow('!')} ${reason}\n`);
    return 1;
  };
  if (!options.json) io.stdout(formatPlan(plan, io.out));
  if (options.dryRun) {
    if (options.json) printEnvelope(io, 'init', true, { mode: 'adopt', applied: false, plan: planData(plan) });
    else io.stderr(`${e.dim('--dry-run: nothing was written')}\n`);
    return 0;
  }
  if (plan.dirty?.length) {
    const shown = plan.dirty.slice(0, 20);
    if (!options.json) io.stderr(`${e.yellow('!')} the git work tree has uncommitted changes:\n${shown.map((p) => `  ${p}\n`).join('')}${plan.dirty.length > shown.length ? `  … and ${plan.dirty.length - shown.length} more\n` : ''}`);
    if (!options.yes) return refuse('uncommitted changes: commit or stash them first so the plan\'s changes can be reviewed on their own, or rerun with --yes; nothing was written');
  }
  if (!options.yes) {
    if (!terminal.interactive || options.json) return refuse('not a terminal: rerun with --yes to apply this plan; nothing was written');
    const answer = (await terminal.ask('Apply this plan? [y/N] ')).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') return refuse('not applied; nothing was written');
  }
  const written = applyPlan(plan);
  const launcher = installLauncher(target).written;
  return finish(ctx, target, options, {
    written: [...written, ...launcher].sort((a, b) => a.localeCompare(b)),
    overwritten: plan.writes.filter((w) => w.action !== 'create').map((w) => w.path),
    headline: `adopted (${describeLayout(plan.detection)}):`,
    plan,
  });
}

/** After the files are in place: fresh views (so `dsctl drift` is clean from the first minute) and the baseline. */
async function finish(ctx: CommandContext, root: string, options: InitOptions, result: { written: readonly string[]; overwritten: readonly string[]; headline: string; plan?: AdoptPlan }): Promise<number> {
  const { io } = ctx;
  const project = loadValidProject({ cwd: root });
  const views = buildViews(project).files.filter((f) => f.changed).map((f) => f.path);
  const baseline = await seedBaseline(project, { force: options.force === true });
  if (options.json) {
    printEnvelope(io, 'init', true, { dir: root, written: result.written, overwritten: result.overwritten, views, baseline: baseline ?? null, ...(result.plan ? { mode: 'adopt', applied: true, plan: planData(result.plan) } : {}) });
    return 0;
  }
  const c = io.err;
  const rel = relativeInside(io.cwd, root);
  const where = rel === '' ? '.' : (rel ?? root);
  io.stderr(`${c.green('✔')} ${result.headline} ${where} (${result.written.length} files${result.overwritten.length ? `, ${result.overwritten.length} ${result.plan ? 'changed' : 'overwritten'}` : ''})\n`);
  for (const file of result.written) io.stderr(`  ${c.dim(result.overwritten.includes(file) ? '~' : '+')} ${file}\n`);
  for (const file of views) io.stderr(`  ${c.dim('✎')} ${file} ${c.dim('(generated by dsctl build)')}\n`);
  if (baseline) io.stderr(`  ${c.dim('+')} ${baseline.path} ${c.dim(`(the ${baseline.count} ${result.plan ? 'current findings' : 'deliberate violations of examples/'}, accepted so \`dsctl lint --baseline\` starts green)`)}\n`);
  for (const conflict of result.plan?.conflicts ?? []) io.stderr(`  ${c.yellow('!')} ${conflict}\n`);
  if (options.hint !== false) {
    const { printDoctorSummary } = await import('./doctor.js');
    await printDoctorSummary(io, root);
    io.stderr(`\nNext: ${where === '.' ? '' : `cd ${where} && `}dsctl check\n`);
  }
  return 0;
}

/** The plan as JSON: what `--json` carries (contents left out, diffs kept). */
function planData(plan: AdoptPlan) {
  return {
    detection: { ...plan.detection, packageJson: plan.detection.packageJson ? { present: true } : null },
    writes: plan.writes.map(({ path, action, why, diff }) => ({ path, action, why, ...(diff ? { diff } : {}) })),
    launcher: plan.launcher,
    kept: plan.kept,
    generated: plan.generated,
    conflicts: plan.conflicts,
    notes: plan.notes,
    dirty: plan.dirty ?? null,
  };
}
