import type { SourceLocation } from './problem.js';

/**
 * Bad input, bad config or bad usage: the user can fix it, so it is shown as a clean message
 * (exit 2), never as a stack trace. Anything else that is thrown is a bug in dsctl.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  readonly code: string;
  readonly location: SourceLocation | undefined;
  /** The text of `location.file`, so a surface can draw a code frame. */
  readonly sourceText: string | undefined;
  /** Further lines, e.g. every problem that made a project unusable. */
  readonly details: readonly string[];

  constructor(
    code: string,
    message: string,
    options: { location?: SourceLocation; sourceText?: string; details?: readonly string[]; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.location = options.location;
    this.sourceText = options.sourceText;
    this.details = options.details ?? [];
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}
