import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runProcess, tailLines } from '../../src/io/process.js';
import { waitFor } from '../support/wait.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'dsctl-process-'));
  dirs.push(d);
  return d;
}

describe('runProcess', () => {
  it('feeds stdin once, keeps stdout whole on request and interleaves the tail', async () => {
    const exit = await runProcess('/bin/sh', ['-c', 'cat; echo err >&2; exit 3'], { cwd: tmp(), input: 'hello\n', keepStdout: true });
    expect(exit).toMatchObject({ code: 3, signal: null, stdout: 'hello\n', stderr: 'err\n', timedOut: false, aborted: false });
    expect(exit.output).toBe('hello\nerr\n');
    expect(exit.error).toBeUndefined();
  });

  it('streams stdout chunks and keeps none of it without keepStdout', async () => {
    const chunks: string[] = [];
    const exit = await runProcess('/bin/sh', ['-c', 'printf a; printf b'], { cwd: tmp(), onStdout: (c) => chunks.push(c) });
    expect(chunks.join('')).toBe('ab');
    expect(exit.stdout).toBe('');
  });

  it('says so, without throwing, when the program cannot start', async () => {
    const exit = await runProcess(join(tmp(), 'no-such-program'), [], { cwd: tmp() });
    expect(exit.code).toBeNull();
    expect((exit.error as NodeJS.ErrnoException | undefined)?.code).toBe('ENOENT');
  });

  it('a timeout kills the whole group: a background job of the command does not outlive it', async () => {
    const dir = tmp();
    const exit = await runProcess('/bin/sh', ['-c', 'sleep 30 & echo $! > bg; sleep 60'], { cwd: dir, timeoutMs: 300, group: true });
    expect(exit.timedOut).toBe(true);
    const pid = Number(readFileSync(join(dir, 'bg'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    await waitFor(() => (alive(pid) ? undefined : true));
  });

  it('an abort stops the process: SIGTERM, and SIGKILL after the grace period when it is ignored', async () => {
    const dir = tmp();
    const controller = new AbortController();
    const running = runProcess('/bin/sh', ['-c', `trap '' TERM; echo up > up; while :; do sleep 0.1; done`], { cwd: dir, signal: controller.signal, group: true, graceMs: 200 });
    await waitFor(() => (existsSync(join(dir, 'up')) ? readFileSync(join(dir, 'up'), 'utf8') : undefined));
    controller.abort();
    const exit = await running;
    expect(exit.aborted).toBe(true);
    expect(exit.signal).toBe('SIGKILL');
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('tailLines', () => {
  it.each([
    ['a\nb\nc\n\n', 2, 'b\nc'],
    ['one', 5, 'one'],
    ['', 3, ''],
  ])('%j, last %i lines → %j', (text, n, want) => expect(tailLines(text, n)).toBe(want));
});
