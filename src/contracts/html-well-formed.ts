import { Tokenizer, TokenizerMode, type Token } from 'parse5';

export interface MarkupIssue {
  readonly code: string;
  readonly message: string;
  /** 1-based, within the markup. */
  readonly line: number;
  readonly column: number;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// The tree builder normally switches the tokenizer into these modes; without it, `<style>a>b</style>` would be tags.
const TEXT_MODES: Readonly<Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]>> = {
  script: TokenizerMode.SCRIPT_DATA,
  style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  textarea: TokenizerMode.RCDATA,
  title: TokenizerMode.RCDATA,
};

/**
 * Whether a snippet of HTML is well-formed enough to be a canonical sample: the HTML tokenizer's own
 * parse errors (via parse5), plus balance — every non-void element closed, no stray end tags. Browsers
 * repair both silently, which is exactly why a sample that relies on the repair is a bad sample.
 */
export function checkWellFormedHtml(markup: string): MarkupIssue[] {
  const issues: MarkupIssue[] = [];
  const open: { name: string; line: number; column: number }[] = [];
  const at = (token: Token.TagToken) => ({ line: token.location?.startLine ?? 1, column: token.location?.startCol ?? 1 });

  const tokenizer: Tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onStartTag(token) {
        const name = token.tagName;
        if (VOID.has(name)) return;
        // In SVG and MathML, `<path />` is how an empty element is written.
        const foreign = name === 'svg' || name === 'math' || open.some((e) => e.name === 'svg' || e.name === 'math');
        if (token.selfClosing && foreign) return;
        if (token.selfClosing) {
          issues.push({ code: 'self-closing-non-void', message: `<${name}/> is not a void element: write <${name}></${name}>`, ...at(token) });
          return;
        }
        open.push({ name, ...at(token) });
        const mode = TEXT_MODES[name];
        if (mode !== undefined) tokenizer.state = mode;
      },
      onEndTag(token) {
        const name = token.tagName;
        const index = open.map((e) => e.name).lastIndexOf(name);
        if (index < 0) {
          issues.push({
            code: VOID.has(name) ? 'void-end-tag' : 'stray-end-tag',
            message: VOID.has(name) ? `</${name}>: <${name}> is a void element and has no end tag` : `</${name}> has no matching <${name}>`,
            ...at(token),
          });
          return;
        }
        for (const unclosed of open.splice(index).slice(1).reverse()) {
          issues.push({ code: 'unclosed-element', message: `<${unclosed.name}> is not closed before </${name}>`, line: unclosed.line, column: unclosed.column });
        }
      },
      onEof() {
        for (const unclosed of open.reverse()) {
          issues.push({ code: 'unclosed-element', message: `<${unclosed.name}> is never closed`, line: unclosed.line, column: unclosed.column });
        }
      },
      onComment() {},
      onDoctype() {},
      onCharacter() {},
      onNullCharacter() {},
      onWhitespaceCharacter() {},
      onParseError(error) {
        issues.push({ code: error.code, message: `HTML parse error: ${error.code.replace(/-/g, ' ')}`, line: error.startLine, column: error.startCol });
      },
    },
  );
  tokenizer.write(markup, true);
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);
}
