import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayToolCalls } from '../support/claude-code.js';
import { BIN, dsctl } from '../support/cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('the installed hooks stop the real Claude Code CLI (scripted model)', () => {
  it('blocks a protected write by Write and by Bash; the files stay as they were', async () => {
    const dir = tempDir('dsctl-claude-hooks-');
    expect(dsctl(['init', 'app'], dir).code).toBe(0);
    const app = join(dir, 'app');
    const install = dsctl(['hooks', 'install', '--claude', '--command', `${process.execPath} ${BIN}`], app);
    expect(install.code, install.stderr).toBe(0);
    // The hook alone: Claude Code's own sandbox and deny rules (tested in claude-sandbox.e2e) would stop these first.
    const settingsFile = join(app, '.claude/settings.json');
    const { sandbox: _sandbox, permissions: _permissions, ...hooksOnly } = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(settingsFile, JSON.stringify(hooksOnly));
    const rulesBefore = readFileSync(join(app, 'design/contracts/rules.json'), 'utf8');

    const { results } = await replayToolCalls(app, [
      { name: 'Write', input: { file_path: join(app, 'design/contracts/components/evil.contract.json'), content: '{}' } },
      { name: 'Bash', input: { command: 'echo "{}" > design/contracts/rules.json', description: 'overwrite the rules' } },
      { name: 'Write', input: { file_path: join(app, 'examples/allowed.html'), content: '<p>fine</p>\n' } },
    ]);
    const [write, shell, allowed] = results;
    expect(write).toMatchObject({ isError: true });
    expect(write?.content).toContain('hard gate "contracts"');
    expect(shell).toMatchObject({ isError: true });
    expect(shell?.content).toContain('hard gate "contracts"');
    expect(allowed?.isError).toBeFalsy();

    expect(existsSync(join(app, 'design/contracts/components/evil.contract.json'))).toBe(false);
    expect(readFileSync(join(app, 'design/contracts/rules.json'), 'utf8')).toBe(rulesBefore);
    expect(readFileSync(join(app, 'examples/allowed.html'), 'utf8')).toBe('<p>fine</p>\n');
  }, 90_000);
});
