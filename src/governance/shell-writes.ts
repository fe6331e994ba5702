/**
 * What a shell command line writes: the Bash half of the agent hook (ARCHITECTURE §5, layer 1).
 * A Write/Edit guard alone is bypassed by `echo x > DESIGN.md`, so the command is parsed with a real
 * shell parser (mvdan/sh) and walked: redirections, writers (`sed -i`, `cp`, `rm`, `git checkout --`,
 * …, see shell/commands.ts), code run by other commands (`bash -c`, `eval`, `$(…)`, `sudo`, `xargs`),
 * and `cd` within the line, so that paths come out as seen from where the command starts.
 *
 * Command lines in the plain part of the language (`git status`, `rm -rf dist`, `cd design && sed -i
 * 's/a/b/' x.json`, see shell/plain.ts) are read without loading the parser: for them splitting on
 * blanks and operators is exactly what the shell does, and they are walked by the same code.
 */
import { posix } from 'node:path';
import { COMMANDS, commandKey, scriptByPath, type Runner } from './shell/commands.js';
import { enter, resolveIn, sameCwds, START, union, type Cwd, type Cwds } from './shell/cwd.js';
import { expandDirectory, readScript, type ReadResult } from './shell/files.js';
import { parseArgs, has } from './shell/options.js';
import { plainScript, type PlainAndOr, type PlainCommand, type PlainPipeline, type PlainScript } from './shell/plain.js';
import {
  shellSyntax,
  ShellSyntaxError,
  type ShBinaryCmd,
  type ShAssign,
  type ShCallExpr,
  type ShCaseClause,
  type ShDeclClause,
  type ShellSyntax,
  type ShForClause,
  type ShFuncDecl,
  type ShIfClause,
  type RedirOp,
  type ShNode,
  type ShRedirect,
  type ShStmt,
  type ShStmtList,
  type ShWhileClause,
  type ShWrapped,
} from './shell/syntax.js';
import { WordReader, type Arg } from './shell/words.js';
import type { FindFilter } from './gate-space.js';
import type { FoundFiles } from './shell/commands.js';

export interface ShellWrite {
  /**
   * The target as it will be resolved from the command's starting cwd: `cd design && sed -i …
   * contracts/tokens.json` → `design/contracts/tokens.json`; absolute paths stay absolute; `~` stays
   * `~/…`; under a directory that cannot be known (`cd "$X"`) it starts with `?/`. Posix-normalised.
   * It may name a directory (`rm -rf design`, `find design -delete`): everything beneath is written.
   */
  readonly path: string;
  /** What writes it: `>`, `2>`, `&>`, `tee`, `sed -i`, `cp`, `mv`, `rm`, `dd of=`, `git checkout`, `find -delete`, … */
  readonly via: string;
  /**
   * Set when `path` is a folder under which names known only at run time are written (`tar -x`, `git
   * reset --hard`, `… | xargs sed -i`, `> "$X"`); `*` is a folder that cannot be known (anywhere).
   */
  readonly scope?: true;
  /** For `find`: only existing files under `path` that pass these name tests (all of them) are acted on. */
  readonly filters?: readonly FindFilter[];
}

export interface InlineCode {
  /** python3, node, perl, ruby, php, awk, deno, … */
  readonly interpreter: string;
  readonly code: string;
}

export interface ShellAnalysis {
  readonly writes: readonly ShellWrite[];
  /** Interpreters given code inline (`python -c`, `node -e`, `perl -e`, a here-document): the caller asks a human if the code mentions a protected path. */
  readonly inlineCode: readonly InlineCode[];
  /** What the command does that cannot be decided from the line (`… | sh`, a script that cannot be read): a person decides. */
  readonly undecidable: readonly string[];
  /** dsctl commands only a person may run (`dsctl gate approve`, `dsctl lint --baseline-write`): denied. */
  readonly forbidden: readonly string[];
  /** Set when the command cannot be parsed (or a bug stopped the analysis): the caller fails closed. */
  readonly error?: string;
}

export interface AnalyzeOptions {
  /** Read plain command lines without the parser (the default); false always parses, for tests that compare the two. */
  readonly plain?: boolean;
  /** The absolute directory the command starts in: scripts, package.json and globs of `cd` are read from there. */
  readonly cwd?: string;
}

/** Analyses one command line as an agent's Bash tool would run it. Synchronous; loads the parser on first need. */
export function analyzeShell(command: string, options: AnalyzeOptions = {}): ShellAnalysis {
  const analysis = new Analysis(options.cwd, options.plain !== false);
  // The parser and the walk recurse on nesting: a line nested deeper than any real command is refused unread.
  if (nesting(command) > MAX_NESTING) {
    analysis.fail(`the command nests more than ${MAX_NESTING} levels of ( { [ or \``);
    return analysis.result();
  }
  try {
    analysis.source(command, START, { depth: 0, sink: undefined }, undefined);
  } catch (error) {
    // A bug here must not let a write through: the hook fails closed on `error`.
    analysis.fail(`dsctl could not analyse the command: ${error instanceof Error ? error.message : String(error)}`);
  }
  return analysis.result();
}

/** Brackets open at once, at most, that a command line may have (quotes are not told apart: it only over-counts). */
const MAX_NESTING = 400;

function nesting(command: string): number {
  let depth = 0;
  let max = 0;
  let backquotes = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command.charCodeAt(i);
    if (c === 40 || c === 123 || c === 91) max = Math.max(max, ++depth + backquotes); // ( { [
    else if ((c === 41 || c === 125 || c === 93) && depth > 0) depth--; // ) } ]
    else if (c === 96) backquotes = backquotes > 0 ? backquotes - 1 : backquotes + 1;
  }
  return max;
}

/** Where a command's standard input comes from. */
interface Input {
  /** A here-document or here-string's text. */
  readonly stdinText: string | undefined;
  /** The previous command of a pipeline. */
  readonly stdinPiped: boolean;
  /** A file (`< x`). */
  readonly stdinFile?: Arg;
  /** The names a `find` before it in the pipeline prints. */
  readonly stdinFound?: FoundFiles;
}
const NO_INPUT: Input = { stdinText: undefined, stdinPiped: false };
const PIPED: Input = { stdinText: undefined, stdinPiped: true };
const fromFile = (file: Arg): Input => ({ stdinText: undefined, stdinPiped: false, stdinFile: file });

/** One parsed source: the command line itself, or code run by `bash -c`, `eval`, …. */
interface Scope {
  readonly depth: number;
  /** Undefined for a plain command split without the parser. */
  readonly reader: WordReader | undefined;
  /** Where writes go instead of the result, for commands run on paths not known yet (`find -exec`, `xargs -I`). */
  readonly sink: WriteSink;
}

/** The directories the shell may be in after a command succeeded, and after it failed. */
interface Flow {
  readonly ok: Cwds;
  readonly fail: Cwds;
}
const same = (cwds: Cwds): Flow => ({ ok: cwds, fail: cwds });
/** Code after `exit` is still analysed, from the last directories that were reachable. */
const reach = (cwds: Cwds, fallback: Cwds): Cwds => (cwds.length > 0 ? cwds : fallback);

/** How a write is meant: one path, or any names under a folder (see {@link ShellWrite.scope}). */
export interface WriteKind {
  readonly scope?: true;
  readonly filters?: readonly FindFilter[];
}
const PATH: WriteKind = {};

/** Receives writes before they are reported, with the directories they were made in. */
type WriteSink = ((path: Arg, via: string, cwds: Cwds, kind: WriteKind) => void) | undefined;

/** `*`: names that may be anywhere. */
export const ANYWHERE: Arg = { text: '*', literal: true };

/** `bash -c "bash -c '…'"` beyond this depth is refused. */
const MAX_DEPTH = 8;

const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>', '>&']);

class Analysis {
  private readonly writes = new Map<string, ShellWrite>();
  private readonly inline: InlineCode[] = [];
  private readonly undecidable: string[] = [];
  private readonly forbidden: string[] = [];
  /**
   * Variables the line sets (`f=design/x;`), by name: the literal value, or null once it may hold
   * something else (a second assignment, one known only at run time, a loop or `read` variable). The
   * walk does not follow which branch or subshell ran, so a name with two values has neither.
   */
  private readonly vars = new Map<string, string | null>();
  /** Links the line made (`ln -s design/contracts z`): a write through the name is a write to the target. */
  private readonly links = new Map<string, string>();
  private error: string | undefined;
  private syntax: ShellSyntax | undefined;
  /** What the last command run printed as file names, when it was a `find` (for the next part of a pipeline). */
  found: FoundFiles | undefined;

  constructor(
    readonly cwd: string | undefined,
    /** Whether code in the plain part of the language is read without the parser. */
    private readonly plainFirst: boolean,
  ) {}

  result(): ShellAnalysis {
    const base = { writes: [...this.writes.values()], inlineCode: this.inline, undecidable: this.undecidable, forbidden: this.forbidden };
    return this.error === undefined ? base : { ...base, error: this.error };
  }

  cannotDecide(reason: string): void {
    if (!this.undecidable.includes(reason)) this.undecidable.push(reason);
  }

  forbid(reason: string): void {
    if (!this.forbidden.includes(reason)) this.forbidden.push(reason);
  }

  /** `PWD` is the directory the shell is in (`./`), `HOME` is `~`; others as the line set them. */
  lookup(name: string): string | undefined {
    if (name === 'PWD') return '.';
    if (name === 'HOME') return '~';
    return this.vars.get(name) ?? undefined;
  }

  assign(name: string, value: Arg | undefined): void {
    const known = this.vars.get(name);
    this.vars.set(name, value?.literal && (known === undefined || known === value.text) ? value.text : null);
  }

  /** `path` written earlier in this line (a script generated, then run). */
  written(path: string): boolean {
    return [...this.writes.values()].some((w) => w.path === path || (w.scope === true && (w.path === '*' || w.path === '.' || path.startsWith(`${w.path}/`))));
  }

  link(cwds: Cwds, name: Arg, target: Arg): void {
    if (!name.literal || !target.literal) return;
    for (const cwd of cwds) {
      const at = resolveIn(cwd, name.text);
      // A symbolic link's target is read from the folder the link is in.
      const to = target.text.startsWith('/') ? target.text : resolveIn(cwd, `${posix.dirname(name.text)}/${target.text}`);
      this.links.set(at, to);
    }
  }

  /** A file the command reads (a script, package.json), from the directory the shell is in. */
  read(cwd: Cwd, path: Arg): ReadResult {
    if (!path.literal) return { reason: `${path.text} is known only at run time` };
    const resolved = resolveIn(cwd, path.text);
    if (this.written(resolved)) return { reason: `${path.text} is written by the same command line` };
    return readScript(this.cwd, resolved);
  }

  fail(reason: string): void {
    this.error ??= reason;
  }

  /** Parses and walks `code`; `origin` names the command that runs it (undefined for the command line). */
  source(code: string, cwds: Cwds, outer: Pick<Scope, 'depth' | 'sink'>, origin: string | undefined, fromFile = false): Flow {
    const { depth, sink } = outer;
    if (depth > MAX_DEPTH) {
      this.fail(`${origin ?? 'command'}: nested more than ${MAX_DEPTH} levels deep`);
      return same(cwds);
    }
    // `npm test` running `vitest run`, `bash -c 'rm x'`: plain code needs no parser.
    const plain = this.plainFirst ? plainScript(code) : undefined;
    if (plain) return this.plain(plain, cwds, { depth, sink });
    this.syntax ??= shellSyntax();
    let file;
    try {
      file = this.syntax.parse(code);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      // A script file the parser cannot read (zsh syntax, a bashrc) is not the agent's command line: undecidable.
      if (fromFile) this.cannotDecide(`${origin ?? 'a script'} cannot be parsed (${error.message})`);
      else this.fail(origin === undefined ? error.message : `${origin}: ${error.message}`);
      return same(cwds);
    }
    const scope: Scope = { depth, sink, reader: new WordReader(this.syntax, Buffer.from(code, 'utf8'), (name) => this.lookup(name)) };
    return this.stmts(file.Stmts, cwds, scope, NO_INPUT);
  }

  addWrite(cwds: Cwds, path: Arg, via: string, sink: WriteSink, kind: WriteKind = PATH): void {
    if (sink) return sink(path, via, cwds, kind);
    // `/proc/$$/cwd/x`: whatever the process, its cwd is where the agent's shell is.
    const proc = !path.literal ? /^\/proc\/[^/]*\/(cwd|root)(\/[^$`]*)?$/.exec(path.text) : null;
    if (proc) return this.addWrite(cwds, { text: `/proc/self/${proc[1] as string}${proc[2] ?? ''}`, literal: true }, via, sink, kind);
    if (!path.literal && kind.scope === undefined) {
      // `> "$X"`, `rm design/$(…)`: the name only exists at run time; the folder before it is known, or nothing is.
      const prefix = path.prefix ?? '';
      const slash = prefix.lastIndexOf('/');
      const dir: Arg = slash > 0 ? { text: prefix.slice(0, slash), literal: true } : slash === 0 ? { text: '/', literal: true } : prefix === '' ? ANYWHERE : { text: '.', literal: true };
      return this.addWrite(cwds, dir, via, undefined, { scope: true });
    }
    if (path.text === '') return;
    for (const cwd of cwds) {
      const resolved = path === ANYWHERE || (kind.scope && path.text === '*') ? '*' : resolveIn(cwd, path.text);
      if (resolved === '/dev' || resolved.startsWith('/dev/')) continue;
      const write: ShellWrite = kind.scope ? { path: resolved, via, scope: true, ...(kind.filters ? { filters: kind.filters } : {}) } : { path: resolved, via };
      this.writes.set(`${resolved}\0${via}\0${kind.scope ? 's' : ''}`, write);
      for (const [name, target] of this.links) {
        if (resolved === name || resolved.startsWith(`${name}/`)) {
          const through = target + resolved.slice(name.length);
          this.writes.set(`${through}\0${via}\0${kind.scope ? 's' : ''}`, { ...write, path: through });
        }
      }
    }
  }

  addInline(interpreter: string, code: string): void {
    if (!this.inline.some((i) => i.interpreter === interpreter && i.code === code)) this.inline.push({ interpreter, code });
  }

  /** A command line in the plain part of the language, walked as the parsed tree of the same line would be. */
  plain(script: PlainScript, cwds: Cwds, outer: Pick<Scope, 'depth' | 'sink'>): Flow {
    const scope: Scope = { depth: outer.depth, reader: undefined, sink: outer.sink };
    const command = ({ args, redirects, env }: PlainCommand, at: Cwds, outer: Input): Flow => {
      let input = outer;
      for (const { fd, op, target } of redirects) input = this.fileRedirect(fd, op, target, at, scope.sink, input);
      if (args.length > 0 && env.length > 0) this.addInline('environment', env.join('\n'));
      return this.command(args, at, scope, input);
    };
    const pipeline = (commands: PlainPipeline, at: Cwds): Flow =>
      commands.length === 1 ? command(commands[0] as PlainCommand, at, NO_INPUT) : this.pipeline(commands, at, command, NO_INPUT);
    return this.sequence(script, cwds, (andOr: PlainAndOr, at) => andOr.rest.reduce((flow, { op, pipeline: next }) => this.andOr(flow, op, at, (c) => pipeline(next, c)), pipeline(andOr.first, at)));
  }

  private stmts(list: readonly ShStmt[], cwds: Cwds, scope: Scope, input: Input): Flow {
    return this.sequence(list, cwds, (stmt, reachable) => this.stmt(stmt, reachable, scope, input));
  }

  /** `a; b`: each runs where the one before left the shell, whether it succeeded or not. */
  private sequence<T>(list: readonly T[], cwds: Cwds, run: (item: T, cwds: Cwds) => Flow): Flow {
    let flow = same(cwds);
    let reachable = cwds;
    for (const item of list) {
      reachable = reach(union(flow.ok, flow.fail), reachable);
      flow = run(item, reachable);
    }
    return flow;
  }

  /** `x && y`, `x || y`, where `x` ran from `cwds` and ended as `left`. */
  private andOr(left: Flow, op: '&&' | '||', cwds: Cwds, right: (cwds: Cwds) => Flow): Flow {
    if (op === '&&') {
      const y = right(reach(left.ok, cwds));
      return { ok: y.ok, fail: union(left.fail, y.fail) };
    }
    const y = right(reach(left.fail, cwds));
    return { ok: union(left.ok, y.ok), fail: y.fail };
  }

  /** A pipeline: every part runs in a subshell, each reading the one before (and knowing when that is a `find`). */
  private pipeline<T>(parts: readonly T[], cwds: Cwds, run: (part: T, cwds: Cwds, input: Input) => unknown, input: Input): Flow {
    let previous: FoundFiles | undefined;
    parts.forEach((part, i) => {
      this.found = undefined;
      run(part, cwds, i === 0 ? input : previous ? { ...PIPED, stdinFound: previous } : PIPED);
      previous = this.found;
    });
    this.found = undefined;
    return same(cwds);
  }

  private stmt(stmt: ShStmt, cwds: Cwds, scope: Scope, outer: Input): Flow {
    let input = outer;
    for (const redirect of stmt.Redirs) {
      this.substitutions(redirect, cwds, scope);
      input = this.redirect(redirect, scope, cwds, input);
    }
    if (stmt.Cmd === null) return same(cwds);
    let flow = this.node(stmt.Cmd, cwds, scope, input);
    if (stmt.Background || stmt.Coprocess) flow = same(cwds);
    return stmt.Negated ? { ok: flow.fail, fail: flow.ok } : flow;
  }

  private redirect(redirect: ShRedirect, scope: Scope, cwds: Cwds, input: Input): Input {
    const syntax = this.syntax as ShellSyntax;
    const reader = scope.reader as WordReader;
    const sink = scope.sink;
    const op = syntax.redirOp(redirect);
    if (op === '<<' || op === '<<-') return { stdinText: redirect.Hdoc ? reader.heredoc(redirect.Hdoc) : '', stdinPiped: false };
    if (op === '<<<') return { stdinText: redirect.Word ? `${reader.single(redirect.Word).text}\n` : '', stdinPiped: false };
    if (op === '<') return redirect.Word ? fromFile(reader.single(redirect.Word)) : NO_INPUT;
    if (op === undefined || !redirect.Word) return input;
    return this.fileRedirect(redirect.N?.Value, op, reader.single(redirect.Word), cwds, sink, input);
  }

  /** A redirection to or from a file (not a here-document): `N>`, `>>`, `&>`, `N>&M`, `<`, `<>`. */
  private fileRedirect(fd: string | undefined, op: RedirOp, target: Arg, cwds: Cwds, sink: WriteSink, input: Input): Input {
    if (op === '<') return fd === undefined || fd === '0' ? fromFile(target) : input;
    if (!WRITE_REDIRECTS.has(op)) return input;
    // `2>&1`, `>&2`, `>&-` duplicate or close a descriptor; `>& file` is `&> file`.
    if (op === '>&' && /^(\d+|-)$/.test(target.text)) return input;
    this.addWrite(cwds, target, `${fd ?? ''}${op}`, sink);
    return input;
  }

  private node(node: ShNode, cwds: Cwds, scope: Scope, input: Input): Flow {
    const syntax = this.syntax as ShellSyntax;
    switch (syntax.type(node)) {
      case 'CallExpr': {
        const call = node as ShCallExpr;
        const reader = scope.reader as WordReader;
        const values = call.Assigns.map((assign) => {
          this.substitutions(assign, cwds, scope);
          return this.assignment(assign, reader);
        });
        const args = call.Args.flatMap((word) => {
          this.substitutions(word, cwds, scope);
          return reader.fields(word);
        });
        if (args.length === 0) {
          for (const { name, value } of values) if (name !== undefined) this.assign(name, value);
          return same(cwds);
        }
        // `P=AGENTS.md node -e …`: the command's environment is code it can read.
        const env = values.map((v) => v.value?.text ?? '');
        if (env.length > 0) this.addInline('environment', env.join('\n'));
        return this.command(args, cwds, scope, input);
      }
      case 'DeclClause': {
        const decl = node as ShDeclClause;
        this.substitutions(node, cwds, scope);
        const reader = scope.reader as WordReader;
        for (const assign of decl.Args) {
          const { name, value } = this.assignment(assign, reader);
          if (name !== undefined && !assign.Naked) this.assign(name, value);
        }
        return same(cwds);
      }
      case 'BinaryCmd': {
        const bin = node as ShBinaryCmd;
        const op = syntax.binaryOp(bin);
        if (op === '&&' || op === '||') return this.andOr(this.stmt(bin.X, cwds, scope, input), op, cwds, (c) => this.stmt(bin.Y, c, scope, input));
        return this.pipeline([bin.X, bin.Y], cwds, (stmt, c, i) => this.stmt(stmt, c, scope, i), input);
      }
      case 'Subshell':
        this.stmts((node as ShStmtList).Stmts, cwds, scope, input);
        return same(cwds);
      case 'Block':
        return this.stmts((node as ShStmtList).Stmts, cwds, scope, input);
      case 'IfClause':
        return this.ifClause(node as ShIfClause, cwds, scope, input);
      case 'WhileClause': {
        const loop = node as ShWhileClause;
        const cond = this.stmts(loop.Cond, cwds, scope, input);
        const body = this.stmts(loop.Do, union(cond.ok, cond.fail), scope, input);
        return same(this.afterLoop(cwds, [cond, body]));
      }
      case 'ForClause': {
        const loop = node as ShForClause;
        this.substitutions(loop.Loop, cwds, scope);
        const variable = (loop.Loop as { Name?: { Value?: string } | null }).Name?.Value;
        if (typeof variable === 'string') this.assign(variable, undefined);
        const body = this.stmts(loop.Do, cwds, scope, input);
        return same(this.afterLoop(cwds, [body]));
      }
      case 'CaseClause': {
        const clause = node as ShCaseClause;
        this.substitutions(clause.Word, cwds, scope);
        const flows = clause.Items.map((item) => {
          for (const pattern of item.Patterns) this.substitutions(pattern, cwds, scope);
          return this.stmts(item.Stmts, cwds, scope, input);
        });
        return same(union(cwds, ...flows.flatMap((f) => [f.ok, f.fail])));
      }
      case 'FuncDecl':
        // Whatever the function writes is reported where it is defined, called or not.
        this.stmt((node as ShFuncDecl).Body, cwds, scope, input);
        return same(cwds);
      case 'TimeClause': {
        const inner = (node as ShWrapped).Stmt;
        return inner ? this.stmt(inner, cwds, scope, input) : same(cwds);
      }
      case 'CoprocClause': {
        const inner = (node as ShWrapped).Stmt;
        if (inner) this.stmt(inner, cwds, scope, input);
        return same(cwds);
      }
      default:
        // DeclClause, LetClause, ArithmCmd, TestClause: only their `$(…)` can write.
        this.substitutions(node, cwds, scope);
        return same(cwds);
    }
  }

  private assignment(assign: ShAssign, reader: WordReader): { name: string | undefined; value: Arg | undefined } {
    const name = assign.Name?.Value;
    if (assign.Append || assign.Array || assign.Index) return { name, value: undefined };
    return { name, value: assign.Value ? reader.single(assign.Value) : { text: '', literal: true } };
  }

  private ifClause(clause: ShIfClause, cwds: Cwds, scope: Scope, input: Input): Flow {
    if (clause.Cond.length === 0) return this.stmts(clause.Then, cwds, scope, input); // a plain `else`
    const cond = this.stmts(clause.Cond, cwds, scope, input);
    const then = this.stmts(clause.Then, reach(cond.ok, cwds), scope, input);
    const other = clause.Else ? this.ifClause(clause.Else, reach(cond.fail, cwds), scope, input) : same(cond.fail);
    return same(union(then.ok, then.fail, other.ok, other.fail));
  }

  /** A loop runs its body any number of times: a `cd` in it leads somewhere that cannot be known. */
  private afterLoop(cwds: Cwds, flows: readonly Flow[]): Cwds {
    const out = union(cwds, ...flows.flatMap((f) => [f.ok, f.fail]));
    return sameCwds(out, cwds) ? cwds : union(out, [null]);
  }

  /** `$(…)`, backticks and `<(…)` inside `node` run as subshells, in the current directory. */
  private substitutions(node: ShNode, cwds: Cwds, scope: Scope): void {
    const syntax = this.syntax as ShellSyntax;
    syntax.walk(node, (n) => {
      const type = syntax.type(n);
      if (type !== 'CmdSubst' && type !== 'ProcSubst') return true;
      this.stmts((n as ShStmtList).Stmts, cwds, scope, NO_INPUT);
      return false;
    });
  }

  /** A simple command, after expansion. */
  command(args: readonly Arg[], cwds: Cwds, scope: Scope, input: Input): Flow {
    const [name, ...rest] = args;
    if (!name) return same(cwds);
    const runner = new CommandRunner(this, cwds, scope, input);
    if (!name.literal) {
      // `eval "$X"`, `bash -c "$(curl …)"`: the whole command only exists at run time.
      runner.unknowable(`runs a command known only at run time: ${name.text}`);
      // `$EDITOR file`, `"$(which rm)" x`: the command is unknowable, so its operands may be written.
      for (const operand of parseArgs(rest).operands) runner.write(operand, name.text);
      return same(cwds);
    }
    const key = commandKey(name.text);
    switch (key) {
      case 'cd':
      case 'pushd': {
        const target = parseArgs(rest, { stopAtOperand: true }).operands[0];
        if (key === 'pushd' && target && /^[+-]\d+$/.test(target.text)) return { ok: [null], fail: cwds };
        // `cd design/contr*`: the folder the glob names now, if it names exactly one.
        const glob = target && target.literal && /[*?[]/.test(target.text);
        return { ok: union(cwds.map((cwd) => enter(cwd, glob ? expandDirectory(this.cwd, cwd, target.text) : target))), fail: cwds };
      }
      case 'read':
      case 'mapfile':
      case 'readarray':
        for (const operand of parseArgs(rest, { short: 'adinNptu' }).operands) this.assign(operand.text, undefined);
        return same(cwds);
      case 'alias':
        // An alias runs where it is used; what it runs is checked where it is defined.
        for (const operand of rest) {
          const eq = operand.text.indexOf('=');
          if (eq > 0) this.source(operand.text.slice(eq + 1), cwds, { depth: scope.depth + 1, sink: scope.sink }, 'alias');
        }
        return same(cwds);
      case 'popd':
        return { ok: [null], fail: cwds };
      case 'builtin':
        return this.command(rest, cwds, scope, input);
      case 'command': {
        const parsed = parseArgs(rest, { stopAtOperand: true });
        return has(parsed, '-v', '-V') ? same(cwds) : this.command(parsed.operands, cwds, scope, input);
      }
      case 'eval':
        return this.source(rest.map((a) => a.text).join(' '), cwds, { depth: scope.depth + 1, sink: scope.sink }, 'eval');
      case 'exit':
      case 'return':
        return { ok: [], fail: [] };
      default: {
        const handler = COMMANDS.get(key) ?? (name.text.includes('/') ? scriptByPath : undefined);
        if (handler) handler(rest, runner, handler === scriptByPath ? name.text : key);
        return same(cwds);
      }
    }
  }
}

/** What a command handler sees of the analysis: its directory, its input, and where findings go. */
class CommandRunner implements Runner {
  constructor(
    private readonly analysis: Analysis,
    private readonly cwds: Cwds,
    private readonly scope: Scope,
    private readonly input: Input,
  ) {}

  get stdinText(): string | undefined {
    return this.input.stdinText;
  }

  get stdinPiped(): boolean {
    return this.input.stdinPiped;
  }

  get stdinFile(): Arg | undefined {
    return this.input.stdinFile;
  }

  get stdinFound(): FoundFiles | undefined {
    return this.input.stdinFound;
  }

  prints(found: FoundFiles): void {
    // The parts of a pipeline run in one directory: the roots mean the same to the next part.
    this.analysis.found = found;
  }

  write(path: Arg, via: string): void {
    this.analysis.addWrite(this.cwds, path, via, this.scope.sink);
  }

  scopeWrite(dir: Arg, via: string, filters?: readonly FindFilter[]): void {
    this.analysis.addWrite(this.cwds, dir, via, this.scope.sink, filters ? { scope: true, filters } : { scope: true });
  }

  link(name: Arg, target: Arg): void {
    this.analysis.link(this.cwds, name, target);
  }

  read(path: Arg): ReadResult {
    const [cwd] = this.cwds;
    if (this.cwds.length !== 1 || cwd === undefined) return { reason: 'the directory it runs in is not known' };
    return this.analysis.read(cwd, path);
  }

  forbid(reason: string): void {
    this.analysis.forbid(reason);
  }

  unknownNames(unknownAt: (path: Arg) => number | undefined, dirs: readonly Arg[], filters?: readonly FindFilter[]): Runner {
    const outer = this.scope.sink;
    const sink: WriteSink = (path, via, cwds, kind) => {
      const at = unknownAt(path);
      if (at === undefined && (path.literal || kind.scope)) return this.analysis.addWrite(cwds, path, via, outer, kind);
      const prefix = at !== undefined ? path.text.slice(0, at) : (path.prefix ?? '');
      const slash = prefix.lastIndexOf('/');
      const whole = prefix === '' || prefix === '.' || prefix === './';
      const known: Arg | undefined = whole ? undefined : slash > 0 ? { text: prefix.slice(0, slash), literal: true } : slash === 0 ? { text: '/', literal: true } : { text: '.', literal: true };
      // A name in a known folder (`design/{}`): that folder; a whole unknown name (`{}`): the command's reach, from where it runs.
      if (known) return this.analysis.addWrite(cwds, known, via, outer, { scope: true });
      for (const dir of dirs) this.analysis.addWrite(this.cwds, dir, via, outer, filters ? { scope: true, filters } : { scope: true });
    };
    return new CommandRunner(this.analysis, this.cwds, { ...this.scope, sink }, this.input);
  }

  inline(interpreter: string, code: string): void {
    this.analysis.addInline(interpreter, code);
  }

  shell(code: string, origin: string, fromFile = false): void {
    this.analysis.source(code, this.cwds, { depth: this.scope.depth + 1, sink: this.scope.sink }, origin, fromFile);
  }

  exec(args: readonly Arg[]): void {
    this.analysis.command(args, this.cwds, this.scope, this.input);
  }

  within(dir: Arg): Runner {
    return new CommandRunner(this.analysis, union(this.cwds.map((cwd) => enter(cwd, dir))), this.scope, this.input);
  }

  filter(keep: (path: Arg, via: string) => boolean): Runner {
    const outer = this.scope.sink;
    const sink: WriteSink = (path, via, cwds, kind) => {
      if (keep(path, via)) this.analysis.addWrite(cwds, path, via, outer, kind);
    };
    return new CommandRunner(this.analysis, this.cwds, { ...this.scope, sink }, this.input);
  }

  unknowable(reason: string): void {
    this.analysis.cannotDecide(reason);
  }
}
