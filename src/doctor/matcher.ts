/**
 * Which of `tools` a hook matcher leaves out, read as Claude Code reads it (Codex follows it): `*`,
 * `""` or no matcher match every tool; a matcher of only letters, digits, `_`, `-` and `|` is a list of
 * exact names; anything else is an unanchored JavaScript regular expression.
 */
export function uncoveredTools(matcher: string | undefined, tools: readonly string[]): { uncovered: string[] } | { error: string } {
  if (matcher === undefined || matcher === '' || matcher === '*') return { uncovered: [] };
  if (/^[\w|-]+$/.test(matcher)) {
    const names = new Set(matcher.split('|'));
    return { uncovered: tools.filter((t) => !names.has(t)) };
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(matcher);
  } catch (error) {
    return { error: (error as Error).message };
  }
  return { uncovered: tools.filter((t) => !pattern.test(t)) };
}
