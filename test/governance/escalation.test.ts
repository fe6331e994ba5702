import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics/user-error.js';
import { EscalationSchema, parseEscalation, renderEscalationMarkdown, writeEscalation, type Escalation } from '../../src/governance/escalation.js';
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
