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

/** Short content hash: enough to notice a hand edit, short enough to read in a diff. */
export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/**
 * Finds the generated regions of a Markdown text through its syntax tree, so a marker quoted inside a
 * code block is not a marker. Markers must pair up, in order, without nesting.
 */
export function findRegions(text: string): { regions: Region[]; problems: MarkerProblem[] } {
  const markers: { node: Html; kind: 'start' | 'end'; name: string; hash: string }[] = [];
  const tree = parseMarkdown(text);
  const visit = (nodes: readonly { type: string; children?: unknown[] }[]) => {
    for (const node of nodes) {
      if (node.type === 'html') {
        const html = node as unknown as Html;
        const value = html.value.trim();
        const start = START.exec(value);
        const end = END.exec(value);
        if (start) markers.push({ node: html, kind: 'start', name: start[1] as string, hash: start[2] as string });
        else if (end) markers.push({ node: html, kind: 'end', name: end[1] as string, hash: '' });
      }
      if (Array.isArray(node.children)) visit(node.children as { type: string; children?: unknown[] }[]);
    }
  };
  visit(tree.children);

  const regions: Region[] = [];
  const problems: MarkerProblem[] = [];
  const seen = new Set<string>();
  let open: (typeof markers)[number] | undefined;
  for (const marker of markers) {
    const line = marker.node.position?.start.line ?? 1;
    if (marker.kind === 'start') {
      if (open) problems.push({ code: 'marker-unbalanced', name: open.name, line: open.node.position?.start.line ?? 1, message: `region "${open.name}" is not closed before "${marker.name}" starts` });
      open = marker;
      continue;
    }
    if (!open || open.name !== marker.name) {
      if (open) problems.push({ code: 'marker-unbalanced', name: open.name, line: open.node.position?.start.line ?? 1, message: `region "${open.name}" is not closed before the end marker of "${marker.name}"` });
      problems.push({ code: 'marker-unbalanced', name: marker.name, line, message: `end marker of "${marker.name}" has no matching start marker` });
      open = undefined;
      continue;
    }
    const start = open.node.position?.start.offset ?? 0;
    const startEnd = open.node.position?.end.offset ?? start;
    const contentStart = text.charCodeAt(startEnd) === 10 ? startEnd + 1 : startEnd;
    const contentEnd = marker.node.position?.start.offset ?? contentStart;
    const end = marker.node.position?.end.offset ?? contentEnd;
    if (seen.has(open.name)) {
      problems.push({ code: 'marker-duplicated', name: open.name, line: open.node.position?.start.line ?? 1, message: `region "${open.name}" appears more than once` });
    }
    seen.add(open.name);
    regions.push({ name: open.name, hash: open.hash, content: text.slice(contentStart, contentEnd), start, contentStart, contentEnd, end, line: open.node.position?.start.line ?? 1 });
    open = undefined;
  }
  if (open) problems.push({ code: 'marker-unbalanced', name: open.name, line: open.node.position?.start.line ?? 1, message: `region "${open.name}" has no end marker <!-- /dsctl:generated ${open.name} -->` });
  return { regions, problems };
}

/** The text of one region, markers included, for `content` (which must end with a newline or be empty). */
export function renderRegion(name: string, content: string): string {
  const body = content === '' || content.endsWith('\n') ? content : `${content}\n`;
  return `<!-- dsctl:generated ${name} sha256=${contentHash(body)} -->\n${body}<!-- /dsctl:generated ${name} -->`;
}

/**
 * Replaces the content of the named regions, leaving every other byte as it was. Throws a UserError
 * (nothing is written by the caller) when markers are unbalanced or a region is missing.
 */
export function spliceRegions(text: string, file: string, contents: ReadonlyMap<string, string>): string {
  const { regions, problems } = findRegions(text);
  const first = problems[0];
  if (first) {
    throw new UserError(first.code.replace('marker-', 'view/marker-'), `${file}:${first.line}: ${first.message}`, { location: { file, line: first.line, column: 1 }, sourceText: text });
  }
  const missing = [...contents.keys()].filter((name) => !regions.some((r) => r.name === name));
  if (missing.length) {
    throw new UserError('view/marker-missing', `${file}: no generated region ${missing.map((m) => `"${m}"`).join(', ')}; add <!-- dsctl:generated ${missing[0]} sha256=0 --> and <!-- /dsctl:generated ${missing[0]} --> where it belongs`, {
      location: { file },
    });
  }
  let out = '';
  let cursor = 0;
  for (const region of regions) {
    const content = contents.get(region.name);
    if (content === undefined) continue;
    out += text.slice(cursor, region.start) + renderRegion(region.name, content);
    cursor = region.end;
  }
  return out + text.slice(cursor);
}

/** The text with every region's content and hash blanked: what a human owns. */
export function withoutRegions(text: string): string {
  const { regions } = findRegions(text);
  let out = '';
  let cursor = 0;
  for (const region of regions) {
    out += `${text.slice(cursor, region.start)}<!-- dsctl:generated ${region.name} -->`;
    cursor = region.end;
  }
  return out + text.slice(cursor);
}
