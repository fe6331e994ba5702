import { readFileSync } from 'node:fs';
import { createGateMatcher } from '../../governance/gates.js';
import { isGitWorkTree, uncommittedPaths } from '../../io/git.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { loadValidProject } from '../../project/project.js';
import { buildViews } from '../../views/build.js';
import { checkDrift } from '../../views/drift.js';
import type { DriftFinding } from '../../views/finding.js';
import { resolveOutputs } from '../../views/outputs.js';
import { onlyGeneratedRegionsChanged } from '../../views/two-layered.js';
import { CATALOG } from '../catalog.js';
import { RunStopped, type Workflow } from '../workflow.js';

const line = (f: DriftFinding) => `${f.file}${f.line ? `:${f.line}` : ''}  ${f.severity}  ${f.code}  ${f.message}`;
const RUNTIME = /^\.dsctl\//;

/**
 * W2, a deterministic pipeline: drift → build → drift again. It writes only generated views and leaves
 * the commit to a person. Anything regeneration cannot explain (a dirty tree, playbook drift, drift that
 * survives the build, a change to a source of truth) stops it with an escalation.
 */
export const driftRepair: Workflow<Record<string, never>> = {
  ...CATALOG['drift-repair'],

  parseParams: () => ({}),

  async run(ctx) {
    const root = ctx.root;
    const inGit = await ctx.step('git-work-tree', () => isGitWorkTree(root));
    if (inGit) {
      const dirty = await ctx.step('worktree', () => uncommittedPaths(root, 'run/git').filter((p) => !RUNTIME.test(p)), { command: 'git status --porcelain' });
      if (dirty.length > 0) {
        throw new RunStopped('escalated', {
          stuck_reason: `the work tree has ${dirty.length} uncommitted change(s): a repair could not be told apart from them`,
          severity: 'warn',
          proposed_diff: '',
          evidence: dirty.slice(0, 50).map((p) => `uncommitted: ${p}`),
          human_question: 'Commit or stash these changes first, then re-run drift repair?',
        });
      }
    } else {
      ctx.progress('not a git work tree: changed paths come from the build itself');
    }

    const commands = ctx.commands;
    const before = await ctx.step('drift', () => checkDrift(ctx.project, { commands }), { command: 'dsctl drift' });
    const errors = before.filter((f) => f.severity === 'error');
    if (errors.length === 0) return { status: 'passed', summary: 'no drift: nothing to repair', attempts: 0, changedPaths: [], result: { findings: before.map(line) } };
    const unfixable = errors.filter((f) => !f.fixable);
    if (unfixable.length > 0) {
      throw new RunStopped('escalated', {
        stuck_reason: `${unfixable.length} drift finding(s) cannot be repaired by regeneration (playbook or marker drift is governance, not a generated view)`,
        severity: 'error',
        proposed_diff: '',
        evidence: errors.map(line),
        human_question: 'These findings need a person: is this a generator bug, or did the specification change?',
      });
    }
    ctx.progress(`${errors.length} stale view(s): regenerating`);

    const built = await ctx.step(
      'build',
      () => {
        const outputs = resolveOutputs(ctx.project);
        const previous = new Map(outputs.map((o) => [o.output.path, o.current]));
        const result = buildViews(ctx.project);
        const changed = result.files.filter((f) => f.changed).map((f) => f.path);
        // A view written into a source of truth (a misconfigured path) is put back: W2 never changes one.
        const matcher = createGateMatcher(root, ctx.policy);
        const gated = changed.flatMap((path) => {
          const hit = matcher.match(path);
          if (hit === undefined) return [];
          const old = previous.get(path);
          const now = outputs.find((o) => o.output.path === path);
          const next = now ? readNow(now.abs) : undefined;
          if (hit.gate.allowGeneratedRegions && old !== undefined && next !== undefined && onlyGeneratedRegionsChanged(path, old, next)) return [];
          if (now && old !== undefined) writeFileAtomic(now.abs, old);
          return [`${path} (hard gate "${hit.gate.id}")`];
        });
        return { changed, gated };
      },
      { command: 'dsctl build' },
    );
    if (built.gated.length > 0) {
      throw new RunStopped(
        'escalated',
        {
          stuck_reason: 'regeneration would change a hard-gated file outside its generated regions; dsctl put it back',
          severity: 'blocking',
          proposed_diff: built.gated.join('\n'),
          evidence: built.gated.map((g) => `touched a source of truth: ${g}`),
          human_question: 'Is a view configured to write into a source of truth (a generator or config bug), or should a person make this change?',
        },
        built.changed,
      );
    }

    const reloaded = loadValidProject({ cwd: root, configPath: ctx.project.configPath });
    const after = await ctx.step('drift-again', () => checkDrift(reloaded, { commands }), { command: 'dsctl drift' });
    const left = after.filter((f) => f.severity === 'error');
    const changedPaths = inGit ? await ctx.step('changed', () => uncommittedPaths(root, 'run/git').filter((p) => !RUNTIME.test(p))) : built.changed;
    if (left.length > 0) {
      throw new RunStopped(
        'escalated',
        {
          stuck_reason: `${left.length} drift finding(s) remain after regeneration`,
          severity: 'error',
          proposed_diff: changedPaths.join('\n'),
          evidence: left.map(line),
          human_question: 'Regeneration did not clear this drift: is it a generator bug, or a specification change a person must make?',
        },
        changedPaths,
      );
    }
    return {
      status: 'passed',
      summary: `repaired ${errors.length} drift finding(s); ${changedPaths.length} generated file(s) changed, not committed: a person decides`,
      attempts: 1,
      changedPaths,
      result: { repaired: errors.map(line), changed: changedPaths, commit: 'left to a person' },
    };
  },
};

function readNow(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
