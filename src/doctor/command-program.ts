import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { LAUNCHER_FROM_ANYWHERE, LAUNCHER_PATH } from '../project/launcher.js';
import { findExecutable } from '../sandbox/sandbox.js';

/**
 * What the first word of an integration's command line runs, as the agent's shell would find it:
 * `"$CLAUDE_PROJECT_DIR"/.dsctl/bin/dsctl hook claude pre-tool-use`, `npx --no-install dsctl …`.
 */
export type CommandProgram =
  /** `word` is the first word as written; `path` what it resolves to. */
  | { readonly kind: 'found'; readonly word: string; readonly path: string; readonly launcher: boolean }
  /** `npx`, `bunx`, `pnpm dlx`, `yarn dlx`: may download and run whatever owns the name. */
  | { readonly kind: 'network'; readonly word: string }
  | { readonly kind: 'missing'; readonly word: string; readonly path: string }
  | { readonly kind: 'not-executable'; readonly word: string; readonly path: string }
  | { readonly kind: 'not-on-path'; readonly word: string }
  /** A variable doctor cannot know (set by the agent at run time), or no command at all. */
  | { readonly kind: 'unresolved'; readonly word: string; readonly reason: string };

export interface ProgramOptions {
  /** Relative paths are read from here (where the agent runs the command: the project root). */
  readonly root: string;
  /** Variables the agent sets for its commands (`CLAUDE_PROJECT_DIR`), then the environment. */
  readonly vars?: Readonly<Record<string, string>>;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const RUNNERS_THAT_FETCH = new Set(['npx', 'bunx', 'pnpx']);
const FETCH_SUBCOMMAND: Readonly<Record<string, string>> = { pnpm: 'dlx', yarn: 'dlx', bun: 'x', npm: 'exec' };

export function commandProgram(command: string, options: ProgramOptions): CommandProgram {
  // The walk-up form `hooks install` writes for Cursor and Codex runs the project's launcher.
  if (command.startsWith(`${LAUNCHER_FROM_ANYWHERE} `)) return commandProgram(`${LAUNCHER_PATH}${command.slice(LAUNCHER_FROM_ANYWHERE.length)}`, options);
  const lookup = (name: string) => options.vars?.[name] ?? options.env?.[name];
  const words = leadingWords(command, 2, lookup);
  if ('unresolved' in words) return { kind: 'unresolved', word: words.raw, reason: words.unresolved };
  const [word, next] = words.words;
  if (word === undefined) return { kind: 'unresolved', word: '', reason: 'the command is empty' };
  const written = words.raw;
  const name = word.split('/').pop() ?? word;
  if (RUNNERS_THAT_FETCH.has(name) || (next !== undefined && FETCH_SUBCOMMAND[name] === next)) return { kind: 'network', word: written };
  if (!word.includes('/')) {
    const path = findExecutable(word, options.env?.PATH ?? '');
    return path === undefined ? { kind: 'not-on-path', word: written } : { kind: 'found', word: written, path, launcher: false };
  }
  const home = lookup('HOME');
  const expanded = word.startsWith('~/') && home ? join(home, word.slice(2)) : word;
  const path = normalize(isAbsolute(expanded) ? expanded : join(options.root, expanded));
  if (!isFile(path)) return { kind: 'missing', word: written, path };
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return { kind: 'not-executable', word: written, path };
  }
  return { kind: 'found', word: written, path, launcher: path === normalize(join(options.root, LAUNCHER_PATH)) };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The first `count` shell words of a command line after its leading `NAME=value` assignments, with
 * quotes removed and `$NAME`/`${NAME}` expanded. Enough for the commands integrations run; anything
 * the shell would do more with (`$(…)`, globs) stays as written and is then simply not found.
 */
function leadingWords(command: string, count: number, lookup: (name: string) => string | undefined): { words: string[]; raw: string } | { raw: string; unresolved: string } {
  const words: string[] = [];
  let raw = '';
  let i = 0;
  const text = command.trimStart();
  while (words.length < count && i < text.length) {
    let word = '';
    const start = i;
    let quote: '"' | "'" | undefined;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (quote === undefined && /\s/.test(c)) break;
      if (quote === undefined && (c === '"' || c === "'")) {
        quote = c;
        continue;
      }
      if (c === quote) {
        quote = undefined;
        continue;
      }
      if (c === '$' && quote !== "'") {
        const match = /^\$(?:\{(\w+)\}|(\w+))/.exec(text.slice(i));
        if (match) {
          const name = (match[1] ?? match[2])!;
          const value = lookup(name);
          if (value === undefined) return { raw: text.slice(start).split(/\s/)[0] ?? '', unresolved: `$${name} is not set here` };
          word += value;
          i += match[0].length - 1;
          continue;
        }
      }
      if (c === '\\' && quote !== "'" && i + 1 < text.length) {
        word += text[++i];
        continue;
      }
      word += c;
    }
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (words.length === 0 && /^[A-Za-z_]\w*=/.test(word)) continue;
    if (words.length === 0) raw = text.slice(start, i).trimEnd();
    words.push(word);
  }
  return { words, raw };
}
