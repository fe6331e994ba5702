/**
 * What each command writes, as a table: writers (which arguments are the files they change), wrappers
 * (which argument starts the command they run), shells (which argument is code to analyse) and
 * interpreters (which argument is inline code). Commands that are not here write nothing that can be
 * known from the command line; the workspace guard (layer 2) still sees what they do. The builtins
 * that change the shell itself (`cd`, `eval`, `command`, `exit`) are the walker's, not this table's.
 */
import { posix } from 'node:path';
import { has, parseArgs, values, type OptionSpec, type ParsedArgs } from './options.js';
import type { Arg } from './words.js';

/** What a command handler can do with what it finds. */
export interface Runner {
  /** `path`, as the command sees it, is created, changed or removed by `via`. */
  write(path: Arg, via: string): void;
  /** `interpreter` runs `code` given inline. */
  inline(interpreter: string, code: string): void;
  /** The command runs `code` as shell code (`bash -c`, `eval`, `trap`). */
  shell(code: string, origin: string): void;
  /** The command runs `args` as a command (`sudo rm …`). */
  exec(args: readonly Arg[]): void;
  /** A runner for what the command does in directory `dir` (`git -C dir`, `env -C dir`, `sudo -D dir`). */
  within(dir: Arg): Runner;
  /** A runner that only reports the writes `keep` accepts (it sees them as written), for commands run on paths not known yet. */
  filter(keep: (path: Arg, via: string) => boolean): Runner;
  /** The command does something that cannot be checked; the whole analysis fails closed. */
  unknowable(reason: string): void;
  /** Program text the command gets on standard input from a here-document or here-string. */
  readonly stdinText: string | undefined;
  /** Standard input comes from the previous command of a pipeline. */
  readonly stdinPiped: boolean;
}

export type Handler = (args: readonly Arg[], run: Runner, name: string) => void;

const arg = (text: string, literal = true): Arg => ({ text, literal });

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
    const { sources, created } = targets(parsed, values(parsed, '-t', '--target-directory'));
    for (const path of created) run.write(path, name);
    // mv: the sources disappear.
    if (opts.sourcesWritten) for (const path of sources) run.write(path, name);
  };

const ln: Handler = (args, run, name) => {
  const parsed = parseArgs(args, { short: 'St', long: ['suffix', 'target-directory'] });
  const dirs = values(parsed, '-t', '--target-directory');
  // `ln -s /tmp/evil` links ./evil.
  const only = parsed.operands.length === 1 && dirs.length === 0 ? parsed.operands[0] : undefined;
  const created = only ? [arg(posix.basename(only.text), only.literal)] : targets(parsed, dirs).created;
  for (const path of created) run.write(path, name);
};

const sed: Handler = (args, run) => {
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
  if (!inPlace) return;
  for (const path of scriptGiven ? operands : operands.slice(1)) run.write(path, 'sed -i');
};

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
    if (code.length > 0) run.inline(interpreter, code.join('\n'));
    else programFromStdin(interpreter, program, run);
    if (inPlace) for (const path of files) run.write(path, `${interpreter} -i`);
  };
}

/** An interpreter given no program file reads its program from standard input. */
function programFromStdin(interpreter: string, program: Arg | undefined, run: Runner): void {
  if (program !== undefined && program.text !== '-') return;
  if (run.stdinText !== undefined) run.inline(interpreter, run.stdinText);
  else if (run.stdinPiped) run.unknowable(`${interpreter} reads its program from a pipe`);
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
          if (rest === '') i++;
          break;
        }
      }
    }
    // `python -c CODE` ends the options: what follows is the program's argv.
    if (code.length > 0) run.inline(name, code.join('\n'));
    else if (!stopped) programFromStdin(name, program, run);
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
  if (sources.length > 0) run.inline(name, sources.join('\n'));
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
  if (!stdinMode && operand?.text.startsWith('<(')) run.unknowable(`${name} runs the output of a command`);
  if (!stdinMode && operand !== undefined) return; // a script file: its content is not on the command line
  if (run.stdinText !== undefined) run.shell(run.stdinText, name);
  else if (run.stdinPiped) run.unknowable(`${name} reads its commands from a pipe`);
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
  // `xargs -I{} rm {}`: the path is a line of input; `xargs -I{} cp {} design/` still writes into design/.
  const known = run.filter((path) => !replace.some((r) => path.text.startsWith(r)));
  wrapper(xargsSpec)(args, known, 'xargs');
};

/** `source <(curl …)` runs code that only exists at run time; a file's content is not on the command line. */
const source: Handler = (args, run, name) => {
  const [file] = args;
  if (file?.text.startsWith('<(')) run.unknowable(`${name} runs the output of a command`);
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

/** npx, bunx, `npm exec`, `pnpm dlx`, …: run a package's binary; `-c` runs a shell string. */
const packageRunner: Handler = (args, run, name) => {
  let rest = args;
  if (name === 'npm' || name === 'pnpm' || name === 'yarn') {
    const sub = rest[0]?.text;
    if (sub !== 'exec' && sub !== 'dlx' && sub !== 'x') return;
    rest = rest.slice(1);
  }
  const parsed = parseArgs(rest, { short: 'p', long: ['package', 'call'], stopAtOperand: true });
  const call = values(parsed, '-c', '--call')[0];
  if (call) run.shell(call.text, `${name} -c`);
  else if (has(parsed, '-c', '--shell-mode')) run.shell(parsed.operands.map((a) => a.text).join(' '), `${name} -c`);
  else run.exec(parsed.operands);
};

const dd: Handler = (args, run) => {
  for (const a of args) if (a.text.startsWith('of=')) run.write({ text: a.text.slice(3), literal: a.literal }, 'dd of=');
};

/** find ROOTS… EXPRESSION: `-delete`, or `-exec` of a command that writes `{}`, acts on everything under the roots. */
const find: Handler = (args, run) => {
  let i = 0;
  for (; i < args.length && /^-([HLP]|O\d*|D)$/.test((args[i] as Arg).text); i++) if ((args[i] as Arg).text === '-D') i++;
  const roots: Arg[] = [];
  for (; i < args.length && !/^[-(!]/.test((args[i] as Arg).text); i++) roots.push(args[i] as Arg);
  const expr = args.slice(i);
  let destructive = false;
  for (let k = 0; k < expr.length; k++) {
    const t = (expr[k] as Arg).text;
    if (t === '-delete') destructive = true;
    if (['-fprint', '-fprint0', '-fprintf', '-fls'].includes(t) && expr[k + 1]) run.write(expr[k + 1] as Arg, `find ${t}`);
    if (['-exec', '-execdir', '-ok', '-okdir'].includes(t)) {
      const end = expr.findIndex((a, n) => n > k && (a.text === ';' || a.text === '+'));
      const inner = expr.slice(k + 1, end < 0 ? expr.length : end);
      run
        .filter((path) => {
          const found = /^(\.\/)?\{\}$/.test(path.text);
          if (found) destructive = true;
          return !found;
        })
        .exec(inner);
      k = end < 0 ? expr.length : end;
    }
  }
  if (destructive) for (const root of roots.length > 0 ? roots : [arg('.')]) run.write(root, 'find -delete');
};

const git: Handler = (args, run) => {
  const global = parseArgs(args, { short: 'Cc', long: ['git-dir', 'work-tree', 'namespace', 'config-env', 'exec-path', 'super-prefix'], stopAtOperand: true });
  const dirs = values(global, '-C');
  const r = dirs.reduce<Runner>((acc, dir) => acc.within(dir), run);
  const [sub, ...rest] = global.operands;
  if (!sub) return;
  const via = `git ${sub.text}`;
  switch (sub.text) {
    case 'checkout': {
      const parsed = parseArgs(rest, { short: 'bB', long: ['orphan', 'conflict', 'pathspec-from-file'] });
      if (has(parsed, '-b', '-B', '--orphan') && !parsed.dashDash) return;
      // After `--` only pathspecs follow; without it `git checkout X` may restore a file named X.
      const afterDashDash = rest.findIndex((a) => a.text === '--');
      const paths = afterDashDash >= 0 ? rest.slice(afterDashDash + 1) : parsed.operands;
      for (const path of paths) r.write(path, via);
      return;
    }
    case 'restore':
    case 'rm': {
      const parsed = parseArgs(rest, { short: 's', long: ['source', 'conflict', 'pathspec-from-file'] });
      for (const path of parsed.operands) r.write(path, via);
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
      if (has(parsed, '--hard', '--merge', '--keep')) r.write(arg('.'), 'git reset --hard');
      return;
    }
    case 'clean': {
      const parsed = parseArgs(rest, { short: 'e', long: ['exclude'] });
      if (has(parsed, '-n', '--dry-run')) return;
      for (const path of parsed.operands.length > 0 ? parsed.operands : [arg('.')]) r.write(path, via);
      return;
    }
    default:
      return;
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
  if (original) r.write(original, 'patch');
  for (const path of values(parsed, '-o', '--output', '-r', '--reject-file')) r.write(path, 'patch');
};

const tar: Handler = (args, run) => {
  // Old style `tar xzf a.tar`: the first argument is a cluster without its dash.
  const first = args[0];
  const normalised = first && !first.text.startsWith('-') ? [{ ...first, text: `-${first.text}` }, ...args.slice(1)] : args;
  const parsed = parseArgs(normalised, { short: 'fCbHKLNTVgXFI', long: ['file', 'directory', 'blocking-factor', 'format', 'starting-file', 'tape-length', 'newer', 'files-from', 'label', 'listed-incremental', 'exclude-from', 'info-script', 'use-compress-program', 'exclude', 'transform', 'owner', 'group', 'mode', 'mtime'] });
  const dir = values(parsed, '-C', '--directory')[0];
  if (has(parsed, '-x', '--extract', '--get')) run.write(dir ?? arg('.'), 'tar -x');
  if (has(parsed, '-c', '--create', '-r', '--append', '-u', '--update', '--delete', '-A', '--catenate')) {
    for (const file of values(parsed, '-f', '--file')) if (file.text !== '-') run.write(file, 'tar');
  }
};

const unzip: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'dxP' });
  if (has(parsed, '-l', '-t', '-v', '-Z', '-p', '-c', '-z')) return;
  run.write(values(parsed, '-d')[0] ?? arg('.'), 'unzip');
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
    for (const path of parsed.operands) run.write(path, `${name} ${flags[0] ?? ''}`.trim());
  };

const mktemp: Handler = (args, run) => {
  const parsed = parseArgs(args, { short: 'p', long: ['tmpdir', 'suffix'] });
  if (has(parsed, '-u', '--dry-run') || has(parsed, '-t')) return;
  const [template] = parsed.operands;
  if (!template) return;
  const dir = values(parsed, '-p', '--tmpdir')[0];
  run.write(dir ? into(dir, template) : template, 'mktemp');
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
  ['bun', interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--preload', '--cwd', '--config'], attached: false })],
  ['bunx', packageRunner],
  ['bunzip2', compressor],
  ['busybox', (args, run) => run.exec(args)],
  ['bzip2', compressor],
  ['chattr', afterFirstOperand({ short: 'vp' }, (t) => /^-[RVf]+$/.test(t) || t === '-v' || t === '-p')],
  ['chgrp', afterFirstOperand({ long: ['from'] })],
  ['chmod', afterFirstOperand({}, isChmodOption)],
  ['chown', afterFirstOperand({ long: ['from'] })],
  ['cp', copyLike({ short: 'St', long: ['suffix', 'target-directory', 'no-preserve', 'sparse'] })],
  ['curl', curl()],
  ['dash', shell],
  ['dd', dd],
  ['deno', (args, run) => { if (args[0]?.text === 'eval') denoEval(args.slice(1), run); }],
  ['doas', wrapper({ short: 'uC' })],
  ['dos2unix', operandsWritten({ short: 'cn' })],
  ['ed', operandsWritten({ short: 'p' })],
  ['emacs', editor()],
  ['env', env],
  ['eslint', fixer(['--fix'], { long: ['config', 'ext', 'format', 'output-file', 'resolve-plugins-relative-to', 'rulesdir', 'parser', 'parser-options', 'plugin', 'rule', 'ignore-path', 'ignore-pattern', 'max-warnings', 'cache-location'], short: 'cfo' })],
  ['ex', editor()],
  ['exec', wrapper({ short: 'a' })],
  ['fallocate', operandsWritten({ short: 'lon' })],
  ['find', find],
  ['fish', foreignShell(['-c', '--command'])],
  ['flock', flock],
  ['gawk', awk],
  ['git', git],
  ['gunzip', compressor],
  ['gzip', compressor],
  ['install', copyLike({ short: 'mogSt', long: ['mode', 'owner', 'group', 'suffix', 'target-directory', 'strip-program'] }, { dirsOnly: '-d' })],
  ['ionice', wrapper({ short: 'cnpPu', long: ['class', 'classdata', 'pid', 'pgid', 'uid'] })],
  ['ksh', shell],
  ['link', (args, run) => { const dest = parseArgs(args).operands[1]; if (dest) run.write(dest, 'link'); }],
  ['ln', ln],
  ['lua', interpreter({ code: ['-e'], value: ['-l'] })],
  ['luajit', interpreter({ code: ['-e'], value: ['-l', '-j'] })],
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
  ['nohup', wrapper({})],
  ['node', interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type', '--env-file', '--title', '--inspect-port', '--stack-size'], attached: false })],
  ['nodejs', interpreter({ code: ['-e', '--eval', '-p', '--print'], value: ['-r', '--require', '--import', '--loader', '-C', '--conditions'], attached: false })],
  ['npm', packageRunner],
  ['npx', packageRunner],
  ['nvim', editor()],
  ['osascript', interpreter({ code: ['-e'], value: ['-l'] })],
  ['patch', patch],
  ['perl', perlLike('perl')],
  ['php', interpreter({ code: ['-r', '-B', '-R', '-E'], value: ['-c', '-d', '-f', '-z', '-t'] })],
  ['pnpm', packageRunner],
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
  ['scp', scp()],
  ['sed', sed],
  ['setsid', wrapper({})],
  ['sh', shell],
  ['shred', operandsWritten({ short: 'ns', long: ['iterations', 'size', 'random-source'] })],
  ['sort', (args, run) => { for (const path of values(parseArgs(args, { short: 'ktSTo', long: ['key', 'field-separator', 'buffer-size', 'temporary-directory', 'output', 'batch-size', 'compress-program', 'files0-from', 'parallel', 'random-source'] }), '-o', '--output')) run.write(path, 'sort -o'); }],
  ['source', source],
  ['sponge', operandsWritten({})],
  ['stdbuf', wrapper({ short: 'ioe', long: ['input', 'output', 'error'] })],
  ['strace', traced('-o', { short: 'oeEpPsSuIbaX' })],
  ['stylelint', fixer(['--fix'], { long: ['config', 'config-basedir', 'custom-syntax', 'ignore-path', 'ignore-pattern', 'formatter', 'output-file', 'max-warnings'] })],
  ['su', su],
  ['sudo', sudo],
  ['sudoedit', operandsWritten({ short: 'ugChpDrtTU' }, 'sudoedit')],
  ['tar', tar],
  ['taskset', wrapper({}, { skip: 1 })],
  ['tee', operandsWritten({ long: ['output-error'] })],
  ['time', traced('-o', { short: 'of', long: ['output', 'format'] })],
  ['timeout', timeout],
  ['touch', operandsWritten({ short: 'drt', long: ['date', 'reference', 'time'] })],
  ['trap', trap],
  ['truncate', operandsWritten({ short: 'sr', long: ['size', 'reference'] })],
  ['uniq', (args, run) => { const output = parseArgs(args, { short: 'fsw', long: ['skip-fields', 'skip-chars', 'check-chars'] }).operands[1]; if (output) run.write(output, 'uniq'); }],
  ['unix2dos', operandsWritten({ short: 'cn' })],
  ['unlink', operandsWritten()],
  ['unxz', compressor],
  ['unzip', unzip],
  ['vi', editor()],
  ['vim', editor()],
  ['watch', watch],
  ['wget', wget()],
  ['xargs', xargs],
  ['xz', compressor],
  ['yq', (args, run) => { const parsed = parseArgs(args, { short: 'IpoE', long: ['indent', 'input-format', 'output-format', 'expression', 'front-matter', 'from-file'] }); if (has(parsed, '-i', '--inplace')) for (const path of parsed.operands.slice(values(parsed, '--expression').length > 0 ? 0 : 1)) run.write(path, 'yq -i'); }],
  ['zsh', shell],
]);

function denoEval(args: readonly Arg[], run: Runner): void {
  const code = parseArgs(args, { long: ['ext', 'import-map', 'config', 'location', 'v8-flags', 'seed'], stopAtOperand: true }).operands[0];
  if (code) run.inline('deno', code.text);
}

function editor(): Handler {
  // vim +cmd file, vim -c cmd file: the `+…` and option values are not files.
  return (args, run, name) => {
    const parsed = parseArgs(args, { short: 'cSuiTwWstqrdU', long: ['cmd', 'listen', 'servername', 'remote', 'eval', 'init-directory', 'load'] });
    for (const path of parsed.operands) if (!path.text.startsWith('+')) run.write(path, name);
  };
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
  };
}

function wget(): Handler {
  const spec: OptionSpec = { short: 'OoaPeiBtTwQUYlAR', long: ['output-document', 'output-file', 'append-output', 'directory-prefix', 'execute', 'input-file', 'base', 'tries', 'timeout', 'wait', 'quota', 'user-agent', 'level', 'accept', 'reject', 'header', 'post-data', 'post-file', 'user', 'password'] };
  return (args, run) => {
    const parsed = parseArgs(args, spec);
    for (const path of values(parsed, '-O', '--output-document', '-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix')) {
      if (path.text !== '-') run.write(path, 'wget');
    }
  };
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
