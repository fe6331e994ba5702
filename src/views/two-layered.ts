import { readFrontMatter } from './front-matter.js';

/**
 * Two-layered files (DESIGN.md, the playbook): automation may rewrite the generated front matter and
 * the generated regions; everything else is a human decision. True when `before` → `after` touches
 * nothing outside them. The gates, the hook and the workspace guard use this to let regeneration
 * through and stop everything else.
 *
 * It runs on text an agent wrote, inside the hook: it must stay linear and must not recurse, whatever
 * the input (a Markdown parser takes seconds on 50 KB of nested emphasis and overflows the stack on
 * deep block quotes). So the regions are found by one pass over the lines that can only under-count
 * them: a marker line counts when nothing before it could have swallowed it (a fenced code block, an
 * HTML block). A region it misses is compared as human text, which only ever denies more.
 */
export function onlyGeneratedRegionsChanged(path: string, before: string, after: string): boolean {
  if (before === after) return true;
  // Only Markdown has generated regions; in any other file every byte is one layer.
  if (!/\.(md|markdown)$/i.test(path)) return false;
  return humanLayer(before) === humanLayer(after);
}

function humanLayer(text: string): string {
  const fm = readFrontMatter(text);
  // Only a front matter dsctl wrote is generated; a hand-written one is human text.
  const body = fm && fm.hash !== undefined ? `---generated---\n${text.slice(fm.bodyStart)}` : text;
  return withoutSafeRegions(body);
}

const START = /^<!--\s*dsctl:generated\s+([a-z0-9-]+)\s+sha256=([0-9a-f]+)\s*-->$/;
const END = /^<!--\s*\/dsctl:generated\s+([a-z0-9-]+)\s*-->$/;
/** A line that defines a link or footnote reference, which changes how links elsewhere in the file resolve. */
const DEFINITION = /^[ >]*\[[^\]\n]+\]:/;

/** What the scanner is inside of: nothing, a top-level fence or HTML block (with how it ends), or something it cannot follow. */
type State = { readonly kind: 'none' } | { readonly kind: 'open'; readonly ends: (line: string) => boolean } | { readonly kind: 'lost' };
const NONE: State = { kind: 'none' };
const LOST: State = { kind: 'lost' };

/** The text with the content of every region found blanked (markers kept by name): what a human owns. */
function withoutSafeRegions(text: string): string {
  let out = '';
  let cursor = 0;
  let state: State = NONE;
  let open: { name: string; start: number; lineEnd: number } | undefined;
  let offset = 0;
  for (;;) {
    const newline = text.indexOf('\n', offset);
    const lineEnd = newline < 0 ? text.length : newline;
    const raw = text.slice(offset, lineEnd);
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const was: State = state;
    state = next(state, line);
    // A marker is a whole line at column 0 while nothing is open: an HTML block of its own, by CommonMark.
    const marker = was.kind === 'none' && line.startsWith('<!--') ? line.trimEnd() : undefined;
    const start = marker === undefined ? undefined : START.exec(marker);
    const end = marker === undefined ? undefined : END.exec(marker);
    if (start) {
      open = { name: start[1] as string, start: offset, lineEnd };
    } else if (end) {
      const content = open ? text.slice(open.lineEnd + 1, offset) : '';
      if (open && end[1] === open.name && !content.split('\n').some((l) => DEFINITION.test(l))) {
        out += `${text.slice(cursor, open.start)}<!-- dsctl:generated ${open.name} -->`;
        cursor = lineEnd;
      }
      open = undefined;
    }
    if (newline < 0) break;
    offset = newline + 1;
  }
  return out + text.slice(cursor);
}

/** Openers that may be indented or sit in a container (a tab, a `>`, a list marker before them). */
const NESTED_OPENER = /^[ \t>*+\-\d.)]*?(?:`{3,}|~{3,}|<)/;
const FENCE = /^(`{3,}|~{3,})/;
const HTML_ENDS: readonly [RegExp, number, RegExp][] = [
  [/^<(?:script|pre|style|textarea)(?:[\s>]|$)/i, 1, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, 4, /-->/],
  [/^<\?/, 2, /\?>/],
  [/^<!\[CDATA\[/, 9, /\]\]>/],
  [/^<![A-Za-z]/, 2, />/],
];

/**
 * The state after `line`. Only blocks opened at column 0 outside any container are followed, with the
 * end CommonMark gives them; a fence or HTML block that may be indented or nested (in a list item, a
 * block quote) can end in ways this scan does not track, so from there on it is lost: no later marker
 * counts, and the rest of the file is compared byte for byte.
 */
function next(state: State, line: string): State {
  if (state.kind === 'lost') return state;
  if (state.kind === 'open') return state.ends(line) ? NONE : state;
  const fence = FENCE.exec(line);
  if (fence) {
    const marker = fence[1] as string;
    const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    return { kind: 'open', ends: (l) => close.test(l) };
  }
  if (line.startsWith('<')) {
    for (const [opens, after, closes] of HTML_ENDS) {
      if (!opens.test(line)) continue;
      // Types 1–5 end at the line holding their end string, which may be the line that opens them.
      return closes.test(line.slice(after)) ? NONE : { kind: 'open', ends: (l) => closes.test(l) };
    }
    return { kind: 'open', ends: (l) => l.trim() === '' }; // types 6 and 7 end at a blank line
  }
  return NESTED_OPENER.test(line) ? LOST : NONE;
}
