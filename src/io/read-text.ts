import { readFileSync } from 'node:fs';
import { UserError } from '../diagnostics/user-error.js';

/** Reads a UTF-8 text file, turning every file-system failure into a UserError naming the file. */
export function readText(path: string, displayPath: string = path, what = 'file'): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw fileError(error, displayPath, what);
  }
}

export function fileError(error: unknown, displayPath: string, what = 'file'): UserError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === 'ENOENT'
      ? `${what} not found`
      : code === 'EACCES' || code === 'EPERM'
        ? `${what} is not readable (permission denied)`
        : code === 'EISDIR'
          ? `expected a ${what}, found a directory`
          : `${what} could not be read (${code ?? String(error)})`;
  return new UserError(code === 'ENOENT' ? 'file/not-found' : 'file/unreadable', `${displayPath}: ${reason}`, {
    location: { file: displayPath },
    cause: error,
  });
}
