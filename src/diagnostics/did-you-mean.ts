/** Suggestions for a mistyped name, as one sentence; undefined when nothing is close. */
export function nearestNames(name: string, candidates: Iterable<string>, max = 3): string | undefined {
  const scored = [...candidates]
    .map((c) => ({ c, d: editDistance(name, c) }))
    .filter(({ c, d }) => d <= Math.max(2, Math.floor(c.length / 3)))
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, max);
  return scored.length ? `did you mean ${scored.map(({ c }) => `"${c}"`).join(', ')}?` : undefined;
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}
