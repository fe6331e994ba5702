import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandProgram } from '../../src/doctor/command-program.js';
import { uncoveredTools } from '../../src/doctor/matcher.js';

const TOOLS = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Bash', 'mcp__fs__write_file'];

describe('uncoveredTools (Claude Code matcher semantics)', () => {
  it.each([
    { matcher: undefined, want: [] },
    { matcher: '', want: [] },
    { matcher: '*', want: [] },
    { matcher: '.*', want: [] },
    { matcher: 'Write|Edit|MultiEdit|NotebookEdit|Bash|mcp__.*', want: [] },
    { matcher: 'Write|Edit|MultiEdit|NotebookEdit|mcp__.*', want: ['Bash'] },
    { matcher: 'Write|Edit', want: ['MultiEdit', 'NotebookEdit', 'Bash', 'mcp__fs__write_file'] },
    // Exact names: `Edit` is not `MultiEdit` or `NotebookEdit`.
    { matcher: 'Edit', want: ['Write', 'MultiEdit', 'NotebookEdit', 'Bash', 'mcp__fs__write_file'] },
    // A regular expression is unanchored: `Edit|Write|Bash|mcp__` covers MultiEdit and NotebookEdit.
    { matcher: 'Edit|Write|Bash|mcp__.+', want: [] },
    { matcher: '^Bash$', want: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'mcp__fs__write_file'] },
  ])('$matcher', ({ matcher, want }) => {
    expect(uncoveredTools(matcher, TOOLS)).toEqual({ uncovered: want });
  });

  it('reports a matcher that is not a regular expression', () => {
    expect(uncoveredTools('Write|(', TOOLS)).toMatchObject({ error: expect.stringContaining('Invalid regular expression') });
  });
});

describe('commandProgram', () => {
  // One folder for the whole table (tempDir would be removed after the first row).
  const root = mkdtempSync(join(tmpdir(), 'dsctl-program-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, '.dsctl/bin'), { recursive: true });
  writeFileSync(join(root, '.dsctl/bin/dsctl'), '#!/bin/sh\n');
  chmodSync(join(root, '.dsctl/bin/dsctl'), 0o755);
  writeFileSync(join(root, 'plain.txt'), '');
  const env = { PATH: '/usr/bin:/bin' };

  it.each([
    { command: '"$CLAUDE_PROJECT_DIR"/.dsctl/bin/dsctl hook claude stop', want: { kind: 'found', launcher: true, word: '"$CLAUDE_PROJECT_DIR"/.dsctl/bin/dsctl' } },
    { command: '${CLAUDE_PROJECT_DIR}/.dsctl/bin/dsctl hook claude stop', want: { kind: 'found', launcher: true } },
    { command: '.dsctl/bin/dsctl gate check --staged || exit 1', want: { kind: 'found', launcher: true } },
    { command: 'DSCTL_X=1 ./.dsctl/bin/dsctl hook codex stop', want: { kind: 'found', launcher: true } },
    { command: "'.dsctl/bin/dsctl' mcp", want: { kind: 'found', launcher: true } },
    { command: 'sh -c "x"', want: { kind: 'found', launcher: false } },
    { command: 'npx --no-install dsctl hook cursor stop', want: { kind: 'network', word: 'npx' } },
    { command: '/usr/local/bin/npx dsctl', want: { kind: 'network' } },
    { command: 'pnpm dlx dsctl mcp', want: { kind: 'network' } },
    { command: 'yarn dlx dsctl mcp', want: { kind: 'network' } },
    { command: '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/dsctl hook claude stop', want: { kind: 'missing', path: join(root, 'node_modules/.bin/dsctl') } },
    { command: './plain.txt run', want: { kind: 'not-executable' } },
    { command: 'dsctl-nowhere-on-path hook', want: { kind: 'not-on-path' } },
    { command: '$UNSET_VARIABLE/dsctl hook', want: { kind: 'unresolved', reason: '$UNSET_VARIABLE is not set here' } },
    { command: '   ', want: { kind: 'unresolved', reason: 'the command is empty' } },
  ])('$command', ({ command, want }) => {
    expect(commandProgram(command, { root, vars: { CLAUDE_PROJECT_DIR: root }, env })).toMatchObject(want);
  });
});
