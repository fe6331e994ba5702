/**
 * The shell parser: mvdan/sh (the parser behind shfmt), as its GopherJS build `mvdan-sh` ships it.
 * It is synchronous and complete (bash heredocs, `$(…)`, process substitution, `&>`, arrays, `[[ ]]`,
 * `case`, functions), and its tree keeps every node: `sh-syntax`, the WASM build of the same parser,
 * only hands JavaScript each statement's position, and `bash-parser` misreads heredocs and `&>`.
 *
 * Loading it costs about 70 ms (about 30 ms with V8's code cache, see src/runtime/code-cache.ts, most of it
 * the GopherJS runtime starting), so it is required lazily, on the first command that needs a parser
 * (plain command lines never do, see plain.ts), and once per process. Only the part of the Go tree
 * this package reads is typed below.
 */
import { cachedRequire } from '../../runtime/code-cache.js';

export interface ShPos {
  Offset(): number;
}
export interface ShNode {
  Pos(): ShPos;
  End(): ShPos;
}
export interface ShFile extends ShNode {
  readonly Stmts: readonly ShStmt[];
}
export interface ShStmt extends ShNode {
  readonly Cmd: ShNode | null;
  readonly Negated: boolean;
  readonly Background: boolean;
  readonly Coprocess: boolean;
  readonly Redirs: readonly ShRedirect[];
}
export interface ShRedirect extends ShNode {
  readonly Op: number;
  readonly N: ShLit | null;
  readonly Word: ShWord | null;
  readonly Hdoc: ShWord | null;
}
export interface ShWord extends ShNode {
  readonly Parts: readonly ShNode[];
}
export interface ShLit extends ShNode {
  readonly Value: string;
}
export interface ShSglQuoted extends ShNode {
  readonly Dollar: boolean;
  readonly Value: string;
}
export interface ShDblQuoted extends ShNode {
  readonly Dollar: boolean;
  readonly Parts: readonly ShNode[];
}
export interface ShBraceExp extends ShNode {
  readonly Sequence: boolean;
  readonly Elems: readonly ShWord[];
}
export interface ShAssign extends ShNode {
  readonly Name: ShLit | null;
  readonly Value: ShWord | null;
  readonly Naked: boolean;
  readonly Append: boolean;
  readonly Array: ShNode | null;
  readonly Index: ShNode | null;
}
export interface ShDeclClause extends ShNode {
  readonly Variant: ShLit | null;
  readonly Args: readonly ShAssign[];
}
export interface ShCallExpr extends ShNode {
  readonly Assigns: readonly ShAssign[];
  readonly Args: readonly ShWord[];
}
export interface ShBinaryCmd extends ShNode {
  readonly Op: number;
  readonly X: ShStmt;
  readonly Y: ShStmt;
}
export interface ShStmtList extends ShNode {
  readonly Stmts: readonly ShStmt[];
}
export interface ShIfClause extends ShNode {
  readonly Cond: readonly ShStmt[];
  readonly Then: readonly ShStmt[];
  readonly Else: ShIfClause | null;
}
export interface ShWhileClause extends ShNode {
  readonly Cond: readonly ShStmt[];
  readonly Do: readonly ShStmt[];
}
export interface ShForClause extends ShNode {
  readonly Loop: ShNode;
  readonly Do: readonly ShStmt[];
}
export interface ShCaseClause extends ShNode {
  readonly Word: ShWord;
  readonly Items: readonly { readonly Patterns: readonly ShWord[]; readonly Stmts: readonly ShStmt[] }[];
}
export interface ShFuncDecl extends ShNode {
  readonly Body: ShStmt;
}
export interface ShWrapped extends ShNode {
  readonly Stmt: ShStmt | null;
}

/** A redirection operator as written: `>`, `>>`, `<`, `<>`, `<&`, `>&`, `>|`, `<<`, `<<-`, `<<<`, `&>`, `&>>`. */
export type RedirOp = '>' | '>>' | '<' | '<>' | '<&' | '>&' | '>|' | '<<' | '<<-' | '<<<' | '&>' | '&>>';
export type BinaryOp = '&&' | '||' | '|' | '|&';

export interface ShellSyntax {
  /** Parses bash source; throws a {@link ShellSyntaxError} when it is not valid bash. */
  parse(source: string): ShFile;
  /** The Go type name of a node: `CallExpr`, `Lit`, `DblQuoted`, … */
  type(node: ShNode): string;
  /** Visits `node` and its descendants depth first; `visit` returns false to skip a node's children. */
  walk(node: ShNode, visit: (node: ShNode) => boolean): void;
  /** Rewrites a word in place so that brace expressions (`{a,b}`, `{1..3}`) become BraceExp parts. */
  splitBraces(word: ShWord): void;
  redirOp(redirect: ShRedirect): RedirOp | undefined;
  binaryOp(cmd: ShBinaryCmd): BinaryOp | undefined;
}

export class ShellSyntaxError extends Error {
  override readonly name = 'ShellSyntaxError';
}

interface GoSyntax {
  NewParser(): { Parse(source: string, name: string): ShFile };
  NodeType(node: ShNode): string;
  Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  SplitBraces(word: ShWord): unknown;
}

let loaded: ShellSyntax | undefined;

/** Whether the parser has been loaded in this process (commands without shell syntax never load it). */
export function shellSyntaxLoaded(): boolean {
  return loaded !== undefined;
}

/** The parser, loaded on first use. */
export function shellSyntax(): ShellSyntax {
  loaded ??= load();
  return loaded;
}

/** Exercises what a hook call uses, so that a fresh code cache holds it compiled (see src/runtime/code-cache.ts). */
const WARM_UP = `cd "$D" && sed -i 's/a/b/' x{1,2}.json 2>&1 | tee >(cat) $'y' <<< z; echo $(ls) \`id\` \${X:-1}; if [[ -f x ]]; then :; fi`;

function load(): ShellSyntax {
  // The GopherJS runtime sets Error.stackTraceLimit to Infinity and globalThis.require as it loads;
  // neither belongs to it, so both are put back (the parser needs neither once it is loaded).
  const stackTraceLimit = Error.stackTraceLimit;
  const hadRequire = Object.prototype.hasOwnProperty.call(globalThis, 'require');
  let go: GoSyntax;
  try {
    go = (cachedRequire('mvdan-sh', import.meta.url, (exports) => warmUp((exports as { syntax: GoSyntax }).syntax)) as { syntax: GoSyntax }).syntax;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
    if (!hadRequire) delete (globalThis as { require?: unknown }).require;
  }
  const parser = go.NewParser();
  const parse = (source: string): ShFile => {
    try {
      return parser.Parse(source, '');
    } catch (error) {
      throw new ShellSyntaxError(goErrorMessage(error));
    }
  };

  // The Go token values are not part of the package's API: read them off the parser itself.
  const redirOps = new Map<number, RedirOp>();
  const order: readonly RedirOp[] = ['>', '>>', '<', '<>', '<&', '>&', '>|', '<<', '<<-', '<<<', '&>', '&>>'];
  const probe = parse(': >a >>a <a <>a <&0 >&2 >|a <<x <<-y <<<a &>a &>>a\nx\ny\n').Stmts[0];
  probe?.Redirs.forEach((r, i) => {
    const op = order[i];
    if (op !== undefined) redirOps.set(r.Op, op);
  });
  const binaryOps = new Map<number, BinaryOp>();
  const binaries = (['&&', '||', '|', '|&'] as const).map((op) => {
    const cmd = parse(`a ${op} b`).Stmts[0]?.Cmd as ShBinaryCmd | undefined;
    if (cmd) binaryOps.set(cmd.Op, op);
    return cmd;
  });
  if (redirOps.size !== order.length || binaryOps.size !== 4) throw new Error('mvdan-sh: unexpected operator tokens');

  // `NodeType` asks Go's fmt for the type's name, which costs milliseconds on first use; the wrapper
  // of every node carries the same name as a string (`mvdan.cc/sh/v3/syntax.*CallExpr`). It is used
  // when it reads as expected on the probes, and NodeType otherwise.
  const fromWrapper = (node: ShNode): string | undefined => {
    const name = (node as { $type?: unknown }).$type;
    return typeof name === 'string' ? name.slice(Math.max(name.lastIndexOf('*'), name.lastIndexOf('.'), name.lastIndexOf(']')) + 1) : undefined;
  };
  const wrapperNamed = probe !== undefined && fromWrapper(probe) === 'Stmt' && probe.Cmd !== null && fromWrapper(probe.Cmd) === 'CallExpr' && binaries.every((b) => b && fromWrapper(b) === 'BinaryCmd');

  return {
    parse,
    type: wrapperNamed ? (node) => fromWrapper(node) ?? go.NodeType(node) : (node) => go.NodeType(node),
    walk: (node, visit) => go.Walk(node, (n) => (n === null ? true : visit(n))),
    splitBraces: (word) => void go.SplitBraces(word),
    redirOp: (r) => redirOps.get(r.Op),
    binaryOp: (c) => binaryOps.get(c.Op),
  };
}

function warmUp(go: GoSyntax): void {
  try {
    const file = go.NewParser().Parse(WARM_UP, '');
    go.Walk(file, (node) => {
      if (node !== null) go.NodeType(node);
      if (node !== null && go.NodeType(node) === 'Word') go.SplitBraces(node as ShWord);
      return true;
    });
  } catch {
    // Only a slower cache.
  }
}

function goErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const goError = (error as { Error?: unknown }).Error;
    if (typeof goError === 'function') return String(goError.call(error));
    if (error instanceof Error) return error.message;
  }
  return String(error);
}
