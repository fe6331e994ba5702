import type { Root } from 'mdast';
import { commandTexts } from './command-texts.js';

/** `npm run X` or `dsctl X` where the playbook names a command. */
export interface Mention {
  readonly kind: 'npm' | 'dsctl';
  /** The mention as written, `npm run design:drift`, `dsctl gate check`. */
  readonly text: string;
  /** Script name, or the command words after `dsctl`. */
  readonly words: readonly string[];
  readonly line: number;
}

const NPM_RUN = /(?<![\w-])npm[ \t]+(?:run|run-script)[ \t]+([\w@][^\s`'",;|&()<>]*)/g;
/** The rest of the line is looked at, not consumed, so `dsctl a && dsctl b` yields two mentions. */
const DSCTL = /(?<![\w.@:-])dsctl(?=([ \t][^\n]*))/g;
const WORD = /^[a-z][a-z0-9-]*$/;

/** Every mention in code spans, code blocks and table cells, in document order. */
export function collectMentions(root: Root, source: string): Mention[] {
  const mentions: Mention[] = [];
  for (const { text, line } of commandTexts(root, source)) {
    const lineAt = (index: number) => line + (text.slice(0, index).match(/\n/g)?.length ?? 0);
    for (const match of text.matchAll(NPM_RUN)) {
      const script = (match[1] ?? '').replace(/[.:]+$/, '');
      mentions.push({ kind: 'npm', text: `npm run ${script}`, words: [script], line: lineAt(match.index) });
    }
    for (const match of text.matchAll(DSCTL)) {
      const words: string[] = [];
      for (const token of (match[1] ?? '').trim().split(/[ \t]+/)) {
        if (!WORD.test(token)) break;
        words.push(token);
      }
      if (words.length) mentions.push({ kind: 'dsctl', text: `dsctl ${words.join(' ')}`, words, line: lineAt(match.index) });
    }
  }
  return mentions;
}
