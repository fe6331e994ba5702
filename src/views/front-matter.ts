import { parseDocument } from 'yaml';
import { contentHash } from './regions.js';

/** The YAML front matter of a Markdown file, as dsctl sees it. */
export interface FrontMatter {
  /** The YAML between the fences, without dsctl's comment line. */
  readonly yaml: string;
  /** The hash in dsctl's comment line, or undefined when dsctl did not write this front matter. */
  readonly hash: string | undefined;
  /** Offset where the body starts (after the closing fence and its newline). */
  readonly bodyStart: number;
  /** 1-based line of the YAML's first line. */
  readonly line: number;
}

const MARK = /^# dsctl:generated ([a-z0-9-]+) sha256=([0-9a-f]+)\n/;

/** The front matter, when the text starts with a `---` fence that is closed by another. */
export function readFrontMatter(text: string): FrontMatter | undefined {
  const open = /^---\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(open[0].length);
  const end = close.exec(rest);
  if (!end) return undefined;
  let yaml = rest.slice(0, end.index);
  const mark = MARK.exec(yaml);
  if (mark) yaml = yaml.slice(mark[0].length);
  return { yaml, hash: mark?.[2], bodyStart: open[0].length + end.index + end[0].length, line: mark ? 3 : 2 };
}

/** YAML errors with their line in the file (the front matter starts at `fm.line`). */
export function frontMatterError(fm: FrontMatter): { line: number; message: string } | undefined {
  const doc = parseDocument(fm.yaml, { prettyErrors: true });
  const error = doc.errors[0];
  if (!error) return undefined;
  const line = fm.line + (error.linePos?.[0]?.line ?? 1) - 1;
  // yaml's message ends with its own (front-matter-relative) position; the file line replaces it.
  return { line, message: (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '') };
}

/** The front matter dsctl writes: fences, its marker comment, the YAML. */
export function renderFrontMatter(name: string, yaml: string): string {
  const body = yaml.endsWith('\n') ? yaml : `${yaml}\n`;
  return `---\n# dsctl:generated ${name} sha256=${contentHash(body)}\n${body}---\n`;
}

/** Puts `yaml` as the front matter of `text`, keeping the body byte for byte. */
export function spliceFrontMatter(text: string, name: string, yaml: string): string {
  const fm = readFrontMatter(text);
  const body = fm ? text.slice(fm.bodyStart) : text;
  return renderFrontMatter(name, yaml) + (fm ? body : body.startsWith('\n') ? body : `\n${body}`);
}
