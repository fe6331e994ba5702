/** Key names as ARIA practices write them: `' '` is Space, Vue's `.enter` modifier is Enter. */
export function keyName(raw: string): string | undefined {
  if (raw === ' ' || raw.toLowerCase() === 'space' || raw === 'Spacebar') return 'Space';
  const vue: Record<string, string> = { enter: 'Enter', esc: 'Escape', escape: 'Escape', tab: 'Tab', up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', delete: 'Delete', home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown' };
  const known = vue[raw.toLowerCase()];
  if (known) return known;
  return /^[A-Z][A-Za-z0-9]*$/.test(raw) || /^[a-z0-9]$/i.test(raw) ? raw : undefined;
}

/** Sorted and deduplicated, so a re-scan writes the same bytes. */
export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}
