import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommandDriver, expandTemplate, shellQuote } from '../../src/agents/command.js';
import type { AgentTask } from '../../src/agents/driver.js';
import { UserError } from '../../src/diagnostics/user-error.js';
import { tempDir } from '../support/temp-dir.js';
import { waitFor } from '../support/wait.js';

/** A project dir and a work dir, both with awkward names: a space and a quote. */
function setup(): { cwd: string; workDir: string; task: (extra?: Partial<AgentTask>) => AgentTask } {
  const root = tempDir('dsctl-command-');
  const cwd = join(root, "my project's root");
  const workDir = join(root, 'run dir', "it's here");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(workDir, { recursive: true });
  const task = (extra: Partial<AgentTask> = {}): AgentTask => ({
    runId: 'run-test',
    role: 'author',
    prompt: 'Make the button use tokens.\nLine 2 with \'quotes\' and "doubles" and $HOME.',
    cwd,
    allowedTools: [],
    readOnly: false,
    maxTurns: 5,
    maxBudgetUsd: 1,
    sequence: 3,
    workDir,
    ...extra,
  });
  return { cwd, workDir, task };
}

/** A small "agent": reads the prompt (file argument or stdin), writes a file in cwd, prints progress and an answer. */
function writeAgent(dir: string): string {
  const path = join(dir, 'agent.mjs');
  writeFileSync(
    path,
    `import { readFileSync, writeFileSync } from 'node:fs';
const [file, cwdArg] = process.argv.slice(2);
const prompt = readFileSync(file ?? 0, 'utf8');
writeFileSync('out.txt', prompt);
console.log('working in ' + process.cwd());
console.log(JSON.stringify({ cwdArg, promptChars: prompt.length, env: process.env.AGENT_FLAVOUR ?? null }));
`,
  );
  return path;
}

describe('command driver', () => {
  it('passes the prompt as a quoted file path and runs in cwd', async () => {
    const { cwd, workDir, task } = setup();
    const agent = writeAgent(cwd);
    const driver = createCommandDriver({ template: `node ${shellQuote(agent)} {prompt_file} {cwd}`, env: { AGENT_FLAVOUR: 'test' } });
    expect(driver.id).toBe('command');

    const t = task();
    const result = await driver.run(t);

    expect(result).toEqual({ ok: true, subtype: 'success', text: expect.stringContaining(`working in ${cwd}`) });
    expect(readFileSync(join(cwd, 'out.txt'), 'utf8')).toBe(t.prompt);
    expect(readFileSync(join(workDir, 'prompt-3.md'), 'utf8')).toBe(t.prompt);
    expect(readFileSync(join(workDir, 'command-3.stdout.txt'), 'utf8')).toContain(`"cwdArg":${JSON.stringify(cwd)}`);
    expect(result.text).toContain('"env":"test"');
  });

  it('sends the prompt on stdin when the template has no {prompt_file}', async () => {
    const { cwd, workDir, task } = setup();
    const agent = writeAgent(cwd);
    const t = task();
    const result = await createCommandDriver({ template: `node ${shellQuote(agent)}` }).run(t);

    expect(result.ok).toBe(true);
    expect(readFileSync(join(cwd, 'out.txt'), 'utf8')).toBe(t.prompt);
    // The prompt file is still written, as evidence of what the agent was asked.
    expect(readFileSync(join(workDir, 'prompt-3.md'), 'utf8')).toBe(t.prompt);
  });

  it('parses the last stdout line as the structured answer and validates it', async () => {
    const { cwd, task } = setup();
    const agent = writeAgent(cwd);
    const schema = {
      type: 'object',
      properties: { cwdArg: { type: 'string' }, promptChars: { type: 'integer' } },
      required: ['cwdArg', 'promptChars'],
    };
    const t = task({ outputSchema: schema });
    const result = await createCommandDriver({ template: `node ${shellQuote(agent)} {prompt_file} {cwd}` }).run(t);

    expect(result).toMatchObject({ ok: true, subtype: 'success', structuredOutput: { cwdArg: cwd, promptChars: t.prompt.length, env: null } });
  });

  it.each([
    { name: 'whole stdout as JSON', script: `printf '{\\n  "verdict": "pass"\\n}\\n'`, want: { ok: true, subtype: 'success', structuredOutput: { verdict: 'pass' } } },
    { name: 'no JSON', script: `echo 'all good'`, want: { ok: false, subtype: 'error_no_structured_output' } },
    {
      name: 'JSON that breaks the schema',
      script: `echo '{"verdict": 3}'`,
      want: { ok: false, subtype: 'error_invalid_structured_output', error: 'the JSON answer does not match the schema: /verdict must be string' },
    },
  ])('structured output: $name', async ({ script, want }) => {
    const { task } = setup();
    const schema = { type: 'object', properties: { verdict: { type: 'string' } }, required: ['verdict'] };
    const result = await createCommandDriver({ template: script }).run(task({ outputSchema: schema }));
    expect(result).toMatchObject(want);
  });

  it('reports a non-zero exit as a failed stage with the last stderr line', async () => {
    const { task } = setup();
    const result = await createCommandDriver({ template: `echo partial; echo 'first' >&2; echo 'model overloaded' >&2; exit 3` }).run(task());
    expect(result).toEqual({ ok: false, subtype: 'exit_3', text: 'partial', error: 'the command exited with code 3: model overloaded' });
  });

  it('throws agent/missing when the shell cannot find the command', async () => {
    const { task } = setup();
    await expect(createCommandDriver({ template: 'dsctl-no-such-agent-cli {prompt_file}' }).run(task())).rejects.toMatchObject({
      name: 'UserError',
      code: 'agent/missing',
    });
  });

  it('rejects unknown placeholders at setup, naming them', () => {
    const make = () => createCommandDriver({ template: 'agent --in {prompt_file} --model {model} --x {foo} {foo}' });
    expect(make).toThrow(UserError);
    expect(make).toThrow('agent.command.template has unknown placeholder(s) {model}, {foo}; known: {cwd}, {prompt_file}');
  });

  it('leaves shell ${VAR} and JSON braces alone', async () => {
    const { task } = setup();
    const result = await createCommandDriver({ template: `X=ok; echo "\${X}" '{ "a": 1 }'` }).run(task());
    expect(result).toMatchObject({ ok: true, text: 'ok { "a": 1 }' });
  });

  it('stops the command when the task is aborted', async () => {
    const { task } = setup();
    const controller = new AbortController();
    // The trap makes the shell ignore SIGTERM: the driver must follow up with SIGKILL. Aborted once
    // the trap is set (the shell says so in a file), not after a guessed delay.
    const ready = join(tempDir('dsctl-abort-'), 'ready');
    const run = createCommandDriver({ template: `trap '' TERM; touch '${ready}'; sleep 30` }).run(task({ signal: controller.signal }));
    await waitFor(() => (existsSync(ready) ? true : undefined));
    controller.abort();
    expect(await run).toMatchObject({ ok: false, subtype: 'signal_SIGKILL', error: 'aborted' });
  }, 20_000);
});

describe('template expansion', () => {
  it.each([
    { value: '/tmp/plain', want: `'/tmp/plain'` },
    { value: '/tmp/with space/x', want: `'/tmp/with space/x'` },
    { value: "/tmp/it's", want: `'/tmp/it'\\''s'` },
    { value: '/tmp/$(rm -rf ~)`x`"', want: `'/tmp/$(rm -rf ~)\`x\`"'` },
  ])('quotes $value', ({ value, want }) => {
    expect(expandTemplate('cat {prompt_file}', { prompt_file: value })).toBe(`cat ${want}`);
  });

  it('round-trips awkward paths through the shell', async () => {
    const { task, workDir } = setup();
    const result = await createCommandDriver({ template: `printf '%s\\n' {prompt_file} {cwd}` }).run(task());
    expect(result.text.split('\n')).toEqual([join(workDir, 'prompt-3.md'), task().cwd]);
  });
});
