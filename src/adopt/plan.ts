import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { UserError } from '../diagnostics/user-error.js';
import { isGitWorkTree, uncommittedPaths } from '../io/git.js';
import { ConfigSchema } from '../project/config-schema.js';
import { LAUNCHER_NODE_PATH, LAUNCHER_PATH } from '../project/launcher.js';
import { packageRoot } from '../project/package-root.js';
import { withoutComponentLibrary } from '../project/starter-components.js';
import { guidanceSection, importsAgentsMd, mergeGuidance } from './agent-guidance.js';
import { isDsctlWorkflow, renderWorkflow, WORKFLOW_PATH } from './ci-workflow.js';
import type { RepoDetection } from './detect/index.js';
import { mergeGitignore } from './gitignore-merge.js';
import { LINT_EXCLUDE, lintIncludeFor } from './lint-globs.js';
import { mergePackageJson } from './package-json-merge.js';

/** What a step contributed by another module (token import, component scan) hands to the plan. */
export interface StepResult {
  /** Project-relative files under `design/` that replace or add to the starter's (e.g. design/contracts/tokens.json). */
  readonly files: ReadonlyMap<string, string>;
  /** Lines for the plan: what was imported or found, and what was left. */
  readonly notes: readonly string[];
  /** Starter files the step's files make wrong (Tessera's component contracts, once the app's are scanned). */
  readonly drop?: readonly string[];
}

/**
 * The optional steps of an adoption, wired by the caller: without them the plan writes the Tessera
 * starter's tokens, rules and components. Each runs on the detection, before anything is written.
 */
export interface PlanSteps {
  /** The token import (src/adopt/tokens-import.ts): the repository's tokens as DTCG contracts. */
  readonly importTokens?: (detection: RepoDetection) => StepResult | Promise<StepResult>;
  /** The component scan (src/adopt/components/): contracts for the repository's components. */
  readonly scanComponents?: (detection: RepoDetection) => StepResult | Promise<StepResult>;
}

export interface PlanOptions {
  /** Rewrite dsctl's own files that exist (config, design/**, the launcher, dsctl's CI workflow); never a user file. */
  readonly force?: boolean;
  /** Also write the starter's example pages under examples/. */
  readonly examples?: boolean;
  readonly steps?: PlanSteps;
}

export interface PlannedWrite {
  /** Project-relative. */
  readonly path: string;
  /** create: a new file; change: a user file merged into; overwrite: one of dsctl's own files rewritten (--force). */
  readonly action: 'create' | 'change' | 'overwrite';
  readonly content: string;
  /** The unified diff of a change or overwrite. */
  readonly diff?: string;
  /** Why, in a few words (shown beside the path). */
  readonly why: string;
}

export interface AdoptPlan {
  readonly root: string;
  readonly detection: RepoDetection;
  /** Creates first, user-file changes last: the order writes are renamed into place (see applyPlan). */
  readonly writes: readonly PlannedWrite[];
  /** Files of the starter that exist and stay as they are, with why. */
  readonly kept: readonly { readonly path: string; readonly why: string }[];
  /** The launcher files installLauncher will write (missing or out of date). */
  readonly launcher: readonly string[];
  /** What `dsctl build` then writes, and the baseline it seeds. */
  readonly generated: readonly string[];
  /** Things left alone that a person should look at (a conflicting script, a GitLab pipeline, …). */
  readonly conflicts: readonly string[];
  readonly notes: readonly string[];
  /** Uncommitted paths of the git work tree; undefined outside git. */
  readonly dirty: readonly string[] | undefined;
}

// The starter's files dsctl owns in an adopted repository: --force may rewrite them.
const isDsctlOwned = (path: string) => path === 'dsctl.config.json' || path.startsWith('design/') || path.startsWith('.dsctl/bin/');
// The views' default outputs that a repository may already have for its own purposes.
const VIEW_TARGETS: Readonly<Record<string, string>> = {
  'DESIGN.md': 'design-md-front-matter',
  '.github/CODEOWNERS': 'codeowners',
  'llms.txt': 'llms-txt',
  'docs/loop-playbook.md': 'playbook-sections',
};

const diffOf = (path: string, before: string, after: string) => createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { context: 3 });

/**
 * Plans the adoption of an existing repository: every file to create, every user file to change (with
 * its diff), what stays. Reads only; `applyPlan` writes. Refuses (UserError) when a file it must merge
 * into cannot be read as what it claims to be.
 */
export async function planAdoption(detection: RepoDetection, starter: ReadonlyMap<string, string>, options: PlanOptions = {}): Promise<AdoptPlan> {
  const { root } = detection;
  const force = options.force === true;
  const read = (rel: string) => (existsSync(join(root, rel)) ? readFileSync(join(root, rel), 'utf8') : undefined);
  const writes: PlannedWrite[] = [];
  const kept: { path: string; why: string }[] = [];
  const conflicts: string[] = [];
  const notes: string[] = [];
  const disabledViews = new Set<string>();

  // The steps' files take the place of the starter's; without steps the starter's contracts are written.
  // Never the starter's component library: a repository's components are its own (the scan's). A
  // starter initialised with it keeps its contracts' `source`.
  const files = withoutComponentLibrary(starter, read);
  for (const [name, step] of [['token import', options.steps?.importTokens], ['component scan', options.steps?.scanComponents]] as const) {
    if (!step) continue;
    const result = await step(detection);
    for (const path of result.drop ?? []) files.delete(path);
    for (const [path, content] of result.files) files.set(path, content);
    notes.push(...result.notes.map((n) => `${name}: ${n}`));
  }
  if (!options.steps?.importTokens) notes.push(`tokens: the Tessera starter's (found ${detection.tokenSources.length} token source(s) to import later: ${detection.tokenSources.map((s) => s.file).join(', ') || 'none'})`);
  if (!options.steps?.scanComponents) notes.push(`components: the Tessera starter's contracts (found ${detection.componentFolders.map((f) => `${f.dir}/ (${f.files} files)`).join(', ') || 'no components folder'})`);

  const ownFile = (path: string, content: string, why: string) => {
    const before = read(path);
    if (before === undefined) writes.push({ path, action: 'create', content, why });
    else if (before === content) kept.push({ path, why: 'up to date' });
    else if (force) writes.push({ path, action: 'overwrite', content, diff: diffOf(path, before, content), why: `${why} (--force)` });
    else kept.push({ path, why: 'exists: kept (--force rewrites dsctl\'s own files)' });
  };
  const change = (path: string, before: string, after: string, why: string) => {
    if (after === before) kept.push({ path, why: 'already has what dsctl needs' });
    else writes.push({ path, action: 'change', content: after, diff: diffOf(path, before, after), why });
  };

  // package.json: dsctl's scripts and devDependency merged in; nothing else added (no "type").
  const starterPkg = JSON.parse(files.get('package.json') ?? '{}') as { scripts?: Record<string, string>; devDependencies?: Record<string, string> };
  const scripts = starterPkg.scripts ?? {};
  const devDependency: [string, string] = ['dsctl', starterPkg.devDependencies?.dsctl ?? 'latest'];
  const pkgText = read('package.json');
  if (pkgText === undefined) {
    const name = basename(root).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '') || 'app';
    writes.push({ path: 'package.json', action: 'create', content: `${JSON.stringify({ name, private: true, scripts, devDependencies: Object.fromEntries([devDependency]) }, null, 2)}\n`, why: 'dsctl\'s scripts and devDependency' });
  } else {
    let merged;
    try {
      merged = mergePackageJson(pkgText, scripts, devDependency);
    } catch (error) {
      throw new UserError('init/package-json-invalid', `package.json is not valid JSON (${(error as Error).message}); nothing was written`, { location: { file: 'package.json' } });
    }
    for (const c of merged.conflicts) conflicts.push(`package.json: script "${c.name}" is already "${c.theirs}": left alone (dsctl's would be "${c.ours}")`);
    const what = [merged.addedScripts.length ? `+${merged.addedScripts.length} script(s)` : '', merged.addedDevDependency ? `+devDependency ${devDependency.join('@')}` : ''].filter(Boolean).join(', ');
    change('package.json', pkgText, merged.text, what);
  }

  // .gitignore: missing lines appended.
  const ignoreText = read('.gitignore');
  const wantedIgnore = files.get('.gitignore') ?? '';
  if (ignoreText === undefined) writes.push({ path: '.gitignore', action: 'create', content: wantedIgnore, why: 'dsctl\'s runtime folder' });
  else {
    const merged = mergeGitignore(ignoreText, wantedIgnore);
    change('.gitignore', ignoreText, merged.text, `+${merged.added.length} line(s): ${merged.added.join(' ')}`);
  }

  // AGENTS.md / CLAUDE.md: a generated region in the repository's own file, or the starter's AGENTS.md.
  const starterAgents = files.get('AGENTS.md') ?? '';
  const section = guidanceSection(starterAgents);
  const agents = read('AGENTS.md');
  if (agents === undefined) writes.push({ path: 'AGENTS.md', action: 'create', content: starterAgents, why: 'agent guidance' });
  else change('AGENTS.md', agents, mergeGuidance(agents, 'AGENTS.md', section), 'dsctl:generated region with the agent guidance');
  const claude = read('CLAUDE.md');
  if (claude !== undefined) {
    if (importsAgentsMd(claude)) kept.push({ path: 'CLAUDE.md', why: 'imports AGENTS.md, which carries the guidance' });
    else change('CLAUDE.md', claude, mergeGuidance(claude, 'CLAUDE.md', section), 'dsctl:generated region with the agent guidance');
  }
  if (detection.agentDocs.cursorRules.length) notes.push(`Cursor rules (${detection.agentDocs.cursorRules.join(', ')}) left as they are: Cursor also reads AGENTS.md`);

  // The CI workflow: GitHub Actions (or no CI yet) gets dsctl's, with the repository's package manager.
  const policy = JSON.parse(files.get('design/policy.json') ?? '{}') as { ci?: { workflow?: string } };
  if (detection.ci.system === 'gitlab') {
    // No GitHub workflow to check: the policy names none, so `dsctl drift` does not ask for one.
    if (policy.ci) delete policy.ci.workflow;
    files.set('design/policy.json', `${JSON.stringify(policy, null, 2)}\n`);
    notes.push('GitLab CI (.gitlab-ci.yml): add a job running `npm run design:check`, `npm run design:lint`, `npm run design:drift` and `.dsctl/bin/dsctl gate check --range "$CI_MERGE_REQUEST_DIFF_BASE_SHA...$CI_COMMIT_SHA"`; no GitHub workflow written');
  } else {
    const workflow = renderWorkflow(files.get(WORKFLOW_PATH) ?? '', detection.packageManager);
    const existing = read(WORKFLOW_PATH);
    if (existing === undefined || isDsctlWorkflow(existing)) ownFile(WORKFLOW_PATH, workflow, `CI with ${detection.packageManager.name}`);
    else {
      kept.push({ path: WORKFLOW_PATH, why: 'exists and is not dsctl\'s: kept' });
      conflicts.push(`${WORKFLOW_PATH} is not dsctl's workflow: add the design:check, design:lint, design:drift and gate check steps to it yourself`);
    }
  }

  // A second init: the existing config's views stand, and the starter files an earlier init wrote are not the repository's own.
  const previousConfig = (() => {
    const text = read('dsctl.config.json');
    return text === undefined ? undefined : (safeJson(text) as { views?: Record<string, unknown> } | undefined);
  })();
  const reinit = previousConfig !== undefined;

  // The rest of the starter: dsctl's own files, and files a person owns that are only created when missing.
  for (const [path, content] of files) {
    if (['package.json', '.gitignore', 'AGENTS.md', WORKFLOW_PATH, 'dsctl.config.json'].includes(path)) continue;
    if (path.startsWith('examples/') && !options.examples) continue;
    if (isDsctlOwned(path)) ownFile(path, content, 'design system');
    else if (read(path) === undefined) writes.push({ path, action: 'create', content, why: path.startsWith('examples/') ? 'example page (--examples)' : 'starter' });
    else {
      const view = reinit ? undefined : VIEW_TARGETS[path];
      if (view) disabledViews.add(view);
      kept.push({ path, why: `exists: kept${view ? ` (view ${view} disabled)` : ''}` });
      // An MCP config of the repository's own: dsctl's server is the user's to add there.
      if (path.endsWith('mcp.json') && !(read(path) ?? '').includes('.dsctl/bin/dsctl')) conflicts.push(`${path} has no dsctl server: add "dsctl": { "command": ".dsctl/bin/dsctl", "args": ["mcp"] } to its mcpServers`);
    }
  }
  if (!reinit && read('llms.txt') !== undefined) {
    disabledViews.add('llms-txt');
    kept.push({ path: 'llms.txt', why: 'exists: kept (view llms-txt disabled)' });
  }

  // dsctl.config.json: the starter's, linting where this repository's UI is.
  const config = JSON.parse(files.get('dsctl.config.json') ?? '{}') as { lint: Record<string, unknown>; views?: Record<string, unknown> };
  config.lint.include = lintIncludeFor(detection.layout, { examples: options.examples === true });
  config.lint.exclude = [...LINT_EXCLUDE];
  // A re-init keeps the views the first init decided on.
  if (previousConfig?.views) config.views = previousConfig.views;
  else if (!reinit && disabledViews.size) config.views = { ...config.views, ...Object.fromEntries([...disabledViews].sort().map((v) => [v, { enabled: false }])) };
  ownFile('dsctl.config.json', `${JSON.stringify(config, null, 2)}\n`, `lint.include for ${describeLayout(detection)}`);

  // installLauncher writes the launcher files that are missing or differ from dsctl's templates (named as their basename).
  const launcher = [LAUNCHER_PATH, LAUNCHER_NODE_PATH].filter((p) => read(p) !== readFileSync(join(packageRoot(), 'templates', 'launcher', basename(p)), 'utf8'));
  const views = ConfigSchema.parse(config).views as Record<string, { enabled: boolean; path: string }>;
  const generated = [
    ...Object.entries(views).filter(([, v]) => v.enabled).flatMap(([name, v]) => (name === 'llms-txt' ? [v.path, v.path.replace(/llms\.txt$/, 'llms-full.txt')] : [v.path])),
    '.design-baseline.json (the current findings, accepted so `design:lint` starts green)',
  ];

  const order = (w: PlannedWrite) => (w.action === 'change' ? (w.path === 'package.json' ? 2 : 1) : 0);
  writes.sort((a, b) => order(a) - order(b) || a.path.localeCompare(b.path));
  kept.sort((a, b) => a.path.localeCompare(b.path));
  const dirty = isGitWorkTree(root) ? uncommittedPaths(root, 'init/git') : undefined;
  return { root, detection, writes, kept, launcher, generated, conflicts, notes, dirty };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `next (app router, src/), Tailwind 3, pnpm`: one line about what was detected. */
export function describeLayout({ layout, tailwind, packageManager }: RepoDetection): string {
  const where = [layout.routers.length ? `${layout.routers.join(' + ')} router` : '', layout.srcDir ? 'src/' : ''].filter(Boolean).join(', ');
  return [`${layout.framework}${where ? ` (${where})` : ''}`, tailwind.major ? `Tailwind ${tailwind.major}` : 'no Tailwind', packageManager.name].join(', ');
}
