import type { ErrorObject } from 'ajv';
import type { z } from 'zod';
import type { JsonDocument } from './json-source.js';
import { toPointer } from './pointer.js';
import type { Problem, Severity } from './problem.js';

/** zod issues of a parsed JSON document → problems with pointer, line and column. */
export function zodIssuesToProblems(issues: readonly z.core.$ZodIssue[], doc: JsonDocument, code: string): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    const path = issue.path.map((s) => (typeof s === 'symbol' ? String(s) : s));
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const pointer = toPointer([...path, key]);
        problems.push(problem(doc, code, 'error', `unknown key "${key}"${where(path)}`, pointer, true));
      }
      continue;
    }
    const pointer = toPointer(path);
    problems.push(problem(doc, code, 'error', `${describeZodIssue(issue)}${where(path)}`, pointer, false));
  }
  return problems;
}

function describeZodIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'expected a non-empty string'
        : `expected ${issue.origin === 'array' ? 'at least ' + String(issue.minimum) + ' item(s)' : 'a value ' + (issue.inclusive ? '>= ' : '> ') + String(issue.minimum)}`;
    case 'too_big':
      return `expected ${issue.origin === 'array' ? 'at most ' + String(issue.maximum) + ' item(s)' : 'a value ' + (issue.inclusive ? '<= ' : '< ') + String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

function where(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '' : ` at ${toPointer(path.map(String))}`;
}

/** ajv errors → problems; messages say what was expected, in the words of the schema. */
export function ajvErrorsToProblems(
  errors: readonly ErrorObject[],
  doc: JsonDocument,
  code: string,
  schemaName: string,
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const consumed = new Set<ErrorObject>();
  // "needs one of a, b": an anyOf whose branches only require different keys reads better as one line.
  for (const error of errors) {
    if (error.keyword !== 'anyOf') continue;
    const branches = errors.filter((e) => e.schemaPath.startsWith(`${error.schemaPath}/`));
    if (branches.length > 0 && branches.every((e) => e.keyword === 'required')) {
      for (const b of branches) consumed.add(b);
      (error.params as Record<string, unknown>).oneOfRequired = branches.map((b) => String(b.params.missingProperty));
    }
  }
  for (const error of errors) {
    if (consumed.has(error)) continue;
    // oneOf/anyOf/if wrappers repeat what their branches already said.
    if (
      (error.keyword === 'if' || error.keyword === 'oneOf' || error.keyword === 'anyOf') &&
      !(error.params as Record<string, unknown>).oneOfRequired &&
      errors.some((e) => e !== error && e.instancePath.startsWith(error.instancePath) && e.keyword !== error.keyword)
    ) {
      continue;
    }
    let pointer = error.instancePath;
    let atKey = false;
    let message: string;
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'additionalProperties':
        pointer = `${pointer}/${escape(String(params.additionalProperty))}`;
        atKey = true;
        message = `unknown key "${String(params.additionalProperty)}"`;
        break;
      case 'required':
        message = `missing required key "${String(params.missingProperty)}"`;
        break;
      case 'enum':
        message = `expected one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'const':
        message = `expected ${JSON.stringify(params.allowedValue)}`;
        break;
      case 'type':
        message = `expected ${String(params.type).replace(',', ' or ')}`;
        break;
      case 'pattern':
        message = `expected a string matching ${String(params.pattern)}`;
        break;
      case 'anyOf':
        message = params.oneOfRequired
          ? `needs one of ${(params.oneOfRequired as string[]).map((k) => `"${k}"`).join(', ')}`
          : (error.message ?? 'anyOf');
        break;
      case 'discriminator': {
        const kinds = ((error.parentSchema as { oneOf?: { properties?: { [k: string]: { const?: unknown } } }[] } | undefined)?.oneOf ?? [])
          .map((branch) => branch.properties?.[String(params.tag)]?.const)
          .filter((k) => k !== undefined);
        message =
          params.error === 'mapping'
            ? `unknown ${String(params.tag)} ${JSON.stringify(params.tagValue)}; expected one of ${kinds.map((k) => JSON.stringify(k)).join(', ')}`
            : `missing required key "${String(params.tag)}"`;
        break;
      }
      default:
        message = error.message ?? error.keyword;
    }
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem(doc, code, 'error', `${message}${pointer ? ` at ${pointer}` : ''} (${schemaName})`, pointer, atKey));
  }
  return problems;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function problem(
  doc: JsonDocument,
  code: string,
  severity: Severity,
  message: string,
  pointer: string,
  atKey = false,
  hint?: string,
): Problem {
  const { line, column } = atKey ? doc.locateKey(pointer) : doc.locate(pointer);
  return { severity, code, message, file: doc.file, pointer, line, column, ...(hint === undefined ? {} : { hint }) };
}
