import { readFrontMatter } from './front-matter.js';
import { withoutRegions } from './regions.js';

/**
 * Two-layered files (DESIGN.md, the playbook): automation may rewrite the generated front matter and
 * the generated regions; everything else is a human decision. True when `before` → `after` touches
 * nothing outside them. The gates use this to let regeneration through and stop everything else.
 */
export function onlyGeneratedRegionsChanged(path: string, before: string, after: string): boolean {
  // Only Markdown has generated regions; in any other file every byte is one layer.
  if (!/\.(md|markdown)$/i.test(path)) return before === after;
  return humanLayer(before) === humanLayer(after);
}

function humanLayer(text: string): string {
  const fm = readFrontMatter(text);
  // Only a front matter dsctl wrote is generated; a hand-written one is human text.
  const body = fm && fm.hash !== undefined ? `---generated---\n${text.slice(fm.bodyStart)}` : text;
  return withoutRegions(body);
}
