import type { z } from 'zod';
import { parseJsonDocument, type JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { zodIssuesToProblems } from '../diagnostics/schema-issues.js';
import { UserError } from '../diagnostics/user-error.js';
import { readText } from '../io/read-text.js';

export function readJsonDocument(absPath: string, displayPath: string, what = 'file'): JsonDocument {
  return parseJsonDocument(readText(absPath, displayPath, what), displayPath);
}

/**
 * Parses a config-like document with its zod schema. Config and policy are not contracts: if they are
 * wrong nothing else can be trusted, so every problem is fatal (exit 2), all of them reported at once.
 */
export function parseConfigDocument<S extends z.ZodType>(doc: JsonDocument, schema: S, code: string, what: string): z.output<S> {
  const result = schema.safeParse(doc.value);
  if (result.success) return result.data;
  const problems = zodIssuesToProblems(result.error.issues, doc, code);
  throw invalidFileError(code, `${doc.file}: invalid ${what}`, problems, doc.text);
}

export function invalidFileError(code: string, message: string, problems: readonly Problem[], sourceText?: string): UserError {
  const first = problems[0];
  return new UserError(code, message, {
    ...(first ? { location: first } : {}),
    ...(sourceText === undefined ? {} : { sourceText }),
    details: problems.map((p) => `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}  ${p.message}`),
  });
}
