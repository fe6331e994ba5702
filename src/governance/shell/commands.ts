/**
 * What each command writes, as a table: writers (which arguments are the files they change), wrappers
 * (which argument starts the command they run), shells (which argument is code to analyse) and
 * interpreters (which argument is inline code). Commands that are not here write nothing that can be
 * known from the command line; the workspace guard (layer 2) still sees what they do. The builtins
 * that change the shell itself (`cd`, `eval`, `command`, `exit`) are the walker's, not this table's.
 */
import { posix } from 'node:path';
import type { FindFilter } from '../gate-space.js';
import type { ReadResult } from './files.js';
import { has, parseArgs, values, type OptionSpec, type ParsedArgs } from './options.js';
import type { Arg } from './words.js';

/** What a command handler can do with what it finds. */
export interface Runner {
  /** `path`, as the command sees it, is created, changed or removed by `via`. */
  write(path: Arg, via: string): void;
  /** `interpreter` runs `code` given inline. */
  inline(interpreter: string, code: string): void;
  /** The command runs `code` as shell code (`bash -c`, `eval`, `trap`); `fromFile` when it was read from a script. */
  shell(code: string, origin: string, fromFile?: boolean): void;
  /** The command runs `args` as a command (`sudo rm …`). */
  exec(args: readonly Arg[]): void;
  /** A runner for what the command does in directory `dir` (`git -C dir`, `env -C dir`, `sudo -D dir`). */
  within(dir: Arg): Runner;
  /** A runner that only reports the writes `keep` accepts (it sees them as written), for commands run on paths not known yet. */
  filter(keep: (path: Arg, via: string) => boolean): Runner;
  /** Names known only at run time are written under `dir` (`*`: anywhere); with `filters`, only existing files passing them (find). */
  scopeWrite(dir: Arg, via: string, filters?: readonly FindFilter[]): void;
  /** `name` becomes a symbolic link to `target`: later writes through it land there. */
  link(name: Arg, target: Arg): void;
  /** A file the command reads as code (a script, package.json), or why it cannot be read. */
  read(path: Arg): ReadResult;
  /** A dsctl command only a person may run. */
  forbid(reason: string): void;
  /**
   * A runner for a command whose names come from elsewhere (`{}` of find, a line of xargs' input):
   * `unknownAt` says where in a path such a name starts; the write becomes one of unknown names under
   * the folder before it, or under `dirs` when the whole path is unknown.
   */
  unknownNames(unknownAt: (path: Arg) => number | undefined, dirs: readonly Arg[], filters?: readonly FindFilter[]): Runner;
  /** The command does something that cannot be decided from the line: a person decides (headless: denied). */
  unknowable(reason: string): void;
  /** The file standard input is redirected from (`sh < x`). */
  readonly stdinFile: Arg | undefined;
  /** The files a `find` before this command in the pipeline prints (`find … | xargs …`). */
  readonly stdinFound: FoundFiles | undefined;
  /** This command prints the names of these files (find), for the next command of a pipeline. */
  prints(found: FoundFiles): void;
  /** Program text the command gets on standard input from a here-document or here-string. */
  readonly stdinText: string | undefined;
  /** Standard input comes from the previous command of a pipeline. */
  readonly stdinPiped: boolean;
}

export type Handler = (args: readonly Arg[], run: Runner, name: string) => void;

/** Existing files under `roots` that pass `filters`: what a `find` prints. */
export interface FoundFiles {
  readonly roots: readonly Arg[];
  readonly filters: readonly FindFilter[];
}

const arg = (text: string, literal = true): Arg => ({ text, literal });
const ANYWHERE: Arg = arg('*');
const HERE: Arg = arg('.');
/** An operand that only exists at run time (what `xargs` appends). */
const FROM_INPUT: Arg = { text: '\0input', literal: false, prefix: '' };
const isGlob = (a: Arg) => /[*?[]/.test(a.text);
/** Where the first of `markers` occurs in `text`. */
function firstIndex(text: string, markers: readonly string[]): number | undefined {
  const at = markers.map((m) => text.indexOf(m)).filter((i) => i >= 0);
  return at.length > 0 ? Math.min(...at) : undefined;
}

/** `dir/basename(src)`: where `cp src dir/` puts its copy. */
function into(dir: Arg, src: Arg): Arg {
  return arg(`${dir.text.replace(/\/+$/, '')}/${posix.basename(src.text)}`, dir.literal && src.literal);
}

/** The files a cp/mv/install/ln-style command creates: `-t DIR`, `… DIR/`, several sources, or `SRC DEST`. */
function targets(parsed: ParsedArgs, targetDirectory: readonly Arg[]): { sources: Arg[]; created: Arg[] } {
  const operands = [...parsed.operands];
  const dir = targetDirectory[0];
  if (dir) return { sources: operands, created: operands.map((s) => into(dir, s)) };
  const dest = operands.pop();
  if (!dest) return { sources: [], created: [] };
  if (operands.length === 0) return { sources: [], created: [dest] };
  const toDirectory = !has(parsed, '-T', '--no-target-directory') && (dest.text.endsWith('/') || operands.length > 1);
  return { sources: operands, created: toDirectory ? operands.map((s) => into(dest, s)) : [dest] };
}

/** Every operand is written. */
function operandsWritten(spec: OptionSpec = {}, via?: string): Handler {
  return (args, run, name) => {
    for (const path of parseArgs(args, spec).operands) run.write(path, via ?? name);
  };
}

/** The operands after the first (a mode, an owner, a pattern) are written, unless `--reference` replaces it. */
function afterFirstOperand(spec: OptionSpec, isOption: (text: string) => boolean = (t) => t.startsWith('-')): Handler {
  return (args, run, name) => {
    // chmod -w file: a mode may start with `-`, so options are only what `isOption` recognises.
    const parsed = parseArgs(
      args.map((a) => (a.text.startsWith('-') && a.text !== '--' && !isOption(a.text) ? { ...a, text: `\0${a.text}` } : a)),
      spec,
    );
    const operands = parsed.operands.map((a) => (a.text.startsWith('\0') ? { ...a, text: a.text.slice(1) } : a));
    const files = has(parsed, '--reference') ? operands : operands.slice(1);
    for (const path of files) run.write(path, name);
  };
}

const copyLike =
  (spec: OptionSpec, opts: { sourcesWritten?: boolean; dirsOnly?: string } = {}): Handler =>
  (args, run, name) => {
    const parsed = parseArgs(args, spec);
    if (opts.dirsOnly !== undefined && has(parsed, opts.dirsOnly)) {
      for (const path of parsed.operands) run.write(path, name);
      return;
    }
    const dirs = values(parsed, '-t', '--target-directory');
    const { sources, created } = targets(parsed, dirs);
    const dest = dirs[0] ?? parsed.operands[parsed.operands.length - 1];
    created.forEach((path, i) => {
      const source = sources[i];
      // `cp -a tree/. .`, `cp -r x/* .`: what lands in the folder is named by the source's contents.
      if (dest && source && (isGlob(source) || /(^|\/)\.{1,2}\/?$/.test(source.text) || !source.literal)) run.scopeWrite(dest, name);
      else run.write(path, name);
    });
    // mv: the sources disappear.
    if (opts.sourcesWritten) for (const path of sources) run.write(path, name);
    // cp -l: a hard link makes the source's inode writable through the copy; cp -s links to it.
    if (name === 'cp' && has(parsed, '-l', '--link')) for (const path of sources) run.write(path, 'cp -l');
    if (name === 'cp' && has(parsed, '-s', '--symbolic-link')) created.forEach((path, i) => sources[i] && run.link(path, sources[i] as Arg));
  };

const ln: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'St', long: ['suffix', 'target-directory'] });
  const dirs = values(parsed, '-t', '--target-directory');
  // `ln -s /tmp/evil` links ./evil.
  const only = parsed.operands.length === 1 && dirs.length === 0 ? parsed.operands[0] : undefined;
  const { sources, created } = only ? { sources: [only], created: [arg(posix.basename(only.text), only.literal)] } : targets(parsed, dirs);
  for (const path of created) run.write(path, name);
  if (has(parsed, '-s', '--symbolic')) {
    // A link made here is a second name for its target for the rest of the line.
    created.forEach((path, i) => sources[i] && run.link(path, sources[i] as Arg));
  } else {
    // A hard link is the protected file itself under another name: making one is writing it.
    for (const path of sources) run.write(path, 'ln');
  }
};

const sed: Handler = (args, run) => {
  const scripts: string[] = [];
  let scriptGiven = false;
  let inPlace = false;
  let bsdSuffix = false;
  const operands: Arg[] = [];
  let onlyOperands = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as Arg;
    const t = a.text;
    if (onlyOperands || !t.startsWith('-') || t === '-') {
      operands.push(a);
      continue;
    }
    if (t === '--') {
      onlyOperands = true;
    } else if (t.startsWith('--')) {
      const [long = '', value] = t.slice(2).split(/=(.*)/s);
      if ('expression'.startsWith(long) && long !== '') {
        scriptGiven = true;
        scripts.push(value ?? args[i + 1]?.text ?? '');
        if (value === undefined) i++;
      } else if ('file'.startsWith(long) && long !== '') {
        scriptGiven = true;
        if (value === undefined) i++;
      } else if ('line-length'.startsWith(long) && long !== '' && value === undefined) {
        i++;
      } else if ('in-place'.startsWith(long) && long !== '') {
        inPlace = true;
      }
    } else {
      for (let j = 1; j < t.length; j++) {
        const c = t[j];
        const rest = t.slice(j + 1);
        if (c === 'e' || c === 'f') {
          scriptGiven = true;
          if (c === 'e') scripts.push(rest !== '' ? rest : (args[i + 1]?.text ?? ''));
          else run.unknowable('sed runs a script from a file');
          if (rest === '') i++;
          break;
        }
        if (c === 'l') {
          if (rest === '') i++;
          break;
        }
        if (c === 'i') {
          inPlace = true;
          // BSD sed: `sed -i '' …` (an empty suffix as its own argument).
          if (rest === '' && args[i + 1]?.text === '' && args[i + 1]?.literal) bsdSuffix = true;
          break;
        }
      }
      if (bsdSuffix) {
        i++;
        bsdSuffix = false;
        // GNU sed would take the next operand as the script, BSD sed as a file: count it as a file too.
        scriptGiven = true;
      }
    }
  }
  if (!scriptGiven && operands[0]) scripts.push(operands[0].text);
  for (const script of scripts) sedScriptWrites(script, run);
  if (!inPlace) return;
  for (const path of scriptGiven ? operands : operands.slice(1)) run.write(path, 'sed -i');
};

/**
 * The files a sed script writes itself: `w FILE`, `W FILE`, the `w FILE` flag of `s`; `e` runs shell
 * commands. A script read wrongly errs towards writes: any `w` where a command may start is one.
 */
function sedScriptWrites(script: string, run: Runner): void {
  const substitute = /s(.)((?:\\.|(?!\1)[^\\])*)\1((?:\\.|(?!\1)[^\\])*)\1([gpIiMme0-9]*)(?:w\s*([^\n;}]*))?/g;
  for (const line of script.split('\n')) {
    // `s/a/b/w FILE`, `s|a|b|ge`: the flags of each substitution, then the line without them.
    const rest = line.replace(substitute, (_whole, _d, _from, _to, flags: string, file: string | undefined) => {
      if (flags.includes('e')) run.unknowable('sed runs shell commands (the e flag)');
      if (file !== undefined && file.trim() !== '') run.write(arg(file.trim()), 'sed s///w');
      return ';';
    });
    // A command starts the line, or follows `;`, `{`, `}`, an address (`1`, `$`, `/re/`, `1,5`, `!`).
    for (const m of rest.matchAll(/(?:^|[;{}]|[\d$/!])\s*([wW])\s*([^;}\n]*)/g)) {
      const file = (m[2] ?? '').trim();
      if (file === '' || file === '/dev/stdout' || file === '/dev/stderr') continue;
      run.write(arg(file), `sed ${m[1] ?? 'w'}`);
    }
    if (/(?:^|[;{}]|[\d$/!])\s*e(?:\s|$|;)/.test(rest)) run.unknowable('sed runs shell commands (e)');
  }
}

/** perl and ruby: `-e CODE`, `-i[EXT]` in place, a script file as first operand otherwise. */
function perlLike(interpreter: 'perl' | 'ruby'): Handler {
  const codeFlags = interpreter === 'perl' ? 'eE' : 'e';
  // Switches whose value is the rest of the cluster, or the next argument when that rest is empty.
  const valueSwitches = interpreter === 'perl' ? 'IMm' : 'rICE';
  const attachedSwitches = interpreter === 'perl' ? 'FxCdDV0l' : 'FxKTW0l';
  return (args, run) => {
    const code: string[] = [];
    let inPlace = false;
    let program: Arg | undefined;
    const files: Arg[] = [];
    let i = 0;
    for (; i < args.length; i++) {
      const t = (args[i] as Arg).text;
      if (t === '--') {
        i++;
        break;
      }
      if (!t.startsWith('-') || t === '-') break;
      for (let j = 1; j < t.length; j++) {
        const c = t[j] as string;
        const rest = t.slice(j + 1);
        if (codeFlags.includes(c)) {
          const value = rest !== '' ? rest : args[++i]?.text;
          if (value !== undefined) code.push(value);
          break;
        }
        if (c === 'i') {
          inPlace = true;
          break;
        }
        if (valueSwitches.includes(c)) {
          if (rest === '') i++;
          break;
        }
        if (attachedSwitches.includes(c)) break;
      }
    }
    const operands = args.slice(i);
    if (code.length === 0) [program] = operands;
    files.push(...(code.length === 0 ? operands.slice(1) : operands));
    if (code.length > 0) run.inline(interpreter, [...code, ...operands.map((a) => a.text)].join('\n'));
    else if (!programFromStdin(interpreter, program, run) && program) programFile(interpreter, program, operands.slice(1), run);
    if (inPlace) for (const path of files) run.write(path, `${interpreter} -i`);
  };
}

/** An interpreter given no program file reads its program from standard input; true when it does. */
function programFromStdin(interpreter: string, program: Arg | undefined, run: Runner): boolean {
  if (program !== undefined && program.text !== '-') return false;
  if (run.stdinText !== undefined) run.inline(interpreter, run.stdinText);
  else if (run.stdinFile !== undefined) programFile(interpreter, run.stdinFile, [], run);
  else if (run.stdinPiped) run.unknowable(`${interpreter} reads its program from a pipe`);
  return true;
}

/** A program run from a file: its code is checked as inline code is; a file that cannot be read is undecidable. */
function programFile(interpreter: string, program: Arg, args: readonly Arg[], run: Runner): void {
  // node dist/dsctl.js, node_modules/dsctl/dist/dsctl.js: dsctl itself.
  if (/^dsctl(\.[cm]?js)?$/.test(posix.basename(program.text))) return dsctl(args, run, 'dsctl');
  const read = run.read(program);
  if (read.text === undefined) return run.unknowable(`${interpreter} runs ${program.text}, whose code cannot be checked (${read.reason})`);
  run.inline(interpreter, [read.text, ...args.map((a) => a.text)].join('\n'));
}

interface InterpreterSpec {
  /** Options whose value (next argument, attached or `=`) is code. */
  readonly code: readonly string[];
  /** Other options that take a value. */
  readonly value?: readonly string[];
  /** Options after which the interpreter runs something else than a program (`python -m`). */
  readonly stop?: readonly string[];
  /** Whether code can be attached to its short option (`python -cCODE`); node's `-pe CODE` is two flags. */
  readonly attached?: boolean;
  /** Options whose value is a module run before the program (`node -r ./x.js`): its code is checked when it is a file. */
  readonly preload?: readonly string[];
}

/** python, node, php, …: the first operand is a program file, options before it may carry inline code. */
function interpreter(spec: InterpreterSpec): Handler {
  const shortOf = (list: readonly string[] | undefined) =>
    (list ?? []).filter((o) => /^-[^-]$/.test(o)).map((o) => o.slice(1)).join('');
  const codeShort = shortOf(spec.code);
  const valueShort = shortOf(spec.value);
  const stopShort = shortOf(spec.stop);
  return (args, run, name) => {
    const code: string[] = [];
    let program: Arg | undefined;
    let stopped = false;
    for (let i = 0; i < args.length && !stopped && program === undefined; i++) {
      const a = args[i] as Arg;
      const t = a.text;
      if (t === '--') {
        program = args[i + 1];
        break;
      }
      if (!t.startsWith('-') || t === '-') {
        program = a;
        break;
      }
      if (t.startsWith('--')) {
        const [long = '', value] = t.split(/=(.*)/s);
        const next = () => (value !== undefined ? value : args[++i]?.text);
        if (spec.code.includes(long)) {
          const c = next();
          if (c !== undefined) code.push(c);
        } else if (spec.preload?.includes(long)) {
          const module = next();
          if (module !== undefined && /^\.{0,2}\//.test(module)) programFile(name, arg(module), [], run);
        } else if (spec.stop?.includes(long)) {
          stopped = true;
        } else if (spec.value?.includes(long)) {
          next();
        }
        continue;
      }
      for (let j = 1; j < t.length; j++) {
        const c = t[j] as string;
        const rest = t.slice(j + 1);
        if (codeShort.includes(c)) {
          const value = rest !== '' && spec.attached !== false ? rest : args[++i]?.text;
          if (value !== undefined) code.push(value);
          break;
        }
        if (stopShort.includes(c)) {
          stopped = true;
          break;
        }
        if (valueShort.includes(c)) {
          const module = rest !== '' ? rest : args[++i]?.text;
          if (module !== undefined && spec.preload?.includes(`-${c}`) && /^\.{0,2}\//.test(module)) programFile(name, arg(module), [], run);
          break;
        }
      }
    }
    // `python -c CODE` ends the options: what follows is the program's argv, which the code may write.
    const argv = program ? args.slice(args.indexOf(program) + 1) : [];
    if (code.length > 0) run.inline(name, [...code, ...(program ? [program] : []), ...argv].map((c) => (typeof c === 'string' ? c : c.text)).join('\n'));
    else if (!stopped && !programFromStdin(name, program, run) && program) programFile(name, program, argv, run);
  };
}

/** awk: the program is the first operand (unless `-f`); gawk's `-i inplace` writes the files it reads. */
const awk: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'FvfiEeWl', long: ['field-separator', 'assign', 'file', 'include', 'source', 'exec', 'load'] });
  const operands = [...parsed.operands];
  const sources = values(parsed, '-e', '--source').map((v) => v.text);
  if (values(parsed, '-f', '--file', '-E', '--exec').length === 0 && sources.length === 0) {
    const program = operands.shift();
    if (program) sources.push(program.text);
  }
  // `awk -v f=AGENTS.md '{ print > f }'`: assignments are code too.
  const assigned = [...values(parsed, '-v', '--assign'), ...operands.filter((o) => /^[A-Za-z_]\w*=/.test(o.text))].map((v) => v.text);
  // A program that writes (`print > FILENAME`, `system(…)`) may write the files it reads.
  const writes = sources.some((src) => /\b(print|printf)\b[^;}]*[>|]|system\s*\(|fflush|close\s*\(/.test(src));
  if (sources.length > 0) run.inline(name, [...sources, ...assigned, ...(writes ? operands.map((o) => o.text) : [])].join('\n'));
  for (const file of values(parsed, '-f', '--file', '-E', '--exec')) programFile(name, file, [], run);
  const inPlace = values(parsed, '-i', '--include').some((v) => /^inplace(\.awk)?$/.test(v.text));
  if (inPlace) for (const path of operands) if (!/^[A-Za-z_]\w*=/.test(path.text)) run.write(path, `${name} -i inplace`);
};

/** bash/sh/zsh …: `-c CODE`, a script file, or commands on standard input. */
const shell: Handler = (args, run, name) => {
  let commandMode = false;
  let stdinMode = false;
  let operand: Arg | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as Arg;
    const t = a.text;
    if (t === '--' || t === '-') {
      operand = args[i + 1];
      break;
    }
    if (t.startsWith('--')) {
      if (t === '--rcfile' || t === '--init-file') i++;
      continue;
    }
    if ((t.startsWith('-') || t.startsWith('+')) && t.length > 1) {
      if (t.includes('c')) commandMode = true;
      if (t.startsWith('-') && t.includes('s')) stdinMode = true;
      if (t.includes('o') || t.includes('O')) i++;
      continue;
    }
    operand = a;
    break;
  }
  if (commandMode) {
    if (operand !== undefined) run.shell(operand.text, `${name} -c`);
    return;
  }
  if (!stdinMode && operand?.text.startsWith('<(')) return run.unknowable(`${name} runs the output of a command`);
  if (!stdinMode && operand !== undefined) return shellScript(name, operand, run);
  if (run.stdinText !== undefined) run.shell(run.stdinText, name);
  else if (run.stdinFile !== undefined) shellScript(name, run.stdinFile, run);
  else if (run.stdinPiped) run.unknowable(`${name} reads its commands from a pipe`);
};

/** A shell script in a file: read and checked as if it were on the command line. */
function shellScript(name: string, file: Arg, run: Runner): void {
  const read = run.read(file);
  if (read.text === undefined) return run.unknowable(`${name} runs ${file.text}, whose commands cannot be checked (${read.reason})`);
  run.shell(read.text, `${name} ${file.text}`, true);
}

/** `./x.sh`, `scripts/x.py`: a program named by its path runs the code in that file (its #! line says in what). */
export const scriptByPath: Handler = (args, run, name) => {
  // The system's own programs are what every command runs; a program the agent could have written is not.
  if (/^\/(usr|bin|sbin|lib|lib64|opt|nix|snap|System|Library)\//.test(name)) return;
  const program = arg(name);
  const read = run.read(program);
  if (read.text === undefined) return run.unknowable(`runs ${name}, whose code cannot be checked (${read.reason})`);
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(read.text);
  const interpreter = shebang ? posix.basename((shebang[1] === '/usr/bin/env' || shebang[1] === '/bin/env' ? shebang[2] : shebang[1]) ?? '') : 'sh';
  if (/^(ba|da|k|mk|z)?sh$/.test(interpreter)) run.shell(read.text, name, true);
  else run.inline(interpreter || name, [read.text, ...args.map((a) => a.text)].join('\n'));
};

/** fish, pwsh: inline code in another language, handed to the caller as is. */
function foreignShell(codeFlags: readonly string[]): Handler {
  return (args, run, name) => {
    const i = args.findIndex((a) => codeFlags.includes(a.text.toLowerCase()));
    if (i >= 0) run.inline(name, args.slice(i + 1).map((a) => a.text).join(' '));
  };
}

/** A command that runs the command starting at its first operand. */
function wrapper(spec: OptionSpec, opts: { chdir?: readonly string[]; skip?: number } = {}): Handler {
  return (args, run) => {
    const parsed = parseArgs(args, { ...spec, stopAtOperand: true });
    const dir = opts.chdir ? values(parsed, ...opts.chdir)[0] : undefined;
    const target = dir ? run.within(dir) : run;
    // sudo/env: NAME=value before the command sets its environment.
    const rest = parsed.operands.slice(opts.skip ?? 0);
    const start = rest.findIndex((a) => !/^[A-Za-z_]\w*=/.test(a.text));
    if (start >= 0) target.exec(rest.slice(start));
  };
}

const sudo: Handler = (args, run) => {
  const spec: OptionSpec = { short: 'ugChpDrtTUc', long: ['user', 'group', 'close-from', 'host', 'prompt', 'chdir', 'role', 'type', 'command-timeout', 'other-user', 'chroot'], stopAtOperand: true };
  const parsed = parseArgs(args, spec);
  if (has(parsed, '-e', '--edit')) {
    for (const path of parsed.operands) run.write(path, 'sudoedit');
    return;
  }
  wrapper(spec, { chdir: ['-D', '--chdir'] })(args, run, 'sudo');
};

const env: Handler = (args, run) => {
  const spec: OptionSpec = { short: 'uCSP', long: ['unset', 'chdir', 'split-string', 'default-signal', 'ignore-signal', 'block-signal'], stopAtOperand: true };
  const parsed = parseArgs(args, spec);
  const split = values(parsed, '-S', '--split-string')[0];
  const dir = values(parsed, '-C', '--chdir')[0];
  const target = dir ? run.within(dir) : run;
  // env -S 'rm -f x': the string is split into the command and its first arguments.
  if (split) target.shell([split.text, ...parsed.operands.map((a) => a.text)].join(' '), 'env -S');
  else wrapper(spec)(args, target, 'env');
};

const timeout: Handler = wrapper({ short: 'sk', long: ['signal', 'kill-after'] }, { skip: 1 });

const xargsSpec: OptionSpec = {
  short: 'InLPdEsa',
  attached: 'ile',
  long: ['replace', 'max-args', 'max-lines', 'max-procs', 'delimiter', 'eof', 'max-chars', 'arg-file', 'process-slot-var'],
};

/** xargs CMD: what CMD writes at the `-I {}` placeholder comes from standard input, so it is not known. */
const xargs: Handler = (args, run) => {
  const parsed = parseArgs(args, { ...xargsSpec, stopAtOperand: true });
  const replace = values(parsed, '-I', '--replace', '-i').map((v) => v.text || '{}');
  // `xargs -I{} rm {}`, `xargs rm`: the names are lines of input, so whatever the command writes with them
  // may be any file (or, after `find … |`, the files it found); `xargs -I{} cp {} design/` still writes into design/.
  const found = run.stdinFound;
  const unknown = run.unknownNames((path) => firstIndex(path.text, replace), found ? found.roots : [ANYWHERE], found?.filters);
  const start = parsed.operands.findIndex((a) => !/^[A-Za-z_]\w*=/.test(a.text));
  if (start < 0) return;
  const command = parsed.operands.slice(start);
  unknown.exec(replace.length > 0 ? command : [...command, FROM_INPUT]);
};

/** `source <(curl …)` runs code that only exists at run time; a file's content is not on the command line. */
const source: Handler = (args, run, name) => {
  const [file] = args;
  if (!file) return;
  if (file.text.startsWith('<(')) return run.unknowable(`${name} runs the output of a command`);
  shellScript(name, file, run);
};

const trap: Handler = (args, run) => {
  const parsed = parseArgs(args, { stopAtOperand: true });
  const [action, ...signals] = parsed.operands;
  if (action && signals.length > 0 && action.text !== '-') run.shell(action.text, 'trap');
};

const watch: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'nq', long: ['interval', 'equexit'], stopAtOperand: true });
  if (has(parsed, '-x', '--exec')) run.exec(parsed.operands);
  else run.shell(parsed.operands.map((a) => a.text).join(' '), 'watch');
};

const su: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'cCsgGw', long: ['command', 'session-command', 'shell', 'group', 'supp-group', 'whitelist-environment'] });
  for (const code of values(parsed, '-c', '--command', '-C', '--session-command')) run.shell(code.text, `${name} -c`);
};

const flock: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'wE', long: ['timeout', 'conflict-exit-code'], stopAtOperand: true });
  const [lock, ...rest] = parsed.operands;
  // The lock file is created if it does not exist.
  if (lock && !/^\d+$/.test(lock.text)) run.write(lock, 'flock');
  const first = rest[0]?.text;
  if (first === '-c' || first === '--command') {
    if (rest[1]) run.shell(rest[1].text, 'flock -c');
  } else if (rest.length > 0) {
    run.exec(rest);
  }
};

const traced = (outputFlag: string, spec: OptionSpec): Handler => (args, run, name) => {
  const parsed = parseArgs(args, { ...spec, stopAtOperand: true });
  for (const path of values(parsed, outputFlag, '--output')) run.write(path, `${name} ${outputFlag}`);
  run.exec(parsed.operands);
};

/** Commands of npm, pnpm, yarn and bun that run one of the package's scripts, by the script's name or by their own. */
const SCRIPT_COMMANDS: Readonly<Record<string, string | undefined>> = { test: 'test', t: 'test', tst: 'test', start: 'start', stop: 'stop', restart: 'restart' };
/** Their commands that run no script of the package and write no file of it beyond the lockfile and node_modules. */
const PACKAGE_MANAGER_OTHER = new Set([
  'install', 'i', 'add', 'ci', 'uninstall', 'remove', 'rm', 'un', 'update', 'up', 'upgrade', 'outdated', 'ls', 'list', 'll', 'view', 'info', 'show', 'search',
  'audit', 'why', 'explain', 'doctor', 'config', 'get', 'help', 'version', '--version', '-v', 'whoami', 'login', 'logout', 'publish', 'pack', 'cache', 'prune',
  'dedupe', 'fund', 'root', 'bin', 'prefix', 'licenses', 'store', 'link', 'unlink', 'init', 'create', 'import', 'env', 'query', 'sbom', 'completion',
]);

/**
 * npm, pnpm, yarn, bun: `run X` (and `test`, `start`, …, `pnpm X`, `yarn X`) runs the package's script X, read
 * from package.json and checked as shell code; `exec`, `dlx`, `x`, npx and bunx run a package's binary;
 * `pkg set` writes package.json.
 */
const packageRunner: Handler = (args, run, name) => {
  if (name === 'npx' || name === 'bunx') return packageBinary(args, run, name);
  const global = parseArgs(args, { short: 'C', long: ['prefix', 'dir', 'cwd', 'filter', 'workspace', 'w'], stopAtOperand: true });
  const dir = values(global, '-C', '--prefix', '--dir', '--cwd')[0];
  if (dir) return packageRunner(withoutGlobalOptions(args), run.within(dir), name);
  const [sub, ...rest] = global.operands;
  if (!sub) return;
  const cmd = sub.text;
  if (cmd === 'exec' || cmd === 'dlx' || cmd === 'x' || (name === 'bun' && cmd === 'x')) return packageBinary(rest, run, name);
  if (cmd === 'pkg') {
    const [action] = rest;
    if (action && ['set', 'delete', 'fix'].includes(action.text)) run.write(arg('package.json'), `${name} pkg ${action.text}`);
    return;
  }
  if (name === 'bun' && !['run', ...Object.keys(SCRIPT_COMMANDS)].includes(cmd)) {
    // `bun x.ts`: a program file.
    if (!PACKAGE_MANAGER_OTHER.has(cmd) && /\.[cm]?[jt]sx?$/.test(cmd)) programFile('bun', sub, rest, run);
    return;
  }
  const script = cmd === 'run' || cmd === 'run-script' || cmd === 'rum' || cmd === 'urn' ? parseArgs(rest, { stopAtOperand: true }).operands[0]?.text : SCRIPT_COMMANDS[cmd] ?? (name !== 'npm' && !PACKAGE_MANAGER_OTHER.has(cmd) ? cmd : undefined);
  if (cmd === 'install' || cmd === 'i' || cmd === 'ci') {
    // The package's own install scripts run on a bare install.
    if (rest.filter((a) => !a.text.startsWith('-')).length === 0) for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) packageScript(hook, run, name, true);
    return;
  }
  if (script === undefined) return;
  let found = false;
  for (const hook of [`pre${script}`, script, `post${script}`]) found = packageScript(hook, run, name, hook !== script) || found;
  // pnpm, yarn and bun run a binary of that name when the package has no such script.
  if (!found && name !== 'npm' && cmd === script) run.exec([sub, ...rest]);
};

/** Options before the subcommand (`npm --prefix x run y`, `pnpm -C dir build`, `pnpm --filter a test`) are left out. */
function withoutGlobalOptions(args: readonly Arg[]): Arg[] {
  return parseArgs(args, { short: 'C', long: ['prefix', 'dir', 'cwd', 'filter', 'workspace', 'w'], stopAtOperand: true }).operands.slice();
}

/** Script `name` of the package.json where the command runs, checked as shell code; unknown when package.json cannot be read. True when there is one. */
function packageScript(script: string, run: Runner, runner: string, optional: boolean): boolean {
  // The nearest package.json at or above the directory, as npm finds it; none at all: nothing runs.
  let read: ReadResult = { reason: 'no package.json' };
  for (let up = 0; up < 16; up++) {
    read = run.read(arg(`${'../'.repeat(up)}package.json`));
    if (read.missing !== true) break;
  }
  if (read.missing === true) return false;
  if (read.text === undefined) {
    if (!optional) run.unknowable(`${runner} runs the script "${script}" of a package.json that cannot be read (${read.reason})`);
    return !optional;
  }
  let scripts: unknown;
  try {
    scripts = (JSON.parse(read.text) as { scripts?: unknown }).scripts;
  } catch {
    if (!optional) run.unknowable(`${runner} runs the script "${script}" of a package.json that is not JSON`);
    return !optional;
  }
  const code = typeof scripts === 'object' && scripts !== null ? (scripts as Record<string, unknown>)[script] : undefined;
  if (typeof code === 'string') run.shell(code, `${runner} run ${script}`, true);
  return typeof code === 'string';
}

/** npx X, `npm exec X`, `pnpm dlx X`: the binary X, with `-c` a shell string. */
function packageBinary(args: readonly Arg[], run: Runner, name: string): void {
  const parsed = parseArgs(args, { short: 'p', long: ['package', 'call'], stopAtOperand: true });
  const call = values(parsed, '-c', '--call')[0];
  if (call) run.shell(call.text, `${name} -c`);
  else if (has(parsed, '-c', '--shell-mode')) run.shell(parsed.operands.map((a) => a.text).join(' '), `${name} -c`);
  else run.exec(parsed.operands);
}

/** dsctl's commands that change its own state: only a person runs them. */
const dsctl: Handler = (args, run) => {
  const operands = parseArgs(args, { long: ['config', 'baseline', 'baseline-write', 'format', 'base', 'stdin-filename', 'shard', 'log', 'prompt', 'target', 'dir', 'out', 'cache-location'] });
  const [command, action] = operands.operands.map((a) => a.text);
  const flags = args.map((a) => a.text);
  const why = (what: string) => run.forbid(`\`dsctl ${what}\` changes what dsctl enforces; an agent must not run it`);
  if (!args.every((a) => a.literal)) return run.unknowable('runs dsctl with arguments known only at run time');
  if (command === 'lint' && flags.some((f) => f === '--baseline-write' || f.startsWith('--baseline-write='))) return why('lint --baseline-write');
  if (command === 'init' && flags.includes('--force')) return why('init --force');
  if (command === 'gate' && action === 'approve') return why('gate approve');
  if ((command === 'hooks' || command === 'hook') && action === 'install') return why(`${command} install`);
  if (command === 'audit' && action !== undefined && action !== 'verify' && action !== 'tail') return why(`audit ${action}`);
  if (command === 'escalations' && action === 'resolve') return why('escalations resolve');
  if (command === 'learn' && action !== undefined && action !== 'list' && action !== 'propose') return why(`learn ${action}`);
  // Both write the contracts (a hard gate): the tokens file, the component contracts.
  if (command === 'tokens' && action === 'import' && flags.includes('--apply')) return why('tokens import --apply');
  if (command === 'components' && action === 'scan' && !flags.includes('--dry-run')) return why('components scan');
};

const dd: Handler = (args, run) => {
  for (const a of args) if (a.text.startsWith('of=')) run.write({ text: a.text.slice(3), literal: a.literal }, 'dd of=');
};

/**
 * find ROOTS… EXPRESSION: `-delete`, or `-exec` of a command that writes `{}`, acts on the existing
 * files under the roots that pass the expression. The name tests of a plain conjunction (`-name`,
 * `-iname`, `-path`, `-ipath`) are kept, so that the caller can tell whether any gated file passes;
 * with `-o`, `!` or parentheses every file may.
 */
const find: Handler = (args, run) => {
  let i = 0;
  for (; i < args.length && /^-([HLP]|O\d*|D)$/.test((args[i] as Arg).text); i++) if ((args[i] as Arg).text === '-D') i++;
  const roots: Arg[] = [];
  for (; i < args.length && !/^[-(!]/.test((args[i] as Arg).text); i++) roots.push(args[i] as Arg);
  const expr = args.slice(i);
  const reach = roots.length > 0 ? roots : [HERE];
  const filters = findFilters(expr);
  let destructive = false;
  for (let k = 0; k < expr.length; k++) {
    const t = (expr[k] as Arg).text;
    if (t === '-delete') destructive = true;
    if (['-fprint', '-fprint0', '-fprintf', '-fls'].includes(t) && expr[k + 1]) run.write(expr[k + 1] as Arg, `find ${t}`);
    if (['-exec', '-execdir', '-ok', '-okdir'].includes(t)) {
      const end = expr.findIndex((a, n) => n > k && (a.text === ';' || a.text === '+'));
      const inner = expr.slice(k + 1, end < 0 ? expr.length : end);
      run.unknownNames((path) => firstIndex(path.text, ['{}']), reach, filters).exec(inner);
      k = end < 0 ? expr.length : end;
    }
  }
  if (destructive) for (const root of reach) run.scopeWrite(root, 'find -delete', filters);
  run.prints({ roots: reach, filters });
};

function findFilters(expr: readonly Arg[]): FindFilter[] {
  if (expr.some((a) => ['-o', '-or', '!', '-not', '(', ')', ','].includes(a.text))) return [];
  const filters: FindFilter[] = [];
  for (let k = 0; k < expr.length; k++) {
    const t = (expr[k] as Arg).text;
    if (['-exec', '-execdir', '-ok', '-okdir'].includes(t)) {
      while (k < expr.length && expr[k]?.text !== ';' && expr[k]?.text !== '+') k++;
      continue;
    }
    const test = /^-(i?)(name|path|wholename)$/.exec(t);
    const pattern = expr[k + 1];
    if (test && pattern?.literal) filters.push({ test: test[2] === 'name' ? 'name' : 'path', nocase: test[1] === 'i', pattern: pattern.text });
  }
  return filters;
}

/** Git subcommands that leave the work tree as it is (they may write .git, which the OS sandbox guards). */
const GIT_READ_ONLY = new Set([
  'add', 'annotate', 'archive', 'blame', 'branch', 'bundle', 'cat-file', 'check-attr', 'check-ignore', 'check-mailmap', 'check-ref-format', 'cherry',
  'clone', 'commit', 'count-objects', 'describe', 'diff-files', 'diff-index', 'diff-tree', 'fetch', 'for-each-ref', 'fsck', 'gc', 'grep', 'hash-object', 'help',
  'init', 'log', 'ls-files', 'ls-remote', 'ls-tree', 'merge-base', 'name-rev', 'notes', 'prune', 'push', 'range-diff', 'reflog', 'remote', 'repack', 'rev-list',
  'rev-parse', 'shortlog', 'show', 'show-branch', 'show-ref', 'status', 'tag', 'var', 'verify-commit', 'verify-tag', 'version', 'whatchanged', 'write-tree',
  '--version', '--help', 'diff', 'format-patch', 'mktree', 'commit-tree', 'symbolic-ref', 'update-ref',
]);
/** `git -c KEY=…` settings that run a program or point git somewhere else. */
const GIT_RUNS_CODE = /^(alias\.|core\.(hookspath|fsmonitor|sshcommand|pager|editor|askpass|gitproxy|worktree|attributesfile|excludesfile)|filter\.|diff\..*\.(textconv|command)|merge\..*\.driver|credential\.|sequence\.editor|gpg\.|uploadpack\.|receivepack\.|protocol\.|include|sendemail\.|pager\.|interactive\.|remote\..*\.(uploadpack|receivepack|proxy))/i;

const git: Handler = (args, run) => {
  const global = parseArgs(args, { short: 'Cc', long: ['git-dir', 'work-tree', 'namespace', 'config-env', 'exec-path', 'super-prefix'], stopAtOperand: true });
  const dirs = values(global, '-C');
  const r = dirs.reduce<Runner>((acc, dir) => acc.within(dir), run);
  const [sub, ...rest] = global.operands;
  // The whole work tree, wherever in it the command starts.
  const tree = arg('?/.');
  for (const setting of values(global, '-c')) {
    const [key = '', value = ''] = setting.text.split(/=(.*)/s);
    if (/^alias\./i.test(key) && value.startsWith('!')) r.shell(value.slice(1), 'git alias');
    else if (GIT_RUNS_CODE.test(key) || !setting.literal) r.unknowable(`git -c ${key} changes what git runs or where it writes`);
  }
  if (values(global, '--config-env', '--exec-path', '--work-tree', '--git-dir').length > 0) r.unknowable('git is pointed at another work tree, git folder or program');
  if (!sub) return;
  const via = `git ${sub.text}`;
  // `git diff --output=FILE`, `git log --output FILE`
  for (const file of values(parseArgs(rest, { long: ['output'] }), '--output')) r.write(file, `${via} --output`);
  switch (sub.text) {
    case 'checkout':
    case 'switch': {
      const spec: OptionSpec = { short: 'bBcC', long: ['orphan', 'conflict', 'pathspec-from-file', 'create', 'force-create'] };
      const dashDash = rest.findIndex((a) => a.text === '--');
      const before = parseArgs(dashDash >= 0 ? rest.slice(0, dashDash) : rest, spec);
      // `git checkout -b new`: a new branch where HEAD is, the files stay; with a start point they do not.
      const creates = has(before, '-b', '-B', '-c', '-C', '--create', '--force-create', '--orphan');
      // After `--` only pathspecs follow; without it `git checkout X` may restore a file named X.
      if (sub.text === 'checkout') for (const path of dashDash >= 0 ? rest.slice(dashDash + 1) : creates ? [] : before.operands) r.write(path, via);
      const switches = creates ? before.operands.length > 0 : dashDash < 0 && before.operands.length > 0;
      if (switches) r.scopeWrite(tree, `${via} (another commit's files)`);
      return;
    }
    case 'restore':
    case 'rm': {
      const parsed = parseArgs(rest, { short: 's', long: ['source', 'conflict', 'pathspec-from-file'] });
      for (const path of parsed.operands) r.write(path, via);
      if (has(parsed, '--pathspec-from-file')) r.scopeWrite(tree, via);
      return;
    }
    case 'mv': {
      const parsed = parseArgs(rest, {});
      const { sources, created } = targets(parsed, []);
      for (const path of [...created, ...sources]) r.write(path, via);
      return;
    }
    case 'reset': {
      const parsed = parseArgs(rest, {});
      if (has(parsed, '--hard', '--merge', '--keep')) r.scopeWrite(tree, 'git reset --hard');
      return;
    }
    case 'clean': {
      const parsed = parseArgs(rest, { short: 'e', long: ['exclude'] });
      if (has(parsed, '-n', '--dry-run')) return;
      // Untracked files under the paths: names not on the command line, a new contract among them.
      for (const path of parsed.operands.length > 0 ? parsed.operands : [HERE]) r.scopeWrite(path, via);
      return;
    }
    case 'apply': {
      const parsed = parseArgs(rest, { short: 'pC', long: ['exclude', 'include', 'directory', 'whitespace', 'build-fake-ancestor'] });
      if (has(parsed, '--check', '--stat', '--numstat', '--summary', '--cached')) return;
      r.scopeWrite(values(parsed, '--directory')[0] ?? tree, via);
      return;
    }
    case 'stash': {
      const [action] = parseArgs(rest, {}).operands;
      if (action && ['list', 'show', 'create', 'store'].includes(action.text)) return;
      r.scopeWrite(tree, `git stash${action ? ` ${action.text}` : ''}`);
      return;
    }
    case 'config': {
      const parsed = parseArgs(rest, { short: 'f', long: ['file', 'blob', 'default', 'type', 'comment', 'value'] });
      const reads = has(parsed, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '-l', '--list', '--show-origin', '--show-scope', '--name-only');
      const [first] = parsed.operands;
      if (reads || (parsed.operands.length <= 1 && !has(parsed, '--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit')) || first?.text === 'get' || first?.text === 'list') return;
      r.unknowable('git config changes what git runs later (hooks, aliases, filters)');
      return;
    }
    case 'update-index': {
      const parsed = parseArgs(rest, { long: ['cacheinfo', 'chmod', 'index-info'] });
      // --assume-unchanged, --skip-worktree: the file's changes are hidden from git afterwards.
      for (const path of parsed.operands) r.write(path, via);
      if (parsed.operands.length === 0) r.scopeWrite(tree, via);
      return;
    }
    case 'worktree': {
      const [action, ...more] = parseArgs(rest, { short: 'b', long: ['reason'] }).operands;
      if (!action || action.text === 'list' || action.text === 'prune' || action.text === 'lock' || action.text === 'unlock') return;
      for (const path of more.slice(0, 1)) r.scopeWrite(path, `git worktree ${action.text}`);
      return;
    }
    default:
      if (GIT_READ_ONLY.has(sub.text)) return;
      // am, merge, pull, rebase, cherry-pick, revert, read-tree -u, submodule, an alias of the repository's own: another version of any file.
      r.scopeWrite(tree, via);
  }
};

const patch: Handler = (args, run) => {
  const parsed = parseArgs(args, {
    short: 'ioDdpBFrVzYg',
    long: ['input', 'output', 'ifdef', 'directory', 'strip', 'prefix', 'fuzz', 'reject-file', 'version-control', 'suffix', 'basename-prefix', 'get', 'quoting-style', 'reject-format'],
  });
  const dir = values(parsed, '-d', '--directory')[0];
  const r = dir ? run.within(dir) : run;
  const [original] = parsed.operands;
  // Without a file to patch, the patch's own headers name the files: any under the directory.
  const outputs = values(parsed, '-o', '--output');
  if (original) r.write(original, 'patch');
  else if (outputs.length === 0 && !has(parsed, '--dry-run', '-C', '--check')) r.scopeWrite(HERE, 'patch');
  for (const path of [...outputs, ...values(parsed, '-r', '--reject-file')]) r.write(path, 'patch');
};

const tar: Handler = (args, run) => {
  // Old style `tar xzf a.tar`: the first argument is a cluster without its dash.
  const first = args[0];
  const normalised = first && !first.text.startsWith('-') ? [{ ...first, text: `-${first.text}` }, ...args.slice(1)] : args;
  const parsed = parseArgs(normalised, { short: 'fCbHKLNTVgXFI', long: ['file', 'directory', 'blocking-factor', 'format', 'starting-file', 'tape-length', 'newer', 'files-from', 'label', 'listed-incremental', 'exclude-from', 'info-script', 'use-compress-program', 'exclude', 'transform', 'owner', 'group', 'mode', 'mtime'] });
  const dir = values(parsed, '-C', '--directory')[0];
  if (has(parsed, '-x', '--extract', '--get')) run.scopeWrite(dir ?? HERE, 'tar -x');
  if (has(parsed, '-c', '--create', '-r', '--append', '-u', '--update', '--delete', '-A', '--catenate')) {
    for (const file of values(parsed, '-f', '--file')) if (file.text !== '-') run.write(file, 'tar');
  }
};

const unzip: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'dxP' });
  if (has(parsed, '-l', '-t', '-v', '-Z', '-p', '-c', '-z')) return;
  run.scopeWrite(values(parsed, '-d')[0] ?? HERE, 'unzip');
};

/** gzip FILE replaces FILE with FILE.gz; `-c`, `-k`, `-l`, `-t` leave it. */
const compressor: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'S', long: ['suffix'] });
  if (has(parsed, '-c', '--stdout', '--to-stdout', '-k', '--keep', '-l', '--list', '-t', '--test')) return;
  for (const path of parsed.operands) run.write(path, name);
};

/** A tool that writes its operands only when given one of `flags` (`prettier --write`, `eslint --fix`). */
const fixer =
  (flags: readonly string[], spec: OptionSpec = {}): Handler =>
  (args, run, name) => {
    const parsed = parseArgs(args, spec);
    if (!flags.some((f) => has(parsed, f))) return;
    const via = `${name} ${flags[0] ?? ''}`.trim();
    // `prettier --write .`, `eslint --fix 'src/**'`, or no files (its config decides): any file under the folder.
    if (parsed.operands.length === 0) run.scopeWrite(HERE, via);
    for (const path of parsed.operands) {
      if (isGlob(path)) run.scopeWrite(arg(globBase(path.text)), via);
      else if (/(^|\/)\.{0,2}\/?$/.test(path.text) || !/\.[A-Za-z0-9]+$/.test(posix.basename(path.text))) run.scopeWrite(path, via);
      else run.write(path, via);
    }
  };

/** The folder part of a glob before its first wildcard: `src/**\/*.ts` → `src`. */
function globBase(glob: string): string {
  const head = glob.split('/');
  const i = head.findIndex((part) => /[*?[{]/.test(part));
  return head.slice(0, i < 0 ? head.length : i).join('/') || '.';
}

const mktemp: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'p', long: ['tmpdir', 'suffix'] });
  if (has(parsed, '-u', '--dry-run') || has(parsed, '-t')) return;
  const [template] = parsed.operands;
  if (!template) return;
  const dir = values(parsed, '-p', '--tmpdir')[0];
  run.write(dir ? into(dir, template) : template, 'mktemp');
};

/** make, ninja, …: run whatever their build file says, in the directory (`-C DIR`). */
const buildTool: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'CfIjlopWo', long: ['directory', 'file', 'makefile', 'include-dir', 'jobs', 'load-average', 'old-file', 'what-if', 'new-file', 'assume-new', 'assume-old'] });
  if (has(parsed, '-n', '--just-print', '--dry-run', '--recon', '-q', '--question', '-p', '--print-data-base', '-v', '--version', '-h', '--help')) return;
  const dir = values(parsed, '-C', '--directory')[0];
  (dir ? run.within(dir) : run).scopeWrite(HERE, name);
};

/** script [-c CMD] [FILE]: the session is logged to FILE (default `typescript`). */
const scriptLog: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'cEIOBTm', long: ['command', 'echo', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format', 'output-limit'] });
  for (const code of values(parsed, '-c', '--command')) run.shell(code.text, 'script -c');
  for (const file of [...values(parsed, '-I', '--log-in', '-O', '--log-out', '-B', '--log-io', '-T', '--log-timing'), ...(parsed.operands.length > 0 ? parsed.operands.slice(0, 1) : [arg('typescript')])]) run.write(file, 'script');
};

/** split/csplit FILE [PREFIX]: PREFIXaa, PREFIXab, … (default `x`, `xx`). */
const splitter: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'abClnt-f', long: ['bytes', 'line-bytes', 'lines', 'number', 'separator', 'suffix-length', 'additional-suffix', 'filter', 'prefix', 'digits', 'suffix-format'] });
  const prefix = values(parsed, '-f', '--prefix')[0] ?? (name === 'split' ? parsed.operands[1] : undefined) ?? arg(name === 'split' ? 'x' : 'xx');
  run.write({ ...prefix, text: `${prefix.text}*` }, name);
  for (const code of values(parsed, '--filter')) run.shell(code.text, `${name} --filter`);
};

/** at, batch: run commands later, read from standard input or `-f FILE`. */
const later: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'fqmMtb', long: [] });
  if (has(parsed, '-l', '-r', '-d', '-c')) return;
  const file = values(parsed, '-f')[0];
  if (file) return shellScript(name, file, run);
  if (run.stdinText !== undefined) run.shell(run.stdinText, name);
  else run.unknowable(`${name} runs commands later that are not on the command line`);
};

const crontab: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'u', long: [] });
  if (has(parsed, '-l', '-r', '-e') && parsed.operands.length === 0) return;
  run.unknowable('crontab installs commands that run later');
};

const chroot: Handler = (_args, run, name) => run.unknowable(`${name} runs a command under another root`);

/** chrt [options] PRIORITY COMMAND…, or `-p` for a running process. */
const chrt: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'TPD', long: ['sched-runtime', 'sched-period', 'sched-deadline'], stopAtOperand: true });
  if (has(parsed, '-p', '--pid')) return;
  run.exec(parsed.operands.slice(1));
};

/** bun: a package manager (`bun run`, `bun add`), a runner of files (`bun x.ts`) and an interpreter (`bun -e`). */
const bun: Handler = (args, run, name) => {
  const first = args[0]?.text;
  if (first !== undefined && !first.startsWith('-') && !/\.[cm]?[jt]sx?$/.test(first)) return packageRunner(args, run, name);
  interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--preload', '--cwd', '--config'], attached: false })(args, run, name);
};

const isChmodOption = (t: string) => /^-[cfvR]+$/.test(t) || t.startsWith('--');

/**
 * The table. Keys are command names (a path's basename: `/bin/rm` is `rm`; `python3.12` is `python3`).
 * Kept sorted.
 */
export const COMMANDS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ['.', source],
  ['Rscript', interpreter({ code: ['-e'] })],
  ['awk', awk],
  ['bash', shell],
  ['at', later],
  ['batch', later],
  ['bmake', buildTool],
  ['bun', bun],
  ['bunx', packageRunner],
  ['bunzip2', compressor],
  ['busybox', (args, run) => run.exec(args)],
  ['bzip2', compressor],
  ['chattr', afterFirstOperand({ short: 'vp' }, (t) => /^-[RVf]+$/.test(t) || t === '-v' || t === '-p')],
  ['chgrp', afterFirstOperand({ long: ['from'] })],
  ['chmod', afterFirstOperand({}, isChmodOption)],
  ['chown', afterFirstOperand({ long: ['from'] })],
  ['chroot', chroot],
  ['chrt', chrt],
  ['cpio', (args, run) => { if (parseArgs(args, {}).options.some((o) => /^-(i|-extract)/.test(o.name) || o.name === '-i')) run.scopeWrite(HERE, 'cpio -i'); }],
  ['crontab', crontab],
  ['csplit', splitter],
  ['cp', copyLike({ short: 'St', long: ['suffix', 'target-directory', 'no-preserve', 'sparse'] })],
  ['curl', curl()],
  ['dsctl', dsctl],
  ['dash', shell],
  ['dd', dd],
  ['deno', (args, run) => {
    if (args[0]?.text === 'eval') return denoEval(args.slice(1), run);
    // deno run [flags] FILE: the program file's code.
    if (args[0]?.text === 'run') {
      const program = parseArgs(args.slice(1), { long: ['config', 'import-map', 'location', 'seed', 'v8-flags', 'env-file', 'lock'], stopAtOperand: true }).operands[0];
      if (program && !/^(https?|npm|jsr):/.test(program.text)) programFile('deno', program, [], run);
    }
  }],
  ['doas', wrapper({ short: 'uC' })],
  ['dos2unix', operandsWritten({ short: 'cn' })],
  ['ed', editor({ short: 'p' })],
  ['emacs', editor()],
  ['env', env],
  ['eslint', fixer(['--fix'], { long: ['config', 'ext', 'format', 'output-file', 'resolve-plugins-relative-to', 'rulesdir', 'parser', 'parser-options', 'plugin', 'rule', 'ignore-path', 'ignore-pattern', 'max-warnings', 'cache-location'], short: 'cfo' })],
  ['ex', editor()],
  ['exec', wrapper({ short: 'a' })],
  ['fallocate', operandsWritten({ short: 'lon' })],
  ['find', find],
  ['fish', foreignShell(['-c', '--command'])],
  ['flock', flock],
  ['fakeroot', wrapper({ short: 'lsi', long: ['lib', 'faked'] })],
  ['firejail', wrapper({})],
  ['gawk', awk],
  ['gmake', buildTool],
  ['git', git],
  ['gunzip', compressor],
  ['gzip', compressor],
  ['install', copyLike({ short: 'mogSt', long: ['mode', 'owner', 'group', 'suffix', 'target-directory', 'strip-program'] }, { dirsOnly: '-d' })],
  ['ionice', wrapper({ short: 'cnpPu', long: ['class', 'classdata', 'pid', 'pgid', 'uid'] })],
  ['just', buildTool],
  ['ksh', shell],
  ['link', (args, run) => { const [source, dest] = parseArgs(args).operands; if (dest) run.write(dest, 'link'); if (source) run.write(source, 'link'); }],
  ['ltrace', traced('-o', { short: 'oeEpPsSuIbaXnAlLx' })],
  ['ln', ln],
  ['lua', interpreter({ code: ['-e'], value: ['-l'] })],
  ['luajit', interpreter({ code: ['-e'], value: ['-l', '-j'] })],
  ['make', buildTool],
  ['mawk', awk],
  ['mkdir', operandsWritten({ short: 'm', long: ['mode'] })],
  ['mkfifo', operandsWritten({ short: 'm', long: ['mode'] })],
  ['mknod', (args, run) => { const path = parseArgs(args, { short: 'm', long: ['mode'] }).operands[0]; if (path) run.write(path, 'mknod'); }],
  ['mksh', shell],
  ['mktemp', mktemp],
  ['mv', copyLike({ short: 'St', long: ['suffix', 'target-directory'] }, { sourcesWritten: true })],
  ['nano', editor()],
  ['nawk', awk],
  ['nice', wrapper({ short: 'n', long: ['adjustment'] })],
  ['ninja', buildTool],
  ['nohup', wrapper({})],
  ['node', interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type', '--env-file', '--title', '--inspect-port', '--stack-size'], preload: ['-r', '--require', '--import', '--loader', '--experimental-loader'], attached: false })],
  ['nodejs', interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--require', '--import', '--loader', '-C', '--conditions'], attached: false })],
  ['npm', packageRunner],
  ['npx', packageRunner],
  ['nvim', editor()],
  ['osascript', interpreter({ code: ['-e'], value: ['-l'] })],
  ['patch', patch],
  ['perl', perlLike('perl')],
  ['php', interpreter({ code: ['-r', '-B', '-R', '-E'], value: ['-c', '-d', '-f', '-z', '-t'] })],
  ['pnpm', packageRunner],
  ['prlimit', wrapper({ short: 'p', long: ['pid', 'output'] })],
  ['proxychains', wrapper({ short: 'f' })],
  ['proxychains4', wrapper({ short: 'f' })],
  ['prettier', fixer(['--write', '-w'], { long: ['config', 'ignore-path', 'parser', 'plugin', 'log-level', 'cache-location', 'stdin-filepath'] })],
  ['pwsh', foreignShell(['-c', '-command', '-commandwithargs', '-cwa'])],
  ['python', interpreter({ code: ['-c'], value: ['-W', '-X', '-Q'], stop: ['-m'] })],
  ['python2', interpreter({ code: ['-c'], value: ['-W', '-X', '-Q'], stop: ['-m'] })],
  ['python3', interpreter({ code: ['-c'], value: ['-W', '-X'], stop: ['-m'] })],
  ['rename', (args, run) => { for (const path of parseArgs(args).operands.slice(1)) run.write(path, 'rename'); }],
  ['rm', operandsWritten({ long: ['interactive'] })],
  ['rmdir', operandsWritten()],
  ['rsync', rsync()],
  ['ruby', perlLike('ruby')],
  ['runuser', su],
  ['rake', buildTool],
  ['scp', scp()],
  ['script', scriptLog],
  ['sed', sed],
  ['setpriv', wrapper({ long: ['reuid', 'regid', 'groups', 'inh-caps', 'ambient-caps', 'bounding-set', 'securebits', 'selinux-label', 'apparmor-profile', 'landlock-access', 'landlock-rule'] })],
  ['setsid', wrapper({})],
  ['sg', (args, run) => { const code = parseArgs(args, { stopAtOperand: true }).operands[1]; if (code) run.shell(code.text, 'sg'); }],
  ['sh', shell],
  ['shred', operandsWritten({ short: 'ns', long: ['iterations', 'size', 'random-source'] })],
  ['sort', (args, run) => { for (const path of values(parseArgs(args, { short: 'ktSTo', long: ['key', 'field-separator', 'buffer-size', 'temporary-directory', 'output', 'batch-size', 'compress-program', 'files0-from', 'parallel', 'random-source'] }), '-o', '--output')) run.write(path, 'sort -o'); }],
  ['source', source],
  ['split', splitter],
  ['sponge', operandsWritten({})],
  ['stdbuf', wrapper({ short: 'ioe', long: ['input', 'output', 'error'] })],
  ['strace', traced('-o', { short: 'oeEpPsSuIbaX' })],
  ['stylelint', fixer(['--fix'], { long: ['config', 'config-basedir', 'custom-syntax', 'ignore-path', 'ignore-pattern', 'formatter', 'output-file', 'max-warnings'] })],
  ['su', su],
  ['systemd-run', wrapper({ short: 'pEuM', long: ['unit', 'property', 'description', 'slice', 'uid', 'gid', 'nice', 'working-directory', 'setenv', 'on-active', 'on-boot', 'on-startup', 'on-calendar', 'machine', 'host'] })],
  ['sudo', sudo],
  ['sudoedit', operandsWritten({ short: 'ugChpDrtTU' }, 'sudoedit')],
  ['tar', tar],
  ['taskset', wrapper({}, { skip: 1 })],
  ['task', buildTool],
  ['tee', operandsWritten({ long: ['output-error'] })],
  ['time', traced('-o', { short: 'of', long: ['output', 'format'] })],
  ['timeout', timeout],
  ['torsocks', wrapper({ short: 'uPa', long: ['user', 'pass', 'address', 'port'] })],
  ['touch', operandsWritten({ short: 'drt', long: ['date', 'reference', 'time'] })],
  ['trap', trap],
  ['ts-node', interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--require', '-C', '--compiler', '-P', '--project', '-O', '--compilerOptions'], attached: false })],
  ['tsx', interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--require', '--import', '--tsconfig'], attached: false })],
  ['truncate', operandsWritten({ short: 'sr', long: ['size', 'reference'] })],
  ['uniq', (args, run) => { const output = parseArgs(args, { short: 'fsw', long: ['skip-fields', 'skip-chars', 'check-chars'] }).operands[1]; if (output) run.write(output, 'uniq'); }],
  ['unbuffer', wrapper({})],
  ['unix2dos', operandsWritten({ short: 'cn' })],
  ['unlink', operandsWritten()],
  ['unshare', wrapper({ short: 'S', long: ['mount-proc', 'map-user', 'map-group', 'setuid', 'setgid', 'wd', 'root', 'propagation', 'setgroups'] })],
  ['unxz', compressor],
  ['unzip', unzip],
  ['valgrind', wrapper({})],
  ['vi', editor()],
  ['vim', editor()],
  ['watch', watch],
  ['wget', wget()],
  ['xargs', xargs],
  ['xvfb-run', wrapper({ short: 'nsfe', long: ['server-num', 'server-args', 'auth-file', 'error-file'] })],
  ['xz', compressor],
  ['yarn', packageRunner],
  ['yq', (args, run) => { const parsed = parseArgs(args, { short: 'IpoE', long: ['indent', 'input-format', 'output-format', 'expression', 'front-matter', 'from-file'] }); if (has(parsed, '-i', '--inplace')) for (const path of parsed.operands.slice(values(parsed, '--expression').length > 0 ? 0 : 1)) run.write(path, 'yq -i'); }],
  ['zip', (args, run) => { const archive = parseArgs(args, { short: 'bntxiP', long: ['temp-path', 'suffixes', 'exclude', 'include', 'password'] }).operands[0]; if (archive) run.write(archive, 'zip'); }],
  ['zsh', shell],
]);

function denoEval(args: readonly Arg[], run: Runner): void {
  const code = parseArgs(args, { long: ['ext', 'import-map', 'config', 'location', 'v8-flags', 'seed'], stopAtOperand: true }).operands[0];
  if (code) run.inline('deno', code.text);
}

function editor(spec: OptionSpec = { short: 'cSuiTwWstqrdU', long: ['cmd', 'listen', 'servername', 'remote', 'eval', 'init-directory', 'load'] }): Handler {
  // vim +cmd file, vim -c cmd file: the `+…` and option values are not files.
  return (given, run, name) => {
    // `vim -es`: Ex mode, silent; that `-s` takes no script.
    const exMode = given.some((a) => /^-[a-zA-Z]*[eE][a-zA-Z]*$/.test(a.text) && !a.text.startsWith('--'));
    const args = exMode ? given.map((a) => (/^-[a-zA-Z]+$/.test(a.text) && a.text.includes('s') ? { ...a, text: a.text.replace('s', '') || '-e' } : a)).filter((a) => a.text !== '-') : given;
    const parsed = parseArgs(args, spec);
    for (const path of parsed.operands) if (!path.text.startsWith('+')) run.write(path, name);
    // `vim -c 'w AGENTS.md'`, `+'sav x'`, `-S script.vim`, `vim -es < cmds`: commands that write other files.
    const commands = [...values(parsed, '-c', '--cmd'), ...parsed.operands.filter((a) => a.text.startsWith('+')).map((a) => ({ ...a, text: a.text.slice(1) }))];
    if (run.stdinText !== undefined) commands.push(arg(run.stdinText));
    for (const command of commands) editorCommandWrites(command.text, run, name);
    for (const script of values(parsed, '-S', '-s', '-u', '-W', '-w')) {
      const read = run.read(script);
      if (read.text === undefined) run.unknowable(`${name} runs editor commands from ${script.text}, which cannot be checked`);
      else editorCommandWrites(read.text, run, name);
    }
    if (run.stdinText === undefined && (run.stdinPiped || run.stdinFile !== undefined) && (name === 'ed' || name === 'ex' || has(parsed, '-e', '-E', '-s'))) run.unknowable(`${name} reads editor commands that are not on the command line`);
  };
}

/** `w FILE`, `wq FILE`, `sav FILE`, `saveas FILE`, `x FILE`, `write FILE`, `!cmd` in ed/ex/vim commands. */
function editorCommandWrites(commands: string, run: Runner, name: string): void {
  for (const m of commands.matchAll(/(?:^|[|\n:])\s*[\d,.$%']*\s*(?:w|wq|wri|write|x|xit|sav|saveas|up|update)!?\s*(?:>>)?\s+([^|\n\s]+)/gi)) run.write(arg(m[1] as string), name);
  if (/(?:^|[|\n:])\s*[\d,.$%]*\s*!/.test(commands) || /(?:^|[|\n:])\s*(?:sh|shell|terminal|py|python|lua|perl|ruby)\b/i.test(commands)) run.unknowable(`${name} runs shell or script commands from its editor commands`);
}

function curl(): Handler {
  const spec: OptionSpec = {
    short: 'AbcDdEeFHhKmoPQrTtUuwXxYyzC',
    long: ['output', 'cookie-jar', 'dump-header', 'trace', 'trace-ascii', 'output-dir', 'data', 'data-raw', 'data-binary', 'data-urlencode', 'header', 'request', 'user', 'user-agent', 'referer', 'cookie', 'form', 'config', 'max-time', 'range', 'write-out', 'proxy', 'upload-file', 'connect-timeout', 'retry', 'cacert', 'cert', 'key', 'url', 'json', 'etag-save', 'hsts', 'alt-svc', 'stderr', 'libcurl'],
  };
  return (args, run) => {
    const parsed = parseArgs(args, spec);
    const outputs = values(parsed, '-o', '--output', '-c', '--cookie-jar', '-D', '--dump-header', '--trace', '--trace-ascii', '--etag-save', '--stderr', '--libcurl');
    const dir = values(parsed, '--output-dir')[0];
    for (const path of outputs) if (path.text !== '-' && path.text !== '/dev/null') run.write(dir && !path.text.startsWith('/') ? into(dir, path) : path, 'curl -o');
    // -O: the URL's last segment, in --output-dir or here; -J: a name the server sends.
    if (has(parsed, '-O', '--remote-name', '--remote-name-all')) {
      for (const url of [...parsed.operands, ...values(parsed, '--url')]) run.write(urlFile(url, dir), 'curl -O');
    }
    if (has(parsed, '-J', '--remote-header-name')) run.scopeWrite(dir ?? HERE, 'curl -J');
  };
}

function wget(): Handler {
  const spec: OptionSpec = { short: 'OoaPeiBtTwQUYlAR', long: ['output-document', 'output-file', 'append-output', 'directory-prefix', 'execute', 'input-file', 'base', 'tries', 'timeout', 'wait', 'quota', 'user-agent', 'level', 'accept', 'reject', 'header', 'post-data', 'post-file', 'user', 'password'] };
  return (args, run) => {
    const parsed = parseArgs(args, spec);
    const documents = values(parsed, '-O', '--output-document');
    for (const path of [...documents, ...values(parsed, '-o', '--output-file', '-a', '--append-output')]) {
      if (path.text !== '-') run.write(path, 'wget');
    }
    // Without -O each URL lands under its own name, in -P DIR or here (or a tree of them with -r).
    if (documents.length === 0) {
      const dir = values(parsed, '-P', '--directory-prefix')[0];
      if (has(parsed, '-r', '--recursive', '-m', '--mirror', '--content-disposition', '-i', '--input-file')) run.scopeWrite(dir ?? HERE, 'wget');
      else for (const url of parsed.operands) run.write(urlFile(url, dir), 'wget');
    }
  };
}

/** The file a download of `url` is saved as: its last path segment (index.html without one), in `dir`. */
function urlFile(url: Arg, dir: Arg | undefined): Arg {
  const path = url.text.replace(/[?#].*$/, '').replace(/^[a-z]+:\/\/[^/]*/i, '');
  const name = posix.basename(path) || 'index.html';
  const file = { text: name, literal: url.literal };
  return dir ? into(dir, file) : file;
}

const isRemote = (path: Arg) => /^[^/]*:/.test(path.text) || path.text.startsWith('rsync://');

function rsync(): Handler {
  const spec: OptionSpec = {
    short: 'efTBM@',
    long: ['exclude', 'include', 'filter', 'exclude-from', 'include-from', 'files-from', 'rsh', 'rsync-path', 'backup-dir', 'suffix', 'partial-dir', 'temp-dir', 'compare-dest', 'copy-dest', 'link-dest', 'log-file', 'log-file-format', 'chmod', 'chown', 'usermap', 'groupmap', 'password-file', 'port', 'timeout', 'contimeout', 'bwlimit', 'max-size', 'min-size', 'max-delete', 'block-size', 'modify-window', 'out-format', 'address', 'sockopts', 'iconv', 'checksum-choice', 'compress-choice', 'compress-level', 'skip-compress', 'info', 'debug', 'stop-after', 'stop-at', 'remote-option'],
  };
  return (args, run) => {
    const parsed = parseArgs(args, spec);
    const operands = [...parsed.operands];
    const dest = operands.pop();
    if (!dest || operands.length === 0) return;
    if (!isRemote(dest)) run.write(dest, 'rsync');
    if (has(parsed, '--remove-source-files')) for (const path of operands) if (!isRemote(path)) run.write(path, 'rsync');
  };
}

function scp(): Handler {
  return (args, run) => {
    const operands = [...parseArgs(args, { short: 'cFiJlPoSD' }).operands];
    const dest = operands.pop();
    if (dest && operands.length > 0 && !isRemote(dest)) run.write(dest, 'scp');
  };
}

/** The key a command is looked up by: `/usr/bin/python3.12` → `python3`, `\rm` → `rm`. */
export function commandKey(name: string): string {
  const base = posix.basename(name);
  const versioned = /^(python[23]?|ruby|perl|php|lua|node)[\d.]*$/.exec(base);
  if (versioned && !COMMANDS.has(base)) {
    const family = versioned[1] as string;
    return /^python\d/.test(base) ? base.replace(/^(python\d).*$/, '$1') : family;
  }
  return base;
}
