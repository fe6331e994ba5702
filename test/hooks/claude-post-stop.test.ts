import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tailLog, verifyLog } from '../../src/governance/audit-log.js';
import { listEscalations, resolveEscalation } from '../../src/governance/escalations.js';
import { claudeHook } from '../../src/hooks/claude.js';
import { cursorHook } from '../../src/hooks/cursor.js';
import { starterProject } from '../support/project.js';

const input = (dir: string, event: string, extra: Record<string, unknown>) => JSON.stringify({ session_id: 'sess-1', cwd: dir, hook_event_name: event, ...extra });
const wrote = (dir: string, file: string, content: string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), content);
  return input(dir, 'PostToolUse', { tool_name: 'Write', tool_input: { file_path: join(dir, file), content } });
};

describe('PostToolUse: lint what was just written', () => {
  it('blocks with at most ten errors, each with its line and alternative', async () => {
    const dir = starterProject();
    const page = Array.from({ length: 12 }, (_, i) => `<p class="text-black">${i}</p>`).join('\n');
    const outcome = await claudeHook('post-tool-use', wrote(dir, 'examples/bad.html', page), dir);
    expect(outcome.exitCode).toBe(0);
    const answer = JSON.parse(outcome.stdout ?? '{}') as { decision: string; reason: string };
    expect(answer.decision).toBe('block');
    expect(answer.reason.match(/^- examples\/bad\.html:\d+:\d+ COLOR_NO_RAW_BLACK_WHITE/gm)).toHaveLength(10);
    expect(answer.reason).toContain('examples/bad.html:1:11');
    expect(answer.reason).toContain('→ ');
    expect(answer.reason).toContain('… and 2 more');
  });

  it('passes warnings as additional context, and is silent on a clean file', async () => {
    const dir = starterProject();
    const warned = await claudeHook('post-tool-use', wrote(dir, 'examples/warn.html', '<p style="display: none !important">x</p>'), dir);
    expect(JSON.parse(warned.stdout ?? '{}')).toMatchObject({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: expect.stringContaining('CSS_NO_IMPORTANT') } });
    expect(await claudeHook('post-tool-use', wrote(dir, 'examples/ok.html', '<p class="text-fg">x</p>'), dir)).toEqual({ exitCode: 0 });
  });

  it('skips hookExclusions (red-team output) and non-UI files', async () => {
    const dir = starterProject();
    expect(await claudeHook('post-tool-use', wrote(dir, 'redteam/attack.html', '<p class="text-black">x</p>'), dir)).toEqual({ exitCode: 0 });
    expect(await claudeHook('post-tool-use', wrote(dir, 'notes.md', 'text-black'), dir)).toEqual({ exitCode: 0 });
  });
});

describe('Stop: not done while written UI still has errors, at most three times', () => {
  it('blocks three times, then lets the agent stop', async () => {
    const dir = starterProject();
    await claudeHook('post-tool-use', wrote(dir, 'examples/bad.html', '<p class="text-black">x</p>'), dir);
    const stop = () => claudeHook('stop', input(dir, 'Stop', { stop_hook_active: true }), dir);
    for (const attempt of [1, 2, 3]) {
      const outcome = await stop();
      expect(JSON.parse(outcome.stdout ?? '{}')).toMatchObject({ decision: 'block', reason: expect.stringContaining(`attempt ${attempt} of 3`) });
    }
    const last = await stop();
    expect(last.exitCode).toBe(0);
    expect(last.stdout).toBeUndefined();
    expect(last.stderr).toContain('escalated to a person');
    const escalation = JSON.parse(readFileSync(join(dir, '.dsctl/escalations/claude-session-sess-1.json'), 'utf8')) as Record<string, unknown>;
    expect(escalation).toMatchObject({ workflow: 'agent-session', severity: 'error', evidence: [expect.stringMatching(/^examples\/bad\.html:1:11 COLOR_NO_RAW_BLACK_WHITE/)] });
  });

  it('records the escalation in the audit log once while it waits, and raises a new one after a person resolved it', async () => {
    const dir = starterProject();
    await claudeHook('post-tool-use', wrote(dir, 'examples/bad.html', '<p class="text-black">x</p>'), dir);
    const stop = () => claudeHook('stop', input(dir, 'Stop', { stop_hook_active: true }), dir, undefined, { env: { CI: '' } });
    for (let i = 0; i < 4; i++) await stop();
    const log = join(dir, '.dsctl/runs.jsonl');
    const escalation = JSON.parse(readFileSync(join(dir, '.dsctl/escalations/claude-session-sess-1.json'), 'utf8')) as Record<string, unknown>;
    const [record, ...more] = tailLog(log).records;
    expect(more).toEqual([]);
    expect(record).toMatchObject({ run_id: 'claude-session-sess-1', workflow: 'agent-session', status: 'escalated', level: 'model-loop', trigger: 'manual', attempts: 3, changed_paths: ['examples/bad.html'], escalation });
    // The agent stops again while the escalation is open: the file is refreshed, the log gets no duplicate.
    expect((await stop()).stderr).toContain('escalated to a person');
    expect(tailLog(log).records).toHaveLength(1);
    // A person resolves it; the same session stuck again is a new escalation, and a new record.
    await resolveEscalation({ root: dir, runLog: log }, { id: 'claude-session-sess-1', note: 'legacy page, fixed later', actor: { name: 'Ada', email: 'ada@example.com' } });
    expect((await stop()).stderr).toContain('claude-session-sess-1-2.json');
    expect(tailLog(log).records.map((r) => [r.workflow, r.run_id])).toEqual([
      ['agent-session', 'claude-session-sess-1'],
      ['escalation-resolution', expect.stringMatching(/-escalation-resolution-/)],
      ['agent-session', 'claude-session-sess-1-2'],
    ]);
    expect(verifyLog(log)).toMatchObject({ ok: true, records: 3 });
    expect(listEscalations({ root: dir, runLog: log }).escalations.map((e) => e.id)).toEqual(['claude-session-sess-1-2']);
  });

  it('still lets the agent stop, saying so, when the audit log cannot be written', async () => {
    const dir = starterProject();
    await claudeHook('post-tool-use', wrote(dir, 'examples/bad.html', '<p class="text-black">x</p>'), dir);
    // A folder where the run log should be: the append fails.
    mkdirSync(join(dir, '.dsctl/runs.jsonl'), { recursive: true });
    let last;
    for (let i = 0; i < 4; i++) last = await claudeHook('stop', input(dir, 'Stop', {}), dir);
    expect(last?.exitCode).toBe(0);
    expect(last?.stderr).toContain('escalated to a person');
    expect(last?.stderr).toContain('could not be recorded in .dsctl/runs.jsonl');
    expect(existsSync(join(dir, '.dsctl/escalations/claude-session-sess-1.json'))).toBe(true);
  });

  it('lets the agent stop once the file is fixed', async () => {
    const dir = starterProject();
    await claudeHook('post-tool-use', wrote(dir, 'examples/bad.html', '<p class="text-black">x</p>'), dir);
    writeFileSync(join(dir, 'examples/bad.html'), '<p class="text-fg">x</p>');
    expect(await claudeHook('stop', input(dir, 'Stop', {}), dir)).toEqual({ exitCode: 0 });
  });
});

describe('Cursor adapter', () => {
  it('denies a protected shell write with the permission JSON Cursor reads', async () => {
    const dir = starterProject();
    const outcome = await cursorHook('before-shell-execution', JSON.stringify({ conversation_id: 'c1', workspace_roots: [dir], cwd: dir, command: 'rm -rf design/contracts' }), dir);
    expect(JSON.parse(outcome.stdout ?? '{}')).toMatchObject({ permission: 'deny', agent_message: expect.stringContaining('hard gate "contracts"') });
    const allowed = await cursorHook('before-shell-execution', JSON.stringify({ conversation_id: 'c1', cwd: dir, command: 'git status' }), dir);
    expect(JSON.parse(allowed.stdout ?? '{}')).toEqual({ permission: 'allow' });
  });

  it('follows up at stop on a file edited with errors', async () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'examples/bad.html'), '<p class="text-black">x</p>');
    await cursorHook('after-file-edit', JSON.stringify({ conversation_id: 'c2', cwd: dir, file_path: join(dir, 'examples/bad.html'), edits: [] }), dir);
    const stop = await cursorHook('stop', JSON.stringify({ conversation_id: 'c2', cwd: dir, status: 'completed', loop_count: 0 }), dir);
    expect(JSON.parse(stop.stdout ?? '{}')).toMatchObject({ followup_message: expect.stringContaining('COLOR_NO_RAW_BLACK_WHITE') });
  });
});
