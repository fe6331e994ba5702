import type { Problem, SourceLocation } from '../diagnostics/problem.js';
import { UserError } from '../diagnostics/user-error.js';
import type { ServedProject } from './context.js';

/** Lines an agent can act on: `file:line:column /pointer  message`, as many as fit a tool result. */
const MAX_LINES = 50;

/** `design/contracts/rules.json:3:5 /rules/0/severity` — every part of the location that is known. */
export function locate(location: SourceLocation): string {
  const position = location.line === undefined ? '' : `:${location.line}:${location.column ?? 1}`;
  return `${location.file}${position}${location.pointer === undefined || location.pointer === '' ? '' : ` ${location.pointer}`}`;
}

function problemLine(problem: Problem): string {
  return `${locate(problem)}  ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`;
}

function failureLines(failure: UserError): string[] {
  const head = failure.location ? `${locate(failure.location)}  ${failure.message}` : failure.message;
  // A failure with details (an invalid policy) already locates each of them.
  return failure.details.length > 0 ? [failure.message, ...failure.details] : [head];
}

/**
 * The UserError a tool returns as isError while the contracts are broken: what is wrong and where,
 * and that the fix is a person's (agents must not edit contracts) and needs no restart.
 */
export function contractsUnusable(served: ServedProject): UserError {
  const lines = served.failure ? failureLines(served.failure) : served.errors.map(problemLine);
  const count = served.failure ? 'a contract file that cannot be read' : `${served.errors.length} contract error(s)`;
  const shown = lines.slice(0, MAX_LINES);
  if (lines.length > shown.length) shown.push(`… and ${lines.length - shown.length} more: run \`dsctl check\` for all of them.`);
  return new UserError(
    'contracts/invalid',
    `dsctl cannot answer: the design system has ${count}. The contracts are a person's to fix — do not edit them; tell the user. Tools answer again as soon as the files are fixed, with no restart.`,
    { ...(served.failure?.location ? { location: served.failure.location } : served.errors[0] ? { location: served.errors[0] } : {}), details: shown },
  );
}
