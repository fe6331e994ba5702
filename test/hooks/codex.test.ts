import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexHook, codexToolCall, parseApplyPatch, patchTargets } from '../../src/hooks/codex.js';
import { starterProject } from '../support/project.js';
import { recorded as recordedPayload, type Payload } from './payloads.js';

/** A payload as Codex 0.169.0 sent it to a hook under `codex exec` (recorded with a scratch hook that dumped its stdin). */
const recorded = (name: string): Payload => recordedPayload(`codex-0.169.0-${name}`);

const patch = (body: string) => `*** Begin Patch\n${body}*** End Patch\n`;

describe('parseApplyPatch', () => {
  const valid: readonly { name: string; given: string; want: string[] }[] = [
    { name: 'add', given: patch('*** Add File: a.html\n+<p>x</p>\n'), want: ['a.html'] },
    { name: 'update', given: patch('*** Update File: a.html\n@@\n-x\n+y\n'), want: ['a.html'] },
    { name: 'delete', given: patch('*** Delete File: a.html\n'), want: ['a.html'] },
    { name: 'move: the source and where it lands', given: patch('*** Update File: a.html\n*** Move to: design/contracts/b.json\n@@\n-x\n+y\n'), want: ['a.html', 'design/contracts/b.json'] },
    { name: 'several files', given: patch('*** Add File: a\n+1\n*** Delete File: b\n*** Update File: c\n@@ ctx\n x\n-y\n+z\n*** End of File\n'), want: ['a', 'b', 'c'] },
    { name: 'headers indented (Codex trims a line before it reads a header)', given: patch('*** Add File: a\n+1\n   *** Add File: design/contracts/x.json\n+{}\n'), want: ['a', 'design/contracts/x.json'] },
    { name: 'CRLF line ends', given: '*** Begin Patch\r\n*** Add File: a\r\n+1\r\n*** End Patch\r\n', want: ['a'] },
    { name: 'still wrapped in its heredoc (Codex accepts it)', given: `<<'EOF'\n${patch('*** Add File: a\n+1\n')}EOF\n`, want: ['a'] },
    { name: 'a header inside added content is content', given: patch('*** Add File: a\n+*** Add File: design/contracts/x.json\n'), want: ['a'] },
  ];
  it.each(valid)('$name', ({ given, want }) => {
    const parsed = parseApplyPatch(given);
    expect(parsed.ok && patchTargets(parsed.files)).toEqual(want);
  });

  it('keeps the text of an added file', () => {
    const parsed = parseApplyPatch(patch('*** Add File: a.html\n+<p>\n+</p>\n'));
    expect(parsed.ok && parsed.files[0]).toEqual({ op: 'add', path: 'a.html', content: '<p>\n</p>\n' });
  });

  const invalid: readonly { name: string; given: string; want: string }[] = [
    { name: 'no envelope', given: '*** Add File: a\n+1\n', want: 'does not start with "*** Begin Patch"' },
    { name: 'no end', given: '*** Begin Patch\n*** Add File: a\n+1\n', want: 'does not end with "*** End Patch"' },
    { name: 'no file', given: patch(''), want: 'names no file' },
    { name: 'an empty path', given: patch('*** Add File:   \n+1\n'), want: 'names no file' },
    { name: 'Move to without Update File', given: patch('*** Add File: a\n+1\n*** Move to: design/contracts/x.json\n'), want: 'does not follow' },
    { name: 'Move to after changes', given: patch('*** Update File: a\n@@\n-x\n+y\n*** Move to: design/contracts/x.json\n'), want: 'does not follow' },
    { name: 'two Move to lines', given: patch('*** Update File: a\n*** Move to: b\n*** Move to: design/contracts/x.json\n'), want: 'does not follow' },
    { name: 'a stray line', given: patch('*** Add File: a\n+1\nrm -rf design\n'), want: 'neither a file header nor a change line' },
    { name: 'changes before any file', given: patch('+1\n'), want: 'outside a file' },
    { name: 'a removal in an added file', given: patch('*** Add File: a\n-1\n'), want: 'outside a file' },
  ];
  it.each(invalid)('refuses $name', ({ given, want }) => {
    const parsed = parseApplyPatch(given);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(want);
  });
});

describe('codexToolCall (Codex 0.169.0)', () => {
  const cases: readonly { name: string; tool: string; input: unknown; want: Record<string, unknown> }[] = [
    { name: 'the recorded shell call', tool: 'Bash', input: recorded('pre-tool-use-bash').tool_input, want: { kind: 'shell', command: 'echo x > design/contracts/rules.json' } },
    { name: 'the recorded apply_patch add', tool: 'apply_patch', input: recorded('pre-tool-use-apply-patch-add').tool_input, want: { kind: 'write', path: 'design/contracts/components/evil.contract.json' } },
    { name: 'the recorded apply_patch move', tool: 'apply_patch', input: recorded('pre-tool-use-apply-patch-move').tool_input, want: { kind: 'writes', paths: ['examples/move-me.html', 'design/contracts/moved.json'] } },
    { name: 'the recorded heredoc patch in a shell call', tool: 'Bash', input: recorded('pre-tool-use-bash-apply-patch-heredoc').tool_input, want: { kind: 'write', path: 'design/contracts/heredoc.json' } },
    { name: 'the recorded heredoc patch after cd', tool: 'Bash', input: recorded('pre-tool-use-bash-cd-apply-patch-heredoc').tool_input, want: { kind: 'write', path: 'design/contracts/heredoc2.json' } },
    { name: 'the recorded MCP call (a reading tool)', tool: 'mcp__dsctl__check_html', input: recorded('pre-tool-use-mcp').tool_input, want: { kind: 'other' } },
    { name: 'apply_patch piped from elsewhere cannot be read', tool: 'Bash', input: { command: 'cat p.diff | apply_patch' }, want: { kind: 'invalid' } },
    { name: 'apply_patch with an argument cannot be read', tool: 'Bash', input: { command: `apply_patch "${patch('*** Add File: design/contracts/x\n+1\n')}"` }, want: { kind: 'invalid' } },
    { name: 'a heredoc patch that does not parse', tool: 'Bash', input: { command: "apply_patch <<'EOF'\n*** Add File: a\nEOF\n" }, want: { kind: 'invalid' } },
    { name: 'a heredoc patch followed by another command', tool: 'Bash', input: { command: "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+1\n*** End Patch\nEOF\necho x > design/contracts/rules.json\n" }, want: { kind: 'invalid' } },
    { name: 'a heredoc patch after cd ~', tool: 'Bash', input: { command: "cd ~/app && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+1\n*** End Patch\nEOF\n" }, want: { kind: 'invalid' } },
    { name: 'a heredoc patch after cd "$DIR"', tool: 'Bash', input: { command: "cd \"$D\" && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+1\n*** End Patch\nEOF\n" }, want: { kind: 'invalid' } },
    { name: 'a word that only contains the name', tool: 'Bash', input: { command: 'ls my-apply_patch-notes' }, want: { kind: 'shell' } },
    { name: 'an older argv shell call', tool: 'shell', input: { command: ['bash', '-lc', 'echo hi > x'] }, want: { kind: 'shell', command: 'echo hi > x' } },
    { name: 'an argv of another shape', tool: 'shell', input: { command: ['touch', 'a b'] }, want: { kind: 'shell', command: "touch 'a b'" } },
    { name: 'a shell call without a command', tool: 'Bash', input: {}, want: { kind: 'invalid' } },
    { name: 'apply_patch without patch text', tool: 'apply_patch', input: {}, want: { kind: 'invalid' } },
    { name: 'apply_patch with a patch it cannot read', tool: 'apply_patch', input: { command: '*** Add File: design/contracts/x\n' }, want: { kind: 'invalid' } },
  ];
  it.each(cases)('$name', ({ tool, input, want }) => {
    expect(codexToolCall(tool, input)).toMatchObject(want);
  });
});

describe('codexHook on the recorded payloads, in a starter project', () => {
  const inStarter = (name: string, edit: (p: Payload) => void = () => {}) => {
    const app = starterProject();
    const payload = { ...recorded(name), cwd: app };
    edit(payload);
    return { app, stdin: JSON.stringify(payload) };
  };

  it.each(['pre-tool-use-bash', 'pre-tool-use-apply-patch-add', 'pre-tool-use-apply-patch-move', 'pre-tool-use-bash-apply-patch-heredoc', 'pre-tool-use-bash-cd-apply-patch-heredoc'])('%s: denied (exit 2, the gate named on stderr)', async (name) => {
    const { app, stdin } = inStarter(name);
    const outcome = await codexHook('pre-tool-use', stdin, app);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain('hard gate "contracts"');
  });

  it('judges a shell call from its workdir (Codex sends it as the cwd)', async () => {
    const app = starterProject();
    const stdin = JSON.stringify({ ...recorded('pre-tool-use-bash-workdir'), cwd: join(app, 'design/contracts') });
    const outcome = await codexHook('pre-tool-use', stdin, app);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain('hard gate "contracts"');
  });

  it('allows the recorded MCP call and an apply_patch outside the gates', async () => {
    const mcp = inStarter('pre-tool-use-mcp');
    expect((await codexHook('pre-tool-use', mcp.stdin, mcp.app)).exitCode).toBe(0);
    const ui = inStarter('pre-tool-use-apply-patch-add', (p) => (p.tool_input = { command: patch('*** Add File: examples/new.html\n+<p>x</p>\n') }));
    expect((await codexHook('pre-tool-use', ui.stdin, ui.app)).exitCode).toBe(0);
  });

  it('post-tool-use: blocks with the findings of the file the patch wrote; silent for a clean file', async () => {
    const dirty = inStarter('post-tool-use-apply-patch');
    writeFileSync(join(dirty.app, 'examples/x.html'), '<p class="text-black">hi</p>\n');
    const outcome = await codexHook('post-tool-use', dirty.stdin, dirty.app);
    expect(JSON.parse(outcome.stdout ?? '{}')).toMatchObject({ decision: 'block' });
    expect(outcome.stdout).toContain('examples/x.html:1:');

    const clean = inStarter('post-tool-use-apply-patch');
    writeFileSync(join(clean.app, 'examples/x.html'), '<p class="text-fg">hi</p>\n');
    expect(await codexHook('post-tool-use', clean.stdin, clean.app)).toEqual({ exitCode: 0 });
  });

  it('stop: refuses to stop while a UI file written this session has errors', async () => {
    const { app, stdin } = inStarter('post-tool-use-apply-patch');
    writeFileSync(join(app, 'examples/x.html'), '<p class="text-black">hi</p>\n');
    await codexHook('post-tool-use', stdin, app);
    const stop = { ...recorded('stop'), cwd: app };
    const outcome = await codexHook('stop', JSON.stringify(stop), app);
    expect(JSON.parse(outcome.stdout ?? '{}')).toMatchObject({ decision: 'block' });
  });

  it('denies a pre-tool-use payload it cannot read', async () => {
    const app = starterProject();
    expect((await codexHook('pre-tool-use', 'not json', app)).exitCode).toBe(2);
    expect((await codexHook('pre-tool-use', JSON.stringify({ ...recorded('pre-tool-use-apply-patch-add'), cwd: app, tool_input: { command: 42 } }), app)).exitCode).toBe(2);
  });
});
