import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { parse, stringify } from 'yaml';
import { UserError } from '../diagnostics/user-error.js';
import { fileError } from '../io/read-text.js';
import type { Project } from '../project/project.js';
import { readFrontMatter } from '../views/front-matter.js';
import { relativeInside } from '../io/paths.js';

/*
 * Loop learnings are proposals until a person reviews them: they are written only into the quarantine
 * folder (`policy.learnings`), each as a new Markdown file whose front matter says `status: proposal`.
 * Nothing here ever edits or promotes a learning; promotion is a human moving its content into a source
 * of truth.
 */

export interface ProposeInput {
  readonly title: string;
  readonly body: string;
  /** The creation date (tests); default now. The file's date is its UTC day. */
  readonly now?: Date;
}

export interface Learning {
  /** Project-relative, with `/`. */
  readonly file: string;
  /** Front-matter `status` (`proposal` until a person changes it); null when absent or unreadable. */
  readonly status: string | null;
  readonly title: string | null;
  readonly created: string | null;
  /** Why the front matter could not be read, when it could not. */
  readonly problem?: string;
}

const MAX_TITLE = 200;
const MAX_SLUG = 60;

/** The file-name part for a title: lower-case letters and digits of any script, joined by `-`. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    // Accents off Latin letters (é → e); other scripts keep their marks (ブ stays ブ).
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, MAX_SLUG).join('').replace(/-+$/, '');
}

/**
 * Writes a new learning under `policy.learnings` as `<date>-<slug>.md` (`-2`, `-3`… when taken; never
 * overwrites), with front matter `status: proposal`, `title`, `created`, then the body.
 * A title that names a path, or a quarantine folder outside the project or under a hard gate, is refused.
 */
export function proposeLearning(project: Project, input: ProposeInput): { path: string; file: string } {
  const title = input.title.trim();
  checkTitle(title);
  const slug = slugify(title);
  if (slug === '') throw new UserError('learning/title', `the title "${title}" has no letters or digits to name a file after`);
  const folder = quarantineFolder(project);
  const created = (input.now ?? new Date()).toISOString().slice(0, 10);
  const body = input.body.replace(/^\s*\n/, '').replace(/\s*$/, '');
  const text = `---\n${stringify({ status: 'proposal', title, created }, { lineWidth: 0 })}---\n\n${body === '' ? '' : `${body}\n`}`;

  mkdirSync(folder, { recursive: true });
  // Written to a temp file, then hard-linked to a free name: atomic, and link() never replaces a file.
  const temp = join(folder, `.${slug}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  writeFileSync(temp, text);
  try {
    for (let n = 1; ; n++) {
      const name = `${created}-${slug}${n === 1 ? '' : `-${n}`}.md`;
      const path = join(folder, name);
      inside(folder, path, title);
      try {
        linkSync(temp, path);
        return { path, file: display(project.root, path) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileError(error, display(project.root, path), 'learning');
      }
    }
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Every learning (`*.md`, in subfolders too) with its front-matter status and title, sorted by file. */
export function listLearnings(project: Project): Learning[] {
  const folder = resolve(project.root, project.policy.learnings);
  let names: string[];
  try {
    names = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw fileError(error, project.policy.learnings, 'learnings folder');
  }
  return names
    .filter((name) => name.endsWith('.md') && !basename(name).startsWith('.'))
    .map((name) => readLearning(project.root, join(folder, name)))
    .sort((a, b) => compareNames(a.file, b.file));
}

function readLearning(root: string, path: string): Learning {
  const file = display(root, path);
  const empty = { file, status: null, title: null, created: null };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') return { ...empty, problem: 'a folder named like a Markdown file' };
    return { ...empty, problem: `unreadable (${code ?? String(error)})` };
  }
  const fm = readFrontMatter(text);
  if (!fm) return { ...empty, problem: 'no front matter' };
  let data: unknown;
  try {
    data = parse(fm.yaml);
  } catch (error) {
    return { ...empty, problem: `front matter is not valid YAML (${(error as Error).message.split('\n')[0]})` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ...empty, problem: 'front matter is not a mapping' };
  const field = (key: string) => {
    const value = (data as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : typeof value === 'number' || value instanceof Date ? String(value) : null;
  };
  return { file, status: field('status'), title: field('title'), created: field('created') };
}

function checkTitle(title: string): void {
  if (title === '') throw new UserError('learning/title', 'a learning needs a title');
  if (title.length > MAX_TITLE) throw new UserError('learning/title', `the title is ${title.length} characters long; at most ${MAX_TITLE}`);
  if (/[\u0000-\u001f\u007f]/.test(title)) throw new UserError('learning/title', 'the title must be one line of text, without control characters');
  if (/[/\\]/.test(title) || /^\./.test(title)) {
    throw new UserError('learning/title', `the title "${title}" looks like a path; a learning is written only into the quarantine folder, under a name dsctl chooses`);
  }
}

/** The quarantine folder: inside the project, and not a path any hard gate protects. */
function quarantineFolder(project: Project): string {
  const configured = project.policy.learnings;
  const folder = resolve(project.root, configured);
  const rel = relativeInside(project.root, folder);
  if (rel === undefined || rel === '') {
    throw new UserError('learning/folder', `policy.learnings "${configured}" is not a folder inside the project; learnings are quarantined there`);
  }
  const probe = `${rel}/probe.md`;
  for (const gate of project.policy.hardGates) {
    if (picomatch([...gate.paths], { dot: true })(probe)) {
      throw new UserError(
        'learning/folder',
        `policy.learnings "${configured}" is protected by the hard gate "${gate.id}"; the quarantine must be a non-authoritative folder`,
      );
    }
  }
  return folder;
}

function inside(folder: string, path: string, title: string): void {
  if (dirname(path) !== folder) throw new UserError('learning/title', `the title "${title}" would leave the quarantine folder`);
}

/** By name without `.md`, so `x.md` comes before `x-2.md`; code-unit order, the same on every machine. */
function compareNames(a: string, b: string): number {
  const ka = a.replace(/\.md$/, '');
  const kb = b.replace(/\.md$/, '');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function display(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
