import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInit } from '../../../src/cli/init.js';
import type { Terminal } from '../../../src/cli/gate.js';
import { plainColors, type CliIo } from '../../../src/cli/io.js';
import { fixtureApp } from './fixture-apps.js';
import { snapshot } from './tree.js';

const io = (cwd: string) => {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { cwd, env: {}, stdout: (t) => out.push(t), stderr: (t) => err.push(t), readStdin: async () => '', interactive: true, out: plainColors(), err: plainColors() };
  return { value, out, err };
};
const terminal = (answer: string): Terminal & { asked: string[] } => {
  const asked: string[] = [];
  return { interactive: true, asked, ask: async (q) => (asked.push(q), answer) };
};
const ctx = (value: CliIo) => ({ io: value, configPath: undefined, commands: new Set<string>() });

describe('dsctl init at a terminal (in-process, injected terminal)', () => {
  it('asks y/N after the plan; anything but y writes nothing', async () => {
    const root = fixtureApp('next-shadcn');
    const before = snapshot(root);
    const run = io(root);
    const t = terminal('');
    expect(await runInit(ctx(run.value), undefined, { hint: false }, t)).toBe(1);
    expect(t.asked).toEqual(['Apply this plan? [y/N] ']);
    expect(run.out.join('')).toContain('dsctl init: adopting');
    expect(run.err.join('')).toContain('not applied; nothing was written');
    expect(snapshot(root)).toEqual(before);
  });

  it('applies the plan on y', async () => {
    const root = fixtureApp('next-shadcn');
    const run = io(root);
    expect(await runInit(ctx(run.value), undefined, { hint: false }, terminal('y'))).toBe(0);
    expect(existsSync(join(root, 'dsctl.config.json'))).toBe(true);
    expect(run.err.join('')).toContain('✔ adopted (next (app router), Tailwind 3, pnpm): .');
  });
});
