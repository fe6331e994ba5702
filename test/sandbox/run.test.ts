import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src/project/policy.js';
import { runSandboxed } from '../../src/sandbox/run.js';
import { openSandbox } from '../../src/sandbox/sandbox.js';
import { starterProject } from '../support/project.js';

describe('runSandboxed', () => {
  it('tells a sandbox that could not be set up from a command that failed: nothing runs', async () => {
    const dir = starterProject();
    const loaded = await loadPolicy({ cwd: dir });
    // A bind of a path that does not exist makes bubblewrap fail before the command starts.
    const broken = openSandbox(loaded).withReadOnly([{ path: join(dir, 'no/such/folder'), why: 'test' }]);
    const result = await runSandboxed(loaded, broken, ['sh', '-c', 'echo ran > ran.txt'], { cwd: dir, env: process.env, stdio: 'ignore', evidenceDir: join(dir, '.evidence') });
    expect(result.started).toBe(false);
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
    const failed = await runSandboxed(loaded, openSandbox(loaded), ['sh', '-c', 'echo ran > ran.txt; exit 3'], { cwd: dir, env: process.env, stdio: 'ignore', evidenceDir: join(dir, '.evidence') });
    expect(failed).toMatchObject({ started: true, exitCode: 3, changes: [] });
    expect(readFileSync(join(dir, 'ran.txt'), 'utf8')).toBe('ran\n');
  });

  it('sets DSCTL_SANDBOX for the command, and reports a signal as 128 + n', async () => {
    const dir = starterProject();
    const loaded = await loadPolicy({ cwd: dir });
    const env = await runSandboxed(loaded, openSandbox(loaded), ['sh', '-c', 'test "$DSCTL_SANDBOX" = 1'], { cwd: dir, env: process.env, stdio: 'ignore', evidenceDir: join(dir, '.e') });
    expect(env.exitCode).toBe(0);
    const killed = await runSandboxed(loaded, openSandbox(loaded), ['sh', '-c', 'kill -TERM $$'], { cwd: dir, env: process.env, stdio: 'ignore', evidenceDir: join(dir, '.e') });
    expect(killed.exitCode).toBe(128 + 15);
  });
});
