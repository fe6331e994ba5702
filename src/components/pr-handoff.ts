import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, isGitWorkTree, uncommittedPaths } from '../io/git.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { HANDOFF_DIR } from './run-record.js';

/*
 * The last stage of the component loop: a branch `component/<kebab-name>`, one commit of the files the
 * run changed, and a pull request through `gh` when it is installed and logged in; otherwise the patch
 * and the PR body under .dsctl/handoff/ for a person to open the PR. Pushing a feature branch is what a
 * PR needs; protected branches are never touched.
 */

/** What the work tree held before the run: uncommitted paths that are not the run's to commit. */
export interface WorkTreeState {
  readonly git: boolean;
  readonly dirty: readonly string[];
}

export function workTreeState(root: string): WorkTreeState {
  if (!isGitWorkTree(root)) return { git: false, dirty: [] };
  return { git: true, dirty: uncommittedPaths(root) };
}

/** Paths the run changed since `before` (project-relative, sorted, .dsctl/ left out); undefined without git. */
export function changedSince(root: string, before: WorkTreeState): string[] | undefined {
  if (!before.git) return undefined;
  const top = git(root, ['rev-parse', '--show-prefix']).trim();
  const dirty = new Set(before.dirty);
  return uncommittedPaths(root)
    .filter((p) => !dirty.has(p))
    .map((p) => (top && p.startsWith(top) ? p.slice(top.length) : p))
    .filter((p) => !p.startsWith('.dsctl/'))
    .sort();
}

export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

export interface PrInput {
  readonly root: string;
  readonly runId: string;
  readonly component: string;
  /** Project-relative files to commit. */
  readonly files: readonly string[];
  /** The review record, for the PR body. */
  readonly review: string;
  /** Markdown of the screenshots, for the PR body. */
  readonly screenshots?: string;
  /** Default: `gh` on PATH. */
  readonly gh?: string;
}

export interface PrResult {
  readonly mode: 'gh' | 'patch' | 'none';
  readonly branch: string;
  readonly commit?: string;
  readonly url?: string;
  /** Project-relative, when mode is `patch`. */
  readonly patch?: string;
  /** Project-relative PR body. */
  readonly body: string;
  readonly summary: string;
}

export function prBody(input: PrInput): string {
  const reviewPath = join(input.root, input.review);
  const review = existsSync(reviewPath) ? (JSON.parse(readFileSync(reviewPath, 'utf8')) as { path?: string; verdict?: string; codeReview?: unknown[]; a11y?: unknown[] }) : undefined;
  return [
    `## ${input.component}`,
    '',
    `Added by \`dsctl component add ${input.component}\` (run \`${input.runId}\`): sense → scaffold → gate → ${review?.path ?? 'review'} review → visual review by a person.`,
    '',
    '### Files',
    ...input.files.map((f) => `- \`${f}\``),
    '',
    '### Review',
    review ? `- path: ${review.path}, verdict: ${review.verdict}; ${review.codeReview?.length ?? 0} code finding(s), ${review.a11y?.length ?? 0} a11y finding(s) (see \`${input.review}\`)` : '- no review record',
    '',
    ...(input.screenshots ? [input.screenshots] : []),
  ].join('\n');
}

/** Branch, commit, PR (or patch + body); a project outside git gets only the body. */
export function prHandoff(input: PrInput): PrResult {
  const branch = `component/${kebabCase(input.component)}`;
  const bodyFile = `${HANDOFF_DIR}/${input.component}.pr.md`;
  writeFileAtomic(join(input.root, bodyFile), `${prBody(input)}\n`);
  if (!isGitWorkTree(input.root) || input.files.length === 0) {
    return { mode: 'none', branch, body: bodyFile, summary: input.files.length === 0 ? 'nothing to commit' : `not a git repository: the PR body is in ${bodyFile}` };
  }
  const current = git(input.root, ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  if (current !== branch) git(input.root, ['checkout', '-q', '-B', branch]);
  git(input.root, ['add', '--', ...input.files]);
  git(input.root, ['commit', '-q', '-m', `Add the ${input.component} component`, '-m', `dsctl component add ${input.component} (run ${input.runId})`, '--', ...input.files]);
  const commit = git(input.root, ['rev-parse', 'HEAD']).trim();
  const gh = input.gh ?? 'gh';
  if (ghReady(gh, input.root)) {
    try {
      git(input.root, ['push', '-q', '-u', 'origin', branch]);
      const url = execFileSync(gh, ['pr', 'create', '--head', branch, '--title', `Add the ${input.component} component`, '--body-file', join(input.root, bodyFile)], { cwd: input.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
      return { mode: 'gh', branch, commit, url, body: bodyFile, summary: `PR ${url}` };
    } catch (error) {
      const patch = writePatch(input, commit);
      return { mode: 'patch', branch, commit, patch, body: bodyFile, summary: `gh pr create failed (${String((error as Error).message).split('\n')[0]}): committed on ${branch}; patch ${patch}, PR body ${bodyFile}` };
    }
  }
  const patch = writePatch(input, commit);
  return { mode: 'patch', branch, commit, patch, body: bodyFile, summary: `committed on ${branch}; gh is not available or not logged in: patch ${patch}, PR body ${bodyFile}` };
}

function writePatch(input: PrInput, commit: string): string {
  const file = `${HANDOFF_DIR}/${input.component}.patch`;
  writeFileAtomic(join(input.root, file), git(input.root, ['format-patch', '-1', '--stdout', commit]));
  return file;
}

function ghReady(gh: string, cwd: string): boolean {
  try {
    execFileSync(gh, ['auth', 'status'], { cwd, stdio: 'ignore', timeout: 15_000 });
    return true;
  } catch {
    return false;
  }
}

/** The run's change as a unified diff (tracked files against HEAD, new files in full), at most `maxLines` lines: what the author reviews in session. */
export function changeDiff(root: string, files: readonly string[], maxLines = 400): string {
  if (!isGitWorkTree(root) || files.length === 0) return '';
  const tracked = new Set(git(root, ['ls-files', '--', ...files]).split('\n').filter(Boolean));
  const parts: string[] = [];
  const known = files.filter((f) => tracked.has(f));
  if (known.length) parts.push(git(root, ['diff', '--no-color', 'HEAD', '--', ...known]));
  for (const file of files.filter((f) => !tracked.has(f) && existsSync(join(root, f)))) {
    try {
      execFileSync('git', ['diff', '--no-color', '--no-index', '--', '/dev/null', file], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (error) {
      // `git diff --no-index` exits 1 when the files differ: its output is the diff.
      parts.push(String((error as { stdout?: unknown }).stdout ?? ''));
    }
  }
  const lines = parts.join('').split('\n');
  return lines.length > maxLines ? `${lines.slice(0, maxLines).join('\n')}\n… ${lines.length - maxLines} more line(s): read the files` : lines.join('\n');
}
