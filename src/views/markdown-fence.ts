/** A fenced code block whose fence is longer than any backtick run inside, so the content cannot close it. */
export function fencedBlock(text: string, lang = ''): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** The longest run of `ch` in `text`: how many backticks an inline code span or fence must outnumber. */
export function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}
