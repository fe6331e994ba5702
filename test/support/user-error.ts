import { isUserError, type UserError } from '../../src/diagnostics/user-error.js';

/** The UserError `fn` throws; anything else it throws propagates, and returning is a test failure. */
export function thrownUserError(fn: () => unknown): UserError {
  try {
    fn();
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error('expected a UserError');
}
