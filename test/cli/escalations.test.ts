import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_MARKERS } from '../../src/governance/agent-markers.js';
import { dsctl } from '../support/cli.js';
import { starterRepo, type StarterRepo } from '../support/git-repo.js';

/** No agent, sandbox or runner markers, not CI, whatever runs the tests. */
const PERSON: Record<string, string> = { CI: '', ...Object.fromEntries(AGENT_MARKERS.map((m) => [m.variable, ''])) };
/** What an age looks like a few seconds (or, on a slow machine, minutes) after the escalation. */
const AGE = /^(?:just now|\d+ min)$/;
const run = (app: string, args: string[], env: Record<string, string> = {}, input?: string) => dsctl(args, app, { ...PERSON, ...env }, input);

interface Listed {
  id: string;
  file: string;
  source: string;
  status: string;
  raised_at: string;
  age: string;
  escalation: { workflow: string; severity: string; human_question: string; run_id: string };
  resolution: null | { note: string; resolved_by: { name: string; email: string }; record: string };
}
interface ListEnvelope {
  type: string;
  ok: boolean;
  data: { open: number; escalations: Listed[]; problems: { file: string; message: string }[] };
}

/** A starter repo with a person's identity, an escalated drift-repair run and a stuck Claude Code session. */
function repoWithEscalations(): StarterRepo & { runId: string } {
  const repo = starterRepo('dsctl-escalations-');
  const { app, git } = repo;
  git('config', 'user.name', 'Ada Lovelace');
  git('config', 'user.email', 'ada@example.com');
  // W2 on a dirty work tree escalates at once (a pipeline: no agent, no sandbox).
  const tokens = join(app, 'design/contracts/tokens.json');
  writeFileSync(tokens, readFileSync(tokens, 'utf8').replace('"#5e5a53"', '"#5d5952"'));
  const drift = run(app, ['run', 'drift-repair', '--json']);
  expect(drift.code, drift.stderr).toBe(1);
  const runId = (JSON.parse(drift.stdout) as { data: { run_id: string } }).data.run_id;
  // A Claude Code session that leaves a broken page, through the real hook entry point.
  const page = join(app, 'examples/bad.html');
  writeFileSync(page, '<p class="text-black">x</p>\n');
  const payload = (event: string, extra: Record<string, unknown> = {}) => JSON.stringify({ session_id: 'sess-9', cwd: app, hook_event_name: event, ...extra });
  expect(run(app, ['hook', 'claude', 'post-tool-use'], {}, payload('PostToolUse', { tool_name: 'Write', tool_input: { file_path: page, content: '' } })).code).toBe(0);
  for (let i = 0; i < 4; i++) expect(run(app, ['hook', 'claude', 'stop'], {}, payload('Stop')).code).toBe(0);
  return { ...repo, runId };
}

describe('dsctl escalations (built binary, real git repo)', () => {
  it('lists open escalations of runs and of the Stop hook, with age and question; resolves one, recorded; show prints it in full', () => {
    const { app, runId } = repoWithEscalations();

    const listed = run(app, ['escalations']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^SEVERITY +AGE +ID +WORKFLOW +SOURCE +QUESTION$/);
    // error before warn: the stuck session first, then the run.
    expect(rows[1]).toMatch(/^error +(?:just now|\d+ min) +claude-session-sess-9 +agent-session +stop-hook +Fix these files by hand/);
    expect(rows[2]).toMatch(new RegExp(`^warn +(?:just now|\\d+ min) +${runId} +drift-repair +run +Commit or stash these changes first`));
    expect(rows).toHaveLength(3);
    expect(listed.stderr).toContain('2 open escalation(s) wait for a person');

    const json = run(app, ['escalations', 'list', '--json']);
    expect(json.code).toBe(0);
    const envelope = JSON.parse(json.stdout) as ListEnvelope;
    expect(envelope).toMatchObject({ type: 'dsctl/escalations', ok: true, data: { open: 2, problems: [] } });
    expect(envelope.data.escalations.map((e) => [e.id, e.source, e.status, e.age])).toEqual([
      ['claude-session-sess-9', 'stop-hook', 'open', expect.stringMatching(AGE)],
      [runId, 'run', 'open', expect.stringMatching(AGE)],
    ]);
    for (const e of envelope.data.escalations) expect(Number.isNaN(Date.parse(e.raised_at))).toBe(false);

    // The Stop hook's escalation is an audit record too.
    const tail = JSON.parse(run(app, ['audit', 'tail', '--json']).stdout) as { data: { records: { workflow: string; status: string; run_id: string; escalation: unknown }[] } };
    expect(tail.data.records.map((r) => [r.workflow, r.status, r.run_id])).toEqual([
      ['drift-repair', 'escalated', runId],
      ['agent-session', 'escalated', 'claude-session-sess-9'],
    ]);

    const shown = run(app, ['escalations', 'show', runId]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('### ⚠️ dsctl escalation: drift-repair');
    expect(shown.stdout).toContain('> **Commit or stash these changes first');
    expect(shown.stdout).toContain('uncommitted: design/contracts/tokens.json');
    expect(shown.stdout).toMatch(/#### Status\n\nRaised (?:just now|\d+ min ago) \(\d{4}-\d\d-\d\dT[\d:.]+Z\) by the loop runner/);
    expect(shown.stdout).toContain(`**Open.** Close it once decided: \`dsctl escalations resolve ${runId} --note "what was decided"\``);

    const noNote = run(app, ['escalations', 'resolve', runId]);
    expect(noNote.code).toBe(2);
    expect(noNote.stderr).toContain('resolve needs --note TEXT');

    const resolved = run(app, ['escalations', 'resolve', runId, '--note', 'Committed the token change; W2 ran clean after.', '--json']);
    expect(resolved.code, resolved.stderr).toBe(0);
    const done = JSON.parse(resolved.stdout) as { type: string; data: { file: string; record: { run_id: string; workflow: string; actor: unknown; commands: string[] } } };
    expect(done.type).toBe('dsctl/escalations');
    expect(done.data.file).toBe(`.dsctl/escalations/resolved/${runId}.json`);
    expect(JSON.parse(readFileSync(join(app, done.data.file), 'utf8'))).toMatchObject({
      escalation: runId,
      note: 'Committed the token change; W2 ran clean after.',
      resolved_by: { name: 'Ada Lovelace', email: 'ada@example.com' },
      record: done.data.record.run_id,
    });
    expect(done.data.record).toMatchObject({ workflow: 'escalation-resolution', actor: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    expect(done.data.record.commands[0]).toContain("--note 'Committed the token change; W2 ran clean after.'");
    expect(run(app, ['audit', 'verify']).code).toBe(0);

    // Resolved: gone from the list, back with --all, shown with who decided.
    const after = run(app, ['escalations']);
    expect(after.stdout).not.toContain(runId);
    expect(after.stdout).toContain('claude-session-sess-9');
    expect(after.stderr).toContain('1 open escalation(s)');
    const all = run(app, ['escalations', '--all']);
    expect(all.stdout.split('\n')[0]).toMatch(/^STATUS +SEVERITY +AGE +ID/);
    expect(all.stdout).toMatch(new RegExp(`\\nresolved +warn +(?:just now|\\d+ min) +${runId} `));
    expect(all.stdout).toMatch(/\nopen +error +(?:just now|\d+ min) +claude-session-sess-9 /);
    const again = run(app, ['escalations', 'show', runId]);
    expect(again.stdout).toContain('**Resolved** by Ada Lovelace <ada@example.com> at ');
    expect(again.stdout).toContain('> Committed the token change; W2 ran clean after.');

    const twice = run(app, ['escalations', 'resolve', runId, '--note', 'again']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('was already resolved by Ada Lovelace');

    // The last one closed: the inbox is empty, still exit 0.
    expect(run(app, ['escalations', 'resolve', 'claude-session-sess-9', '--note', 'legacy page, ticket UI-12']).code).toBe(0);
    const empty = run(app, ['escalations']);
    expect(empty).toMatchObject({ code: 0, stdout: '' });
    expect(empty.stderr).toContain('no open escalations');
    expect(JSON.parse(run(app, ['escalations', '--json']).stdout)).toMatchObject({ data: { open: 0, escalations: [] } });
  });

  it('refuses bad usage and unknown ids with exit 2, a suggestion and no stack trace', () => {
    const { app, git } = starterRepo('dsctl-escalations-');
    git('config', 'user.name', 'Ada Lovelace');
    const id = '20261130T082542Z-drift-repair-ca8c';
    mkdirSync(join(app, '.dsctl/escalations'), { recursive: true });
    writeFileSync(
      join(app, `.dsctl/escalations/${id}.json`),
      JSON.stringify({ workflow: 'drift-repair', stuck_reason: 's', severity: 'warn', proposed_diff: '', evidence: [], human_question: 'Q?', run_id: id }),
    );
    const cases: { args: string[]; env?: Record<string, string>; code: string; text: string }[] = [
      { args: ['escalations', 'show', '20261130T082542Z-drift-repair-ca8'], code: 'escalations/unknown', text: `did you mean "${id}"?` },
      { args: ['escalations', 'resolve', 'ca8c', '--note', 'x'], code: 'escalations/unknown', text: `did you mean "${id}"?` },
      { args: ['escalations', 'show', '../../design/policy'], code: 'escalations/unknown', text: 'no escalation "../../design/policy"' },
      { args: ['escalations', 'lst'], code: 'usage/escalations', text: 'did you mean "list"?' },
      { args: ['escalations', 'show'], code: 'usage/escalations', text: 'show needs the id' },
      { args: ['escalations', 'list', id], code: 'usage/escalations', text: 'list takes no id' },
      { args: ['escalations', 'show', id, '--note', 'x'], code: 'usage/escalations', text: '--note is for resolve' },
      { args: ['escalations', 'show', id, '--all'], code: 'usage/escalations', text: '--all is for list' },
      { args: ['escalations', 'resolve', id, '--note', '   '], code: 'usage/note', text: 'resolve needs --note TEXT' },
      { args: ['escalations', 'resolve', id, '--note', 'x'], env: { CLAUDECODE: '1' }, code: 'escalations/resolve-refused', text: 'CLAUDECODE (Claude Code) is set' },
    ];
    for (const c of cases) {
      const human = run(app, c.args, c.env);
      expect(human.code, c.args.join(' ')).toBe(2);
      expect(human.stderr).toContain(c.text);
      expect(human.stderr).not.toMatch(/\n\s+at /);
      const machine = run(app, [...c.args, '--json'], c.env);
      expect(machine.code).toBe(2);
      expect(JSON.parse(machine.stdout)).toMatchObject({ type: 'dsctl/error', ok: false, error: { code: c.code, message: expect.stringContaining(c.text) } });
    }
    // Nothing was resolved along the way.
    expect(JSON.parse(run(app, ['escalations', '--json']).stdout)).toMatchObject({ data: { open: 1 } });
    expect(existsSync(join(app, '.dsctl/runs.jsonl'))).toBe(false);
  });

  it('shows the age of an escalation the run log does not know from its file, and warns about a broken file without failing', () => {
    const { app } = starterRepo('dsctl-escalations-');
    const dir = join(app, '.dsctl/escalations');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'handwritten.json');
    writeFileSync(file, JSON.stringify({ workflow: 'release-readiness', stuck_reason: 's', severity: 'blocking', proposed_diff: '', evidence: [], human_question: 'Ship\n  without the changelog?', run_id: 'handwritten' }));
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000 - 60_000);
    utimesSync(file, threeHoursAgo, threeHoursAgo);
    writeFileSync(join(dir, 'broken.json'), '{"workflow":');
    const listed = run(app, ['escalations']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n')[1]).toMatch(/^blocking +3 h +handwritten +release-readiness +run +Ship without the changelog\?$/);
    expect(listed.stderr).toContain('warn .dsctl/escalations/broken.json is not JSON');
    const json = JSON.parse(run(app, ['escalations', '--json']).stdout) as ListEnvelope;
    expect(json.data.escalations.map((e) => e.age)).toEqual(['3 h']);
    expect(json.data.problems.map((p) => p.file)).toEqual(['.dsctl/escalations/broken.json']);
    expect(run(app, ['escalations', 'show', 'handwritten']).stdout).toContain('Raised 3 h ago');
  });
});
