/**
 * The strings of a tool's input that may name files, for tools dsctl does not know (MCP tools, new
 * built-ins). Bounded whatever the input: an iterative walk over at most MAX_VALUES values, each
 * string cut at MAX_STRING characters.
 */
const MAX_VALUES = 4096;
const MAX_STRING = 4096;
const MAX_CANDIDATES = 2048;

export function stringsIn(input: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [input];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_VALUES) {
    const value = stack.pop();
    visited++;
    if (typeof value === 'string') out.push(value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value);
    else if (Array.isArray(value)) for (let i = Math.min(value.length, MAX_VALUES) - 1; i >= 0; i--) stack.push(value[i]);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, MAX_VALUES)) {
        out.push(key.slice(0, MAX_STRING));
        stack.push(inner);
      }
    }
  }
  return out;
}

/** Each string of one line as a whole (`design`), then the words of all that look like paths (a `/` or a `.` in them); `file://` removed. */
export function pathCandidates(strings: readonly string[]): string[] {
  const out = new Set<string>();
  const add = (word: string): boolean => {
    const path = word.trim().replace(/^file:\/\//, '');
    if (path.length > 0 && path.length <= 1024 && !path.includes('\n')) out.add(path);
    return out.size >= MAX_CANDIDATES;
  };
  for (const s of strings) if (add(s)) return [...out];
  for (const s of strings) {
    for (const word of s.split(/[\s"'`,;=()<>|&{}[\]]+/).slice(0, 64)) if (/[./]/.test(word) && add(word)) return [...out];
  }
  return [...out];
}
