import type { Root } from 'mdast';
import { lineOf, textOf, walk } from '../../views/markdown.js';
import { defineSelfDriftCheck, type SelfDriftReport } from './check.js';
import { readPlaybook } from './playbook.js';

const MARKER = /<!--\s*dsctl:marker\s+(\S+?)\s*-->/g;

const codes = {
  'playbook-marker-missing': {
    severity: 'error',
    message: (a: { name: string }) =>
      `governance marker "${a.name}" is missing; expected <!-- dsctl:marker ${a.name} --> right after the heading of its section`,
  },
  'playbook-marker-empty': {
    severity: 'error',
    message: (a: { name: string }) =>
      `governance marker "${a.name}" has no text before the next heading; expected the section to state its rule`,
  },
  'playbook-marker-duplicated': {
    severity: 'error',
    message: (a: { name: string; first: number }) =>
      `governance marker "${a.name}" appears again (first at line ${a.first}); expected each governance section once`,
  },
} as const;

/**
 * The governance sections of the playbook (selfDrift.markers of the policy) are the safety invariants
 * of the loops: a playbook without one has lost a limit.
 */
export const check = defineSelfDriftCheck({
  id: 'playbook-markers',
  meta: {
    docs: { description: 'every governance marker of the policy (selfDrift.markers) is in the playbook once, right after a heading, with a non-empty section' },
    codes,
  },
  run(files, context) {
    const playbook = readPlaybook(files, context);
    if (!playbook) return [];
    const { file, root } = playbook;
    const found = markersOf(root);
    const reports: SelfDriftReport<typeof codes>[] = [];
    const first = new Map<string, number>();
    for (const marker of found) {
      const seen = first.get(marker.name);
      if (seen !== undefined) reports.push({ code: 'playbook-marker-duplicated', file, line: marker.line, args: { name: marker.name, first: seen } });
      else first.set(marker.name, marker.line);
    }
    for (const name of context.policy.selfDrift.markers) {
      const occurrences = found.filter((m) => m.name === name);
      if (!occurrences.length) reports.push({ code: 'playbook-marker-missing', file, args: { name } });
      for (const marker of occurrences) {
        if (!hasBody(root, marker.top)) reports.push({ code: 'playbook-marker-empty', file, line: marker.line, args: { name } });
      }
    }
    return reports;
  },
});

/** Every marker in HTML of the document (not in code), with its line and the index of its top-level node. */
function markersOf(root: Root): { name: string; line: number; top: number }[] {
  const found: { name: string; line: number; top: number }[] = [];
  walk(root, (node, ancestors) => {
    if (node.type !== 'html') return;
    const top = ancestors[1] ?? node;
    for (const match of node.value.matchAll(MARKER)) {
      const line = lineOf(node) + (node.value.slice(0, match.index).match(/\n/g)?.length ?? 0);
      found.push({ name: match[1] ?? '', line, top: root.children.indexOf(top as (typeof root.children)[number]) });
    }
  });
  return found;
}

/** Whether text other than HTML follows the top-level node at `index` before the next heading. */
function hasBody(root: Root, index: number): boolean {
  const own = root.children[index];
  if (own && own.type !== 'html' && textOf(own).trim() !== '') return true; // a marker nested in a block
  for (const node of root.children.slice(index + 1)) {
    if (node.type === 'heading') return false;
    if (node.type !== 'html' && textOf(node).trim() !== '') return true;
  }
  return false;
}
