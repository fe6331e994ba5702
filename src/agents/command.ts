import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { UserError } from '../diagnostics/user-error.js';
import { agentEnv, exitSubtype, lastLine, runAgentProcess } from './agent-process.js';
import type { AgentDriver, AgentResult, AgentTask } from './driver.js';

/**
 * The command driver: any agent CLI through a shell template (config `agent.command.template`).
 * The prompt goes to a file (`{prompt_file}`) or, when the template does not name one, to stdin;
 * the answer is stdout, success is exit 0. It knows nothing of turns, cost or sessions.
 */

export interface CommandDriverOptions {
  /** A `/bin/sh` command; `{prompt_file}` and `{cwd}` become single-quoted paths. */
  readonly template: string;
  /** Added to dsctl's environment. */
  readonly env?: Readonly<Record<string, string>>;
}

export const TEMPLATE_PLACEHOLDERS: readonly string[] = ['cwd', 'prompt_file'];

// Only identifier-like names count, so JSON braces such as `{ "a": 1 }` pass through; `${HOME}` is the shell's.
const PLACEHOLDER = /(?<!\$)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const placeholders = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');

/** Throws UserError('agent/template') for a placeholder the driver does not know: checked once, at setup. */
export function createCommandDriver(options: CommandDriverOptions): AgentDriver {
  const unknown = [...new Set(placeholders(options.template))].filter((name) => !TEMPLATE_PLACEHOLDERS.includes(name));
  if (unknown.length > 0) {
    throw new UserError(
      'agent/template',
      `agent.command.template has unknown placeholder(s) ${unknown.map((n) => `{${n}}`).join(', ')}; known: ${TEMPLATE_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
    );
  }
  return { id: 'command', run: (task) => runCommand(options, task) };
}

/** POSIX single quoting: everything is literal; a `'` closes, is escaped, and reopens. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The template with its placeholders replaced by quoted values. */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : shellQuote(value);
  });
}

async function runCommand(options: CommandDriverOptions, task: AgentTask): Promise<AgentResult> {
  if (!existsSync(task.cwd)) throw new Error(`agent cwd does not exist: ${task.cwd}`);
  const promptFile = join(task.workDir, `prompt-${task.sequence}.md`);
  writeFileSync(promptFile, task.prompt);
  const usesFile = placeholders(options.template).includes('prompt_file');
  const script = expandTemplate(options.template, { prompt_file: promptFile, cwd: task.cwd });

  let stdout = '';
  const exit = await runAgentProcess('/bin/sh', ['-c', script], {
    cwd: task.cwd,
    env: agentEnv(options.env, task),
    sandbox: task.sandbox,
    ...(usesFile ? {} : { input: task.prompt }),
    onStdout: (chunk) => (stdout += chunk),
    ...(task.signal === undefined ? {} : { signal: task.signal }),
  });
  writeFileSync(join(task.workDir, `command-${task.sequence}.stdout.txt`), stdout);
  if (exit.stderr !== '') writeFileSync(join(task.workDir, `command-${task.sequence}.stderr.txt`), exit.stderr);

  // 127 is the shell's "command not found": a setup problem, not a failed stage.
  if (exit.code === 127) {
    throw new UserError('agent/missing', `agent.command.template: command not found${stderrNote(exit.stderr)}; check the template in dsctl.config.json`);
  }
  const text = stdout.trim();
  if (exit.code !== 0) {
    const how = exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? '?'}`;
    const why = exit.aborted ? 'aborted' : `the command ${how}${stderrNote(exit.stderr)}`;
    return { ok: false, subtype: exitSubtype(exit), text, error: why };
  }
  if (task.outputSchema === undefined) return { ok: true, subtype: 'success', text };
  return withStructuredOutput(text, task.outputSchema);
}

function stderrNote(stderr: string): string {
  const line = lastLine(stderr);
  return line === undefined ? '' : `: ${line}`;
}

/** The answer is the last non-empty stdout line as JSON (agents print progress first), or all of stdout. */
function withStructuredOutput(text: string, schema: Readonly<Record<string, unknown>>): AgentResult {
  const value = parseAnswer(text);
  if (value === undefined) {
    return { ok: false, subtype: 'error_no_structured_output', text, error: 'a structured answer was asked for, but stdout did not end with JSON' };
  }
  const validate = validatorFor(schema);
  if (!validate(value.json)) {
    const issues = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
    return { ok: false, subtype: 'error_invalid_structured_output', text, error: `the JSON answer does not match the schema: ${issues.join('; ')}` };
  }
  return { ok: true, subtype: 'success', text, structuredOutput: value.json };
}

function parseAnswer(text: string): { json: unknown } | undefined {
  for (const candidate of [lastLine(text), text]) {
    if (candidate === undefined || candidate === '') continue;
    try {
      return { json: JSON.parse(candidate) as unknown };
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

// Schemas are long-lived objects (one per workflow stage): compile each once.
const validators = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: Readonly<Record<string, unknown>>): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    try {
      // strict off: an output schema may carry keywords meant for the agent (descriptions, examples).
      validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    } catch (error) {
      throw new UserError('agent/output-schema', `the output schema cannot be compiled: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    validators.set(schema, validate);
  }
  return validate;
}
