/** Lines of `wanted` (comments travel with the line after them) missing from `current`, appended; nothing removed. */
export function mergeGitignore(current: string, wanted: string): { text: string; added: readonly string[] } {
  // `node_modules`, `/node_modules` and `node_modules/` ignore the same folder at the root.
  const norm = (line: string) => line.trim().replace(/^\//, '').replace(/\/$/, '');
  const have = new Set(current.split(/\r?\n/).map(norm).filter((l) => l !== '' && !l.startsWith('#')));
  const add: string[] = [];
  const added: string[] = [];
  let comments: string[] = [];
  for (const line of wanted.split('\n')) {
    if (line.trim().startsWith('#')) {
      comments.push(line);
      continue;
    }
    if (line.trim() !== '' && !have.has(norm(line))) {
      add.push(...comments, line);
      added.push(line);
    }
    comments = [];
  }
  if (add.length === 0) return { text: current, added };
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  const sep = current === '' ? '' : current.endsWith('\n') ? eol : `${eol}${eol}`;
  return { text: `${current}${sep}${current === '' ? '' : `# dsctl${eol}`}${add.join(eol)}${eol}`, added };
}
