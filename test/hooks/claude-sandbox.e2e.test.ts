import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayToolCalls } from '../support/claude-code.js';
import { BIN, dsctl } from '../support/cli.js';
import { tempDir } from '../support/temp-dir.js';

interface ClaudeSettings {
  hooks?: Record<string, unknown>;
  sandbox?: { enabled?: boolean; allowUnsandboxedCommands?: boolean; failIfUnavailable?: boolean; filesystem?: { denyWrite?: string[] } };
  permissions?: { deny?: string[] };
}

/*
 * `dsctl hooks install --claude` also turns on Claude Code's own OS sandbox with the gates as write
 * denials. To show that layer holds by itself, the test takes dsctl's hooks out again: what stops the
 * writes below is Claude Code's sandbox (Bash) and its permission rules (Write), not dsctl's hook.
 */
describe("Claude Code's own sandbox, configured by dsctl hooks install --claude (real CLI, scripted model)", () => {
  it('a Bash write through a variable gets a read-only file system, a Write to a gate is denied; other writes land', async () => {
    const dir = tempDir('dsctl-claude-sandbox-');
    expect(dsctl(['init', 'app'], dir).code).toBe(0);
    const app = join(dir, 'app');
    const install = dsctl(['hooks', 'install', '--claude', '--command', `${process.execPath} ${BIN}`], app);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).toContain("Claude Code's OS sandbox on");
    const settingsFile = join(app, '.claude/settings.json');
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as ClaudeSettings;
    expect(settings.sandbox).toMatchObject({ enabled: true, allowUnsandboxedCommands: false, failIfUnavailable: true });
    expect(settings.sandbox?.filesystem?.denyWrite).toEqual(expect.arrayContaining(['./design/contracts', './AGENTS.md', './.claude', './dsctl.config.json']));
    expect(settings.permissions?.deny).toEqual(expect.arrayContaining(['Edit(/design/contracts/**)', 'Write(/design/contracts/**)', 'Write(/AGENTS.md)']));
    // Installing again changes nothing.
    expect(dsctl(['hooks', 'install', '--claude', '--command', `${process.execPath} ${BIN}`], app).stderr).toContain('already installed');
    delete settings.hooks;
    writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
    const rulesBefore = readFileSync(join(app, 'design/contracts/rules.json'), 'utf8');

    const { results } = await replayToolCalls(app, [
      { name: 'Bash', input: { command: 'f=design/contracts/rules.json; echo x > $f', description: 'write through a variable' } },
      { name: 'Bash', input: { command: 'echo ok > allowed.txt', description: 'an ordinary write' } },
      // A new file (Write needs no Read first): only the permission rule can stop it.
      { name: 'Write', input: { file_path: join(app, 'design/contracts/components/evil.contract.json'), content: '{}\n' } },
    ]);
    const [shell, ordinary, write] = results;
    expect(shell?.content).toMatch(/Read-only file system/);
    expect(ordinary?.isError).toBeFalsy();
    expect(write).toMatchObject({ isError: true });
    expect(write?.content).toMatch(/denied|permission/i);
    expect(readFileSync(join(app, 'design/contracts/rules.json'), 'utf8')).toBe(rulesBefore);
    expect(existsSync(join(app, 'design/contracts/components/evil.contract.json'))).toBe(false);
    expect(existsSync(join(app, 'allowed.txt'))).toBe(true);
  }, 90_000);
});
