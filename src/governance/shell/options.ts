/**
 * Just enough getopt to tell a command's options from its operands: short clusters (`-rf`), values
 * attached or separate (`-ofile`, `-o file`, `--out=f`, `--out f`), `--` and GNU-style permutation.
 */
import type { Arg } from './words.js';

export interface OptionSpec {
  /** Short options that take a value, attached (`-t/tmp`) or as the next argument (`-t /tmp`). */
  readonly short?: string;
  /** Short options whose value can only be attached (`sed -i.bak`, `sed -i`): the rest of the cluster. */
  readonly attached?: string;
  /** Long options (without `--`) that take a value as `--name=v` or as the next argument. */
  readonly long?: readonly string[];
  /** Options end at the first operand (POSIX, and every command that runs another); GNU tools permute. */
  readonly stopAtOperand?: boolean;
}

export interface Option {
  /** `-o` or `--output` (the long name as written, which may be an abbreviation). */
  readonly name: string;
  readonly value: Arg | undefined;
}

export interface ParsedArgs {
  readonly options: readonly Option[];
  readonly operands: readonly Arg[];
  /** Whether `--` was given (what follows it is operands only). */
  readonly dashDash: boolean;
}

/** GNU tools accept any unambiguous abbreviation of a long option: `--in` for `--in-place`. */
function longMatches(written: string, name: string): boolean {
  return written === name || (written.length >= 3 && name.startsWith(written));
}

export function parseArgs(args: readonly Arg[], spec: OptionSpec = {}): ParsedArgs {
  const options: Option[] = [];
  const operands: Arg[] = [];
  let dashDash = false;
  let onlyOperands = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as Arg;
    const text = arg.text;
    if (onlyOperands || !text.startsWith('-') || text === '-') {
      operands.push(arg);
      if (spec.stopAtOperand) onlyOperands = true;
      continue;
    }
    if (text === '--') {
      dashDash = true;
      onlyOperands = true;
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
      if (eq >= 0) {
        options.push({ name: `--${name}`, value: { text: text.slice(eq + 1), literal: arg.literal } });
      } else if ((spec.long ?? []).some((l) => longMatches(name, l))) {
        options.push({ name: `--${name}`, value: args[++i] });
      } else {
        options.push({ name: `--${name}`, value: undefined });
      }
      continue;
    }
    for (let j = 1; j < text.length; j++) {
      const c = text[j] as string;
      const rest = text.slice(j + 1);
      if (spec.attached?.includes(c)) {
        options.push({ name: `-${c}`, value: { text: rest, literal: arg.literal } });
        break;
      }
      if (spec.short?.includes(c)) {
        options.push({ name: `-${c}`, value: rest !== '' ? { text: rest, literal: arg.literal } : args[++i] });
        break;
      }
      options.push({ name: `-${c}`, value: undefined });
    }
  }
  return { options, operands, dashDash };
}

/** Whether any of `names` (`-f`, `--force`) was given. */
export function has(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.options.some((o) => names.some((n) => sameOption(o.name, n)));
}

/** The values given to any of `names`, in order. */
export function values(parsed: ParsedArgs, ...names: string[]): Arg[] {
  return parsed.options.filter((o) => o.value !== undefined && names.some((n) => sameOption(o.name, n))).map((o) => o.value as Arg);
}

function sameOption(written: string, name: string): boolean {
  if (written.startsWith('--') && name.startsWith('--')) return longMatches(written.slice(2), name.slice(2));
  return written === name;
}
