import { nearestNames } from '../did-you-mean.js';
import type { Formatter } from '../results.js';
import { UserError } from '../user-error.js';
import { formatter as github } from './github.js';
import { formatter as json } from './json.js';
import { formatter as sarif } from './sarif.js';
import { formatter as stylish } from './stylish.js';

/** Every `--format` of every command that reports findings, by id (= file name), sorted. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = { github, json, sarif, stylish };

export const FORMAT_IDS: readonly string[] = Object.keys(FORMATTERS);

/**
 * The formatter `--format` (or `--json`) chooses; stylish by default. Both flags choose the output:
 * silently dropping one would surprise (ESLint refuses this too).
 */
export function chooseFormatter(options: { readonly format?: string | undefined; readonly json?: boolean | undefined }): Formatter {
  if (options.json && options.format !== undefined) {
    throw new UserError('usage/json-format', `--json and --format ${options.format} both choose the output: give one of them (--json is --format json)`);
  }
  const id = options.json ? 'json' : (options.format ?? 'stylish');
  const formatter = FORMATTERS[id];
  if (formatter === undefined) {
    const near = nearestNames(id, FORMAT_IDS);
    throw new UserError('usage/format', `--format must be one of ${FORMAT_IDS.join(', ')}, got "${id}"${near ? `; ${near}` : ''}`);
  }
  return formatter;
}
