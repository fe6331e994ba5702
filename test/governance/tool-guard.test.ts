import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolGuard, denialMessage, strictest, type ToolCall } from '../../src/governance/tool-guard.js';
import { codexToolCall } from '../../src/hooks/codex.js';
import { toolCallOf } from '../../src/hooks/tool-calls.js';
import { loadPolicy } from '../../src/project/policy.js';
import { loadValidProject } from '../../src/project/project.js';
import { buildViews } from '../../src/views/build.js';
import { editJson, sharedStarterProject } from '../support/project.js';

describe('denialMessage', () => {
  it('ends the reason with exactly one full stop before what to do instead', () => {
    expect(denialMessage({ reason: 'blocked: only a human changes them.', instead: 'Propose it.' })).toBe('dsctl: blocked: only a human changes them. Propose it.');
    expect(denialMessage({ reason: 'blocked by gate "x"', instead: 'Propose it.' })).toBe('dsctl: blocked by gate "x". Propose it.');
    expect(denialMessage({ reason: 'really?  ', instead: 'Ask.' })).toBe('dsctl: really? Ask.');
  });
});

describe('strictest', () => {
  it('prefers deny over ask over allow', () => {
    const deny = { decision: 'deny', gate: 'g', path: 'p', reason: 'r', instead: 'i' } as const;
    expect(strictest([{ decision: 'allow' }, { decision: 'ask', reason: 'x' }, deny])).toBe(deny);
    expect(strictest([{ decision: 'allow' }, { decision: 'ask', reason: 'x' }])).toEqual({ decision: 'ask', reason: 'x' });
    expect(strictest([])).toEqual({ decision: 'allow' });
  });
});

describe('createToolGuard', () => {
  const dir = sharedStarterProject();
  buildViews(loadValidProject({ cwd: dir }));
  editJson<{ hardGates: { id: string; paths: string[]; reason: string }[] }>(dir, 'design/policy.json', (policy) => {
    policy.hardGates.push({ id: 'ci-scripts', paths: ['package.json#/scripts/design:drift'], reason: 'CI runs it.' });
  });
  const decide = async (call: ToolCall) => (await createToolGuard(await loadPolicy({ cwd: dir }))).decide(call, dir);
  const pkg = () => readFileSync(join(dir, 'package.json'), 'utf8');

  it('lets an Edit of a pointer-gated file through when the protected values stay', async () => {
    const edit = toolCallOf('Edit', { file_path: 'package.json', old_string: '"devDependencies": {', new_string: '"dependencies": { "zod": "^4.0.0" },\n  "devDependencies": {' });
    expect(await decide(edit)).toEqual({ decision: 'allow' });
    const write = toolCallOf('Write', { file_path: 'package.json', content: JSON.stringify({ ...(JSON.parse(pkg()) as object), description: 'x' }) });
    expect(await decide(write)).toEqual({ decision: 'allow' });
  });

  it('denies changing a protected value, and any shell write of the file', async () => {
    const edit = toolCallOf('Edit', { file_path: 'package.json', old_string: '"dsctl drift"', new_string: '"true"' });
    const denied = await decide(edit);
    expect(denied).toMatchObject({ decision: 'deny', gate: 'ci-scripts' });
    expect(denied.decision === 'deny' && denied.instead).toContain('Edit tool');
    expect(await decide(toolCallOf('Write', { file_path: 'package.json', content: 'not json' }))).toMatchObject({ decision: 'deny' });
    expect(await decide({ kind: 'shell', command: 'echo {} > package.json' })).toMatchObject({ decision: 'deny', gate: 'ci-scripts' });
    expect(await decide({ kind: 'shell', command: 'npm pkg set description=x' })).toMatchObject({ decision: 'deny', gate: 'ci-scripts' });
  });

  it('judges DESIGN.md by its human layer in linear time, whatever the nesting', async () => {
    const design = readFileSync(join(dir, 'DESIGN.md'), 'utf8');
    for (const tail of ['>'.repeat(50_000), '- '.repeat(20_000) + 'x', '_a_ **a'.repeat(30_000), '[a]('.repeat(30_000)]) {
      expect(await decide(toolCallOf('Write', { file_path: 'DESIGN.md', content: `${design}\n${tail}\n` }))).toMatchObject({ decision: 'deny', gate: 'design-md-body' });
    }
    const playbook = readFileSync(join(dir, 'docs/loop-playbook.md'), 'utf8');
    const regenerated = playbook.replace(/(<!-- dsctl:generated ci-commands [^\n]*\n)[\s\S]*?(<!-- \/dsctl:generated ci-commands -->)/, '$1- `npm run other`\n$2');
    expect(regenerated).not.toBe(playbook);
    expect(await decide(toolCallOf('Write', { file_path: 'docs/loop-playbook.md', content: regenerated }))).toEqual({ decision: 'allow' });
    // A region whose new content swallows the rest of the file (an open fence) is not only generated.
    const swallowing = playbook.replace(/(<!-- dsctl:generated ci-commands [^\n]*\n)/, '$1```\n');
    expect(await decide(toolCallOf('Write', { file_path: 'docs/loop-playbook.md', content: swallowing }))).toMatchObject({ decision: 'deny' });
  });

  it('scans the input of tools it does not know for gated paths', async () => {
    expect(await decide(toolCallOf('mcp__fs__write_file', { path: 'design/contracts/rules.json', content: '{}' }))).toMatchObject({ decision: 'deny', gate: 'contracts' });
    expect(await decide(toolCallOf('mcp__fs__move_file', { source: 'x', destination: 'design' }))).toMatchObject({ decision: 'deny', gate: 'contracts' });
    expect(await decide(toolCallOf('NewBuiltinTool', { target: `${dir}/AGENTS.md` }))).toMatchObject({ decision: 'deny', gate: 'agents-md' });
    expect(await decide(toolCallOf('mcp__fs__write_file', { path: 'src/x.ts', content: 'design/contracts/rules.json is mentioned here' }))).toMatchObject({ decision: 'deny' });
    expect(await decide(toolCallOf('mcp__fs__write_file', { path: 'src/x.ts', content: 'hello' }))).toEqual({ decision: 'allow' });
    expect(await decide(toolCallOf('mcp__fs__read_file', { path: 'design/contracts/rules.json' }))).toEqual({ decision: 'allow' });
  });

  it('judges every file of a Codex patch', async () => {
    const patch = (body: string) => codexToolCall('apply_patch', { input: `*** Begin Patch\n${body}\n*** End Patch` });
    expect(await decide(patch('*** Update File: src/a.ts\n@@\n-a\n+b'))).toEqual({ decision: 'allow' });
    expect(await decide(patch('*** Update File: src/a.ts\n*** Move to: AGENTS.md'))).toMatchObject({ decision: 'deny', gate: 'agents-md' });
    expect(await decide(patch('*** Add File: src/b.ts\n+x\n*** Delete File: design/contracts/rules.json'))).toMatchObject({ decision: 'deny', gate: 'contracts' });
    expect(await decide(patch('garbage'))).toMatchObject({ decision: 'deny', gate: 'hook-input' });
    expect(codexToolCall('shell', { command: ['bash', '-lc', 'rm AGENTS.md'] })).toEqual({ kind: 'shell', command: 'rm AGENTS.md' });
    expect(codexToolCall('shell', { command: [1, 2] })).toMatchObject({ kind: 'invalid' });
  });

  it('denies an invalid call outright', async () => {
    expect(await decide({ kind: 'invalid', reason: 'odd' })).toMatchObject({ decision: 'deny', gate: 'hook-input', reason: 'odd' });
  });
});
