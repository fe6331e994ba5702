import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics/user-error.js';
import { appendRun, tailLog, verifyLog } from '../../src/governance/audit-log.js';
import {
  EscalationSchema,
  escalationRunEntry,
  escalationSlot,
  parseEscalation,
  renderEscalationMarkdown,
  resolutionPath,
  writeEscalation,
  type Escalation,
} from '../../src/governance/escalation.js';
import { findEscalation, humanAge, listEscalations, RESOLUTION_WORKFLOW, resolveEscalation, type EscalationPlace } from '../../src/governance/escalations.js';
import { parseRunEntry } from '../../src/governance/run-record.js';
import { tempDir } from '../support/temp-dir.js';

const payload: Escalation = {
  workflow: 'ui-self-repair',
  stuck_reason: 'manual brand decision required',
  severity: 'warn',
  proposed_diff: 'path to the patch, or a one-paragraph summary',
  evidence: ['check_html: 2 errors left after 3 attempts', 'changed: src/pages/billing.html'],
  human_question: 'Is a second primary button acceptable on this page, or should it become secondary?',
  run_id: '2025-06-02T10:02:11Z-ui-self-repair',
};

describe('the escalation payload', () => {
  it('has exactly the playbook’s fields plus run_id', () => {
    expect(Object.keys(EscalationSchema.shape).sort()).toEqual(
      ['evidence', 'human_question', 'proposed_diff', 'run_id', 'severity', 'stuck_reason', 'workflow'].sort(),
    );
    expect(parseEscalation(payload)).toEqual(payload);
  });

  it.each<{ name: string; value: unknown; detail: string }>([
    { name: 'an unknown severity', value: { ...payload, severity: 'fatal' }, detail: '/severity: ' },
    { name: 'a blank question', value: { ...payload, human_question: '   ' }, detail: '/human_question: expected non-blank text' },
    { name: 'an extra field', value: { ...payload, diff: 'x' }, detail: 'diff' },
    { name: 'a missing field', value: { ...payload, evidence: undefined }, detail: '/evidence: ' },
    { name: 'evidence that is not a list of strings', value: { ...payload, evidence: [1] }, detail: '/evidence/0: ' },
    { name: 'a run id that is a path', value: { ...payload, run_id: '../escape' }, detail: '/run_id: expected a run id' },
  ])('refuses $name', ({ value, detail }) => {
    let error: unknown;
    try {
      parseEscalation(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('escalation/invalid');
    expect((error as UserError).details.join('\n')).toContain(detail);
  });
});

describe('writeEscalation', () => {
  it('writes .dsctl/escalations/<run_id>.json atomically and returns its path', () => {
    const root = tempDir();
    const path = writeEscalation(root, payload);
    expect(path).toBe(join(root, '.dsctl', 'escalations', `${payload.run_id}.json`));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(payload);
    expect(readFileSync(path, 'utf8')).toBe(JSON.stringify(payload, null, 2) + '\n');
    expect(readdirSync(join(root, '.dsctl', 'escalations'))).toEqual([`${payload.run_id}.json`]);
    // A second escalation of the same run replaces the first, whole.
    writeEscalation(root, { ...payload, severity: 'blocking' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ severity: 'blocking' });
    expect(readdirSync(join(root, '.dsctl', 'escalations'))).toEqual([`${payload.run_id}.json`]);
  });

  it('refuses an invalid payload and writes nothing', () => {
    const root = tempDir();
    expect(() => writeEscalation(root, { ...payload, run_id: 'a/b' })).toThrow(UserError);
    expect(() => readdirSync(join(root, '.dsctl'))).toThrow(/ENOENT/);
  });
});

describe('renderEscalationMarkdown', () => {
  it('renders a PR comment: heading, severity, the question in bold, evidence, the proposed diff fenced', () => {
    expect(renderEscalationMarkdown(payload)).toBe(
      [
        '### ⚠️ dsctl escalation: ui-self-repair',
        '',
        '**Severity:** `warn` · **Run:** `2025-06-02T10:02:11Z-ui-self-repair`',
        '',
        '**Stuck:** manual brand decision required',
        '',
        '> **Is a second primary button acceptable on this page, or should it become secondary?**',
        '',
        '#### Evidence',
        '',
        '- check\\_html: 2 errors left after 3 attempts',
        '- changed: src/pages/billing.html',
        '',
        '#### Proposed diff',
        '',
        '```text',
        'path to the patch, or a one-paragraph summary',
        '```',
        '',
        '_A human decides. Automation stopped here and changed nothing it was not allowed to._',
        '',
      ].join('\n'),
    );
  });

  it('fences a unified diff as diff, with a fence longer than any backtick run inside', () => {
    const md = renderEscalationMarkdown({ ...payload, severity: 'blocking', proposed_diff: '--- a/x.md\n+++ b/x.md\n@@ -1 +1 @@\n-```js\n+````js\n' });
    expect(md).toContain('### 🛑 dsctl escalation');
    expect(md).toContain('`````diff\n--- a/x.md\n+++ b/x.md\n@@ -1 +1 @@\n-```js\n+````js\n`````');
  });

  it('cannot be broken out of by the text it shows', () => {
    const md = renderEscalationMarkdown({
      ...payload,
      severity: 'error',
      workflow: 'w',
      human_question: '**Approve?** <!-- hide the rest\n# Heading',
      evidence: ['- nested', '1. ordered', '<script>alert(1)</script>', 'line one\nline two'],
      proposed_diff: '',
    });
    expect(md).toContain('### ❌ dsctl escalation: w');
    expect(md).toContain('> **\\*\\*Approve?\\*\\* &lt;!-- hide the rest**\n> **\\# Heading**');
    expect(md).toContain('- \\- nested\n- 1\\. ordered\n- &lt;script>alert(1)&lt;/script>');
    expect(md).toContain('-\n  ```text\n  line one\n  line two\n  ```');
    expect(md).toContain('#### Proposed diff\n\n_none_');
  });
});

describe('escalationSlot: one escalation a session while it waits', () => {
  it('takes the base id, reports it open once written, and moves on to base-2, base-3 once resolved', () => {
    const root = tempDir();
    expect(escalationSlot(root, 'claude-session-s')).toEqual({ id: 'claude-session-s', open: false });
    writeEscalation(root, { ...payload, run_id: 'claude-session-s' });
    expect(escalationSlot(root, 'claude-session-s')).toEqual({ id: 'claude-session-s', open: true });
    mkdirSync(join(root, '.dsctl/escalations/resolved'), { recursive: true });
    writeFileSync(resolutionPath(root, 'claude-session-s'), '{}');
    expect(escalationSlot(root, 'claude-session-s')).toEqual({ id: 'claude-session-s-2', open: false });
    writeFileSync(resolutionPath(root, 'claude-session-s-2'), '{}');
    expect(escalationSlot(root, 'claude-session-s')).toEqual({ id: 'claude-session-s-3', open: false });
  });
});

describe('escalationRunEntry', () => {
  it('is a valid escalated run record carrying the escalation, that the log accepts', async () => {
    const escalation = { ...payload, workflow: 'agent-session', run_id: 'claude-session-s' };
    const entry = escalationRunEntry(escalation, { level: 'model-loop', trigger: 'manual', changed_paths: ['examples/a.html'], attempts: 3, at: new Date('2026-11-30T08:00:00Z') });
    expect(parseRunEntry(entry)).toEqual(entry);
    expect(entry).toMatchObject({ run_id: 'claude-session-s', workflow: 'agent-session', status: 'escalated', escalation, started_at: '2026-11-30T08:00:00.000Z', ended_at: '2026-11-30T08:00:00.000Z' });
    const log = join(tempDir(), 'runs.jsonl');
    await appendRun(log, entry);
    expect(tailLog(log).records[0]).toMatchObject({ workflow: 'agent-session', status: 'escalated' });
  });
});

describe('humanAge', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  it.each([
    ['2026-12-01T11:59:30Z', 'just now'],
    ['2026-12-01T12:00:05Z', 'just now'],
    ['2026-12-01T11:59:00Z', '1 min'],
    ['2026-12-01T11:01:00Z', '59 min'],
    ['2026-12-01T09:00:00Z', '3 h'],
    ['2026-11-29T12:00:01Z', '47 h'],
    ['2026-11-29T12:00:00Z', '2 d'],
    ['2026-10-01T12:00:00Z', '61 d'],
  ])('%s → %s', (from, want) => {
    expect(humanAge(from, now)).toBe(want);
  });
});

describe('listing and resolving escalations', () => {
  const place = (): EscalationPlace => {
    const root = tempDir();
    return { root, runLog: join(root, '.dsctl', 'runs.jsonl') };
  };
  const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };

  it('lists open escalations blocking first, then the longest waiting; the time comes from the run log, else the file', async () => {
    const p = place();
    writeEscalation(p.root, { ...payload, run_id: 'old-warn', severity: 'warn' });
    utimesSync(join(p.root, '.dsctl/escalations/old-warn.json'), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
    writeEscalation(p.root, { ...payload, run_id: 'new-warn', severity: 'warn' });
    const blocking = { ...payload, run_id: 'run-blocking', severity: 'blocking' as const };
    writeEscalation(p.root, blocking);
    await appendRun(p.runLog, escalationRunEntry(blocking, { level: 'pipeline', trigger: 'ci', changed_paths: [], attempts: 1, at: new Date('2026-11-15T10:00:00Z') }));
    const { escalations, problems } = listEscalations(p);
    expect(problems).toEqual([]);
    expect(escalations.map((e) => e.id)).toEqual(['run-blocking', 'old-warn', 'new-warn']);
    expect(escalations[0]).toMatchObject({ raised_at: '2026-11-15T10:00:00.000Z', status: 'open', source: 'run', file: '.dsctl/escalations/run-blocking.json', resolution: null });
    expect(escalations[1]?.raised_at).toBe('2026-11-01T00:00:00.000Z');
    // With --all, what still waits comes before what was resolved, whatever its severity.
    await resolveEscalation(p, { id: 'run-blocking', note: 'done', actor: ada });
    expect(listEscalations(p).escalations.map((e) => e.id)).toEqual(['old-warn', 'new-warn']);
    expect(listEscalations(p, { all: true }).escalations.map((e) => [e.id, e.status])).toEqual([
      ['old-warn', 'open'],
      ['new-warn', 'open'],
      ['run-blocking', 'resolved'],
    ]);
  });

  it('tells a Stop-hook escalation from a run, and skips the Markdown copies, temp files and the resolved folder', () => {
    const p = place();
    writeEscalation(p.root, { ...payload, workflow: 'agent-session', run_id: 'claude-session-x' });
    writeFileSync(join(p.root, '.dsctl/escalations/claude-session-x.md'), '# md');
    writeFileSync(join(p.root, '.dsctl/escalations/.claude-session-y.json.123.tmp'), '{');
    const { escalations, problems } = listEscalations(p);
    expect(escalations.map((e) => [e.id, e.source])).toEqual([['claude-session-x', 'stop-hook']]);
    expect(problems).toEqual([]);
  });

  it('reports a broken escalation file as a problem and still lists the others', () => {
    const p = place();
    writeEscalation(p.root, payload);
    writeFileSync(join(p.root, '.dsctl/escalations/broken.json'), '{"workflow": ');
    writeFileSync(join(p.root, '.dsctl/escalations/partial.json'), JSON.stringify({ ...payload, severity: 'fatal' }));
    const { escalations, problems } = listEscalations(p);
    expect(escalations.map((e) => e.id)).toEqual([payload.run_id]);
    expect(problems.map((x) => x.file)).toEqual(['.dsctl/escalations/broken.json', '.dsctl/escalations/partial.json']);
    expect(problems[0]?.message).toContain('is not JSON');
    expect(problems[1]?.details.join('\n')).toContain('/severity');
  });

  it('resolves one: the audit log records the note and the person, then the resolution file; it leaves list and cannot be resolved twice', async () => {
    const p = place();
    writeEscalation(p.root, payload);
    const now = new Date('2026-12-01T10:00:00Z');
    const { resolution, file, record } = await resolveEscalation(p, { id: payload.run_id, note: "  It's fine: a second primary is allowed here  ", actor: ada, now });
    expect(file).toBe(`.dsctl/escalations/resolved/${payload.run_id}.json`);
    expect(JSON.parse(readFileSync(join(p.root, file), 'utf8'))).toEqual(resolution);
    expect(resolution).toEqual({
      schema: 'dsctl.escalation-resolution/v1',
      escalation: payload.run_id,
      note: "It's fine: a second primary is allowed here",
      resolved_by: ada,
      resolved_at: '2026-12-01T10:00:00.000Z',
      record: record.run_id,
    });
    expect(record).toMatchObject({
      workflow: RESOLUTION_WORKFLOW,
      status: 'passed',
      level: 'observation',
      actor: ada,
      escalation: null,
      changed_paths: [file],
      commands: [`dsctl escalations resolve ${payload.run_id} --note 'It'\\''s fine: a second primary is allowed here'`],
    });
    expect(record.run_id).toMatch(/^20261201T100000Z-escalation-resolution-[0-9a-f]{4}$/);
    expect(verifyLog(p.runLog)).toMatchObject({ ok: true, records: 1 });
    expect(listEscalations(p).escalations).toEqual([]);
    expect(listEscalations(p, { all: true }).escalations.map((e) => [e.id, e.status, e.resolution?.resolved_by.name])).toEqual([[payload.run_id, 'resolved', 'Ada Lovelace']]);
    await expect(resolveEscalation(p, { id: payload.run_id, note: 'again', actor: ada })).rejects.toMatchObject({ code: 'escalations/already-resolved' });
    expect(tailLog(p.runLog).records).toHaveLength(1);
  });

  it('refuses a blank note and records nothing', async () => {
    const p = place();
    writeEscalation(p.root, payload);
    await expect(resolveEscalation(p, { id: payload.run_id, note: ' \n ', actor: ada })).rejects.toMatchObject({ code: 'usage/note' });
    expect(tailLog(p.runLog).records).toEqual([]);
    expect(listEscalations(p).escalations).toHaveLength(1);
  });

  it('keeps an escalation open when its resolution file is not a resolution of it', () => {
    const p = place();
    writeEscalation(p.root, payload);
    mkdirSync(join(p.root, '.dsctl/escalations/resolved'), { recursive: true });
    writeFileSync(resolutionPath(p.root, payload.run_id), JSON.stringify({ schema: 'dsctl.escalation-resolution/v1', escalation: 'another', note: 'x', resolved_by: ada, resolved_at: '2026-12-01T10:00:00Z', record: 'r' }));
    const { escalations, problems } = listEscalations(p);
    expect(escalations.map((e) => e.status)).toEqual(['open']);
    expect(problems[0]?.message).toContain('the escalation stays open');
  });

  it.each([
    ['a typo', '2025-06-02T10:02:11Z-ui-self-repai', 'did you mean "2025-06-02T10:02:11Z-ui-self-repair"?'],
    ['the tail of a run id', 'self-repair', 'did you mean "2025-06-02T10:02:11Z-ui-self-repair"?'],
    ['a path', '../../etc/passwd', 'no escalation "../../etc/passwd" in .dsctl/escalations'],
  ])('an unknown id (%s) is a UserError with suggestions', (_name, id, message) => {
    const p = place();
    writeEscalation(p.root, payload);
    let error: unknown;
    try {
      findEscalation(p, id);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('escalations/unknown');
    expect((error as UserError).message).toContain(message);
  });
});
