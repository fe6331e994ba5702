import { canonicalJson } from '../governance/canonical-json.js';
import { UserError } from '../diagnostics/user-error.js';
import type { PlacedToken } from './token-layout.js';

const at = (t: PlacedToken) => `${t.location.file}:${t.location.line}:${t.location.column}`;
const key = (t: PlacedToken) => canonicalJson({ type: t.type, value: t.value });

/**
 * One token per place. Within one source the later declaration wins (the cascade, a later token set);
 * two sources that disagree on a place are a conflict: every conflict is listed, with every location,
 * and the import stops (exit 2) before anything is written. Equal values merge; the first description wins.
 */
export function mergeTokens(placed: readonly PlacedToken[]): PlacedToken[] {
  const bySource = new Map<string, PlacedToken>();
  for (const token of placed) bySource.set(`${token.target}\0${token.location.file}`, token);
  const byTarget = new Map<string, PlacedToken[]>();
  for (const token of bySource.values()) byTarget.set(token.target, [...(byTarget.get(token.target) ?? []), token]);

  const merged: PlacedToken[] = [];
  const conflicts: string[] = [];
  for (const [target, candidates] of byTarget) {
    const first = candidates[0];
    if (!first) continue;
    if (candidates.some((c) => key(c) !== key(first))) {
      conflicts.push(`${target}: ${candidates.map((c) => `${JSON.stringify(c.value)} at ${at(c)}`).join(' ≠ ')}`);
      continue;
    }
    const description = candidates.find((c) => c.description)?.description;
    const css = candidates.find((c) => c.css)?.css;
    merged.push({ ...first, ...(description ? { description } : {}), ...(css ? { css } : {}) });
  }
  if (conflicts.length > 0) {
    const first = placed.find((t) => conflicts[0]?.startsWith(`${t.target}:`));
    throw new UserError('tokens/import-conflict', `${conflicts.length} token(s) have different values in different sources; nothing was written. Fix the sources or import one of them.`, {
      ...(first ? { location: first.location } : {}),
      details: conflicts.sort(),
    });
  }
  return merged;
}
