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
import { COMMANDS, commandKey, type Runner } from './shell/commands.js';
import { enter, resolveIn, sameCwds, START, union, type Cwds } from './shell/cwd.js';
import { parseArgs, has } from './shell/options.js';
import { plainScript, type PlainAndOr, type PlainCommand, type PlainPipeline, type PlainScript } from './shell/plain.js';
import {
  shellSyntax,
  ShellSyntaxError,
  type ShBinaryCmd,
  type ShCallExpr,
  type ShCaseClause,
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
  /** Set when the command cannot be parsed or checked (`… | sh`): the caller fails closed. */
  readonly error?: string;
}

export interface AnalyzeOptions {
  /** Read plain command lines without the parser (the default); false always parses, for tests that compare the two. */
  readonly plain?: boolean;
}

/** Analyses one command line as an agent's Bash tool would run it. Synchronous; loads the parser on first need. */
export function analyzeShell(command: string, options: AnalyzeOptions = {}): ShellAnalysis {
  const analysis = new Analysis();
  try {
    const plain = options.plain === false ? undefined : plainScript(command);
    if (plain) analysis.plain(plain, START);
    else analysis.source(command, START, { depth: 0, sink: undefined }, undefined);
  } catch (error) {
    // A bug here must not let a write through: the hook fails closed on `error`.
    analysis.fail(`dsctl could not analyse the command: ${error instanceof Error ? error.message : String(error)}`);
  }
  return analysis.result();
}

/** Where a command's standard input comes from. */
interface Input {
  /** A here-document or here-string's text. */
  readonly stdinText: string | undefined;
  /** The previous command of a pipeline. */
  readonly stdinPiped: boolean;
}
const NO_INPUT: Input = { stdinText: undefined, stdinPiped: false };
const PIPED: Input = { stdinText: undefined, stdinPiped: true };

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

/** Receives writes before they are reported, with the directories they were made in. */
type WriteSink = ((path: Arg, via: string, cwds: Cwds) => void) | undefined;

/** `bash -c "bash -c '…'"` beyond this depth is refused. */
const MAX_DEPTH = 8;

const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>', '>&']);

class Analysis {
  private readonly writes = new Map<string, ShellWrite>();
  private readonly inline: InlineCode[] = [];
  private error: string | undefined;
  private syntax: ShellSyntax | undefined;

  result(): ShellAnalysis {
    const base = { writes: [...this.writes.values()], inlineCode: this.inline };
    return this.error === undefined ? base : { ...base, error: this.error };
  }

  fail(reason: string): void {
    this.error ??= reason;
  }

  /** Parses and walks `code`; `origin` names the command that runs it (undefined for the command line). */
  source(code: string, cwds: Cwds, outer: Pick<Scope, 'depth' | 'sink'>, origin: string | undefined): Flow {
    const { depth, sink } = outer;
    if (depth > MAX_DEPTH) {
      this.fail(`${origin ?? 'command'}: nested more than ${MAX_DEPTH} levels deep`);
      return same(cwds);
    }
    this.syntax ??= shellSyntax();
    let file;
    try {
      file = this.syntax.parse(code);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      this.fail(origin === undefined ? error.message : `${origin}: ${error.message}`);
      return same(cwds);
    }
    const scope: Scope = { depth, sink, reader: new WordReader(this.syntax, Buffer.from(code, 'utf8')) };
    return this.stmts(file.Stmts, cwds, scope, NO_INPUT);
  }

  addWrite(cwds: Cwds, path: Arg, via: string, sink: WriteSink): void {
    if (sink) return sink(path, via, cwds);
    if (path.text === '') return;
    for (const cwd of cwds) {
      const resolved = resolveIn(cwd, path.text);
      if (resolved === '/dev' || resolved.startsWith('/dev/')) continue;
      this.writes.set(`${resolved}\0${via}`, { path: resolved, via });
    }
  }

  addInline(interpreter: string, code: string): void {
    if (!this.inline.some((i) => i.interpreter === interpreter && i.code === code)) this.inline.push({ interpreter, code });
  }

  /** A command line in the plain part of the language, walked as the parsed tree of the same line would be. */
  plain(script: PlainScript, cwds: Cwds): Flow {
    const scope: Scope = { depth: 0, reader: undefined, sink: undefined };
    const command = ({ args, redirects }: PlainCommand, at: Cwds, outer: Input): Flow => {
      let input = outer;
      for (const { fd, op, target } of redirects) input = this.fileRedirect(fd, op, target, at, scope.sink, input);
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

  /** A pipeline: every part runs in a subshell, each reading the one before. */
  private pipeline<T>(parts: readonly T[], cwds: Cwds, run: (part: T, cwds: Cwds, input: Input) => unknown, input: Input): Flow {
    parts.forEach((part, i) => run(part, cwds, i === 0 ? input : PIPED));
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
    if (op === '<') return NO_INPUT;
    if (op === undefined || !redirect.Word) return input;
    return this.fileRedirect(redirect.N?.Value, op, reader.single(redirect.Word), cwds, sink, input);
  }

  /** A redirection to or from a file (not a here-document): `N>`, `>>`, `&>`, `N>&M`, `<`, `<>`. */
  private fileRedirect(fd: string | undefined, op: RedirOp, target: Arg, cwds: Cwds, sink: WriteSink, input: Input): Input {
    if (op === '<') return NO_INPUT;
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
        for (const assign of call.Assigns) this.substitutions(assign, cwds, scope);
        const reader = scope.reader as WordReader;
        const args = call.Args.flatMap((word) => {
          this.substitutions(word, cwds, scope);
          return reader.fields(word);
        });
        return this.command(args, cwds, scope, input);
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
      if (rest.length === 0) runner.unknowable(`runs a command known only at run time: ${name.text}`);
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
        return { ok: union(cwds.map((cwd) => enter(cwd, target))), fail: cwds };
      }
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
        const handler = COMMANDS.get(key);
        if (handler) handler(rest, runner, key);
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

  write(path: Arg, via: string): void {
    this.analysis.addWrite(this.cwds, path, via, this.scope.sink);
  }

  inline(interpreter: string, code: string): void {
    this.analysis.addInline(interpreter, code);
  }

  shell(code: string, origin: string): void {
    this.analysis.source(code, this.cwds, { depth: this.scope.depth + 1, sink: this.scope.sink }, origin);
  }

  exec(args: readonly Arg[]): void {
    this.analysis.command(args, this.cwds, this.scope, this.input);
  }

  within(dir: Arg): Runner {
    return new CommandRunner(this.analysis, union(this.cwds.map((cwd) => enter(cwd, dir))), this.scope, this.input);
  }

  filter(keep: (path: Arg, via: string) => boolean): Runner {
    const outer = this.scope.sink;
    const sink: WriteSink = (path, via, cwds) => {
      if (keep(path, via)) this.analysis.addWrite(cwds, path, via, outer);
    };
    return new CommandRunner(this.analysis, this.cwds, { ...this.scope, sink }, this.input);
  }

  unknowable(reason: string): void {
    this.analysis.fail(reason);
  }
}
