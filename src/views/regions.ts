import { createHash } from 'node:crypto';
import type { Html } from 'mdast';
import { UserError } from '../diagnostics/user-error.js';
import { parseMarkdown } from './markdown.js';

/** A `<!-- dsctl:generated NAME sha256=HASH -->` … `<!-- /dsctl:generated NAME -->` region of a Markdown file. */
export interface Region {
  readonly name: string;
  /** The hash written in the start marker: of the content as dsctl last wrote it. */
  readonly hash: string;
  /** The text between the two marker lines (each line ends with a newline). */
  readonly content: string;
  /** Offsets of the start marker, of the content, and of the end marker. */
  readonly start: number;
  readonly contentStart: number;
  readonly contentEnd: number;
  readonly end: number;
  /** 1-based line of the start marker. */
  readonly line: number;
}

export interface MarkerProblem {
  readonly code: 'marker-unbalanced' | 'marker-duplicated';
  /** The region the problem is about. */
  readonly name: string;
  readonly line: number;
  readonly message: string;
}

const START = /^<!--\s*dsctl:generated\s+([a-z0-9-]+)\s+sha256=([0-9a-f]+)\s*-->$/;
const END = /^<!--\s*\/dsctl:generated\s+([a-z0-9-]+)\s*-->$/;

/**
 * How a file spells its fences: Markdown as HTML comments (found through the syntax tree), or files with
 * `#` line comments (CODEOWNERS, .gitignore-like files) as whole lines `# dsctl:generated NAME sha256=…`
 * and `# /dsctl:generated NAME`.
 */
export type RegionSyntax = 'markdown' | 'hash';

const HASH_START = /^#[ \t]*dsctl:generated[ \t]+([a-z0-9-]+)[ \t]+sha256=([0-9a-f]+)[ \t]*$/;
const HASH_END = /^#[ \t]*\/dsctl:generated[ \t]+([a-z0-9-]+)[ \t]*$/;

interface Marker {
  readonly kind: 'start' | 'end';
  readonly name: string;
  readonly hash: string;
  /** Offsets of the marker itself (up to its `\n`) and its 1-based line. */
  readonly start: number;
  readonly end: number;
  readonly line: number;
}

function markdownMarkers(text: string): Marker[] {
  const markers: Marker[] = [];
  // Depth first, in document order, without recursion: a deeply nested text must not overflow the stack.
  type Node = { type: string; children?: unknown[] };
  const stack: Node[] = [...(parseMarkdown(text).children as Node[])].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'html') {
      const html = node as unknown as Html;
      const value = html.value.trim();
      const start = START.exec(value);
      const end = END.exec(value);
      const at = { start: html.position?.start.offset ?? 0, end: html.position?.end.offset ?? 0, line: html.position?.start.line ?? 1 };
      if (start) markers.push({ kind: 'start', name: start[1] as string, hash: start[2] as string, ...at });
      else if (end) markers.push({ kind: 'end', name: end[1] as string, hash: '', ...at });
    }
    if (Array.isArray(node.children)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Node);
  }
  return markers;
}

function hashMarkers(text: string): Marker[] {
  const markers: Marker[] = [];
  let offset = 0;
  let line = 1;
  for (const raw of text.split('\n')) {
    const body = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const start = HASH_START.exec(body.trim());
    const end = HASH_END.exec(body.trim());
    // A CRLF line's marker ends after its `\r`, so the content starts on the next line as in Markdown.
    const at = { start: offset, end: offset + raw.length, line };
    if (start) markers.push({ kind: 'start', name: start[1] as string, hash: start[2] as string, ...at });
    else if (end) markers.push({ kind: 'end', name: end[1] as string, hash: '', ...at });
    offset += raw.length + 1;
    line++;
  }
  return markers;
}

const startMarker = (syntax: RegionSyntax, name: string, hash: string) => (syntax === 'hash' ? `# dsctl:generated ${name} sha256=${hash}` : `<!-- dsctl:generated ${name} sha256=${hash} -->`);
const endMarker = (syntax: RegionSyntax, name: string) => (syntax === 'hash' ? `# /dsctl:generated ${name}` : `<!-- /dsctl:generated ${name} -->`);

/** Short content hash: enough to notice a hand edit, short enough to read in a diff. */
export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/**
 * Finds the generated regions of a text. In Markdown through its syntax tree, so a marker quoted inside
 * a code block is not a marker; in a `#` file, line by line. Markers must pair up, in order, without nesting.
 */
export function findRegions(text: string, syntax: RegionSyntax = 'markdown'): { regions: Region[]; problems: MarkerProblem[] } {
  const markers = syntax === 'hash' ? hashMarkers(text) : markdownMarkers(text);
  const regions: Region[] = [];
  const problems: MarkerProblem[] = [];
  const seen = new Set<string>();
  let open: Marker | undefined;
  for (const marker of markers) {
    const line = marker.line;
    if (marker.kind === 'start') {
      if (open) problems.push({ code: 'marker-unbalanced', name: open.name, line: open.line, message: `region "${open.name}" is not closed before "${marker.name}" starts` });
      open = marker;
      continue;
    }
    if (!open || open.name !== marker.name) {
      if (open) problems.push({ code: 'marker-unbalanced', name: open.name, line: open.line, message: `region "${open.name}" is not closed before the end marker of "${marker.name}"` });
      problems.push({ code: 'marker-unbalanced', name: marker.name, line, message: `end marker of "${marker.name}" has no matching start marker` });
      open = undefined;
      continue;
    }
    const start = open.start;
    const startEnd = open.end;
    const contentStart = text.charCodeAt(startEnd) === 10 ? startEnd + 1 : startEnd;
    const contentEnd = marker.start;
    const end = marker.end;
    if (seen.has(open.name)) {
      problems.push({ code: 'marker-duplicated', name: open.name, line: open.line, message: `region "${open.name}" appears more than once` });
    }
    seen.add(open.name);
    regions.push({ name: open.name, hash: open.hash, content: text.slice(contentStart, contentEnd), start, contentStart, contentEnd, end, line: open.line });
    open = undefined;
  }
  if (open) problems.push({ code: 'marker-unbalanced', name: open.name, line: open.line, message: `region "${open.name}" has no end marker ${endMarker(syntax, open.name)}` });
  return { regions, problems };
}

/** The text of one region, markers included, for `content` (which must end with a newline or be empty). */
export function renderRegion(name: string, content: string, syntax: RegionSyntax = 'markdown'): string {
  const body = content === '' || content.endsWith('\n') ? content : `${content}\n`;
  return `${startMarker(syntax, name, contentHash(body))}\n${body}${endMarker(syntax, name)}`;
}

/** How a region of `syntax` is written in a message: `<!-- dsctl:generated NAME … -->`. */
export function regionMarkerHint(name: string, syntax: RegionSyntax = 'markdown'): string {
  return syntax === 'hash' ? `# dsctl:generated ${name} …` : `<!-- dsctl:generated ${name} … -->`;
}

/**
 * Replaces the content of the named regions, leaving every other byte as it was. Throws a UserError
 * (nothing is written by the caller) when markers are unbalanced or a region is missing.
 */
export function spliceRegions(text: string, file: string, contents: ReadonlyMap<string, string>, syntax: RegionSyntax = 'markdown'): string {
  const { regions, problems } = findRegions(text, syntax);
  const first = problems[0];
  if (first) {
    throw new UserError(first.code.replace('marker-', 'view/marker-'), `${file}:${first.line}: ${first.message}`, { location: { file, line: first.line, column: 1 }, sourceText: text });
  }
  const missing = [...contents.keys()].filter((name) => !regions.some((r) => r.name === name));
  if (missing.length) {
    throw new UserError('view/marker-missing', `${file}: no generated region ${missing.map((m) => `"${m}"`).join(', ')}; add ${startMarker(syntax, missing[0] as string, '0')} and ${endMarker(syntax, missing[0] as string)} where it belongs`, {
      location: { file },
    });
  }
  let out = '';
  let cursor = 0;
  for (const region of regions) {
    const content = contents.get(region.name);
    if (content === undefined) continue;
    out += text.slice(cursor, region.start) + renderRegion(region.name, content, syntax);
    cursor = region.end;
  }
  return out + text.slice(cursor);
}

/** The text with every region's content and hash blanked: what a human owns. */
export function withoutRegions(text: string, syntax: RegionSyntax = 'markdown'): string {
  const { regions } = findRegions(text, syntax);
  let out = '';
  let cursor = 0;
  for (const region of regions) {
    out += `${text.slice(cursor, region.start)}${syntax === 'hash' ? `# dsctl:generated ${region.name}` : `<!-- dsctl:generated ${region.name} -->`}`;
    cursor = region.end;
  }
  return out + text.slice(cursor);
}
