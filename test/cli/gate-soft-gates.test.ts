import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';

/*
 * policy.softGates decides what `dsctl gate check` reports (built binary, real git): only the listed
 * gates run, each with the options of its entry. The policy is read from the work tree, so each step
 * edits it and checks the same committed range again.
 */

interface SoftFlag {
  kind: string;
  gate: string;
  path: string;
  reason: string;
  needs: string;
  blocking: boolean;
  detail?: Record<string, unknown>;
}
interface Envelope {
  ok: boolean;
  data: { hard: { gate: string }[]; soft: SoftFlag[]; skipped: { gate: string; reason: string }[]; escalation: { evidence: string[]; stuck_reason: string; human_question: string } | null };
}
type Entry = { id: string; description: string; options?: Record<string, unknown> };

const check = (app: string, range: string) => {
  const run = dsctl(['gate', 'check', '--json', '--range', range], app);
  return { code: run.code, data: (JSON.parse(run.stdout) as Envelope).data };
};
const softGates = (app: string, edit: (entries: Entry[]) => Entry[]) => editJson<{ softGates: Entry[] }>(app, 'design/policy.json', (p) => (p.softGates = edit(p.softGates)));
const without = (id: string) => (entries: Entry[]) => entries.filter((e) => e.id !== id);
const flagsOf = (data: Envelope['data'], gate: string) => data.soft.filter((s) => s.gate === gate).map((s) => `${s.path}: ${s.reason}`);

/** The starter committed, then a commit on top made by `change`; returns the range of that commit. */
function committed(change: (app: string) => void, before: (app: string) => void = () => {}) {
  const { app, git } = starterRepo('dsctl-soft-');
  before(app);
  git('add', '-A');
  git('commit', '-qm', 'before', '--allow-empty');
  const base = git('rev-parse', 'HEAD').trim();
  change(app);
  git('add', '-A');
  git('commit', '-qm', 'change');
  return { app, git, range: `${base}..HEAD` };
}

describe('policy.softGates decides what dsctl gate check reports', () => {
  it('test-weakening: on in the starter (same words, exit 1), off once removed from the policy', () => {
    const { app, range } = committed(
      (a) => writeFileSync(join(a, 'test/a.test.ts'), 'expect(1).toBe(1);\n'),
      (a) => {
        mkdirSync(join(a, 'test'));
        writeFileSync(join(a, 'test/a.test.ts'), 'expect(1).toBe(1);\nexpect(2).toBe(2);\n');
      },
    );
    const human = dsctl(['gate', 'check', '--range', range], app);
    expect(human.code).toBe(1);
    expect(human.stdout).toBe('test/a.test.ts\n  error  assertions go down from 2 to 1  soft-gate/test-weakening\n         → a person must decide\n\n✖ 1 problem (1 error, 0 warnings)\n');
    expect(check(app, range)).toMatchObject({
      code: 1,
      data: {
        hard: [],
        soft: [{ kind: 'soft', gate: 'test-weakening', path: 'test/a.test.ts', reason: 'assertions go down from 2 to 1', needs: 'approval', blocking: true }],
        escalation: { stuck_reason: 'a change weakens tests', human_question: 'Is weakening these tests intended?', evidence: ['test/a.test.ts: assertions go down from 2 to 1 (soft gate "test-weakening")'] },
      },
    });

    softGates(app, without('test-weakening'));
    expect(check(app, range)).toMatchObject({ code: 0, data: { soft: [], escalation: null } });
    expect(dsctl(['gate', 'check', '--range', range], app)).toMatchObject({ code: 0, stdout: '', stderr: expect.stringContaining('no gate touched') });
  });

  it('test-weakening: a test glob and an assertion pattern of the policy are the ones used', () => {
    const { app, range } = committed(
      (a) => {
        writeFileSync(join(a, 'checks/colors.js'), 'check(1);\n');
        writeFileSync(join(a, 'test/a.test.ts'), 'expect(1).toBe(1);\n');
      },
      (a) => {
        mkdirSync(join(a, 'checks'));
        mkdirSync(join(a, 'test'));
        writeFileSync(join(a, 'checks/colors.js'), 'check(1);\ncheck(2);\n');
        writeFileSync(join(a, 'test/a.test.ts'), 'expect(1).toBe(1);\nexpect(2).toBe(2);\n');
      },
    );
    expect(flagsOf(check(app, range).data, 'test-weakening')).toEqual(['test/a.test.ts: assertions go down from 2 to 1']);
    softGates(app, (entries) => entries.map((e) => (e.id === 'test-weakening' ? { ...e, options: { testFilePattern: null, testFileGlobs: ['checks/**'], assertionPattern: String.raw`\bcheck\(` } } : e)));
    expect(flagsOf(check(app, range).data, 'test-weakening')).toEqual(['checks/colors.js: assertions go down from 2 to 1']);
  });

  it('rule-change: a severity change between two commits names rule and field; removed from the policy, it is not reported', () => {
    const { app, range } = committed((a) =>
      editJson<{ rules: { id: string; severity: string }[] }>(a, 'design/contracts/rules.json', (r) => {
        const first = r.rules[0] as { id: string; severity: string };
        first.severity = first.severity === 'error' ? 'warn' : 'error';
      }),
    );
    const rules = JSON.parse(readFileSync(join(app, 'design/contracts/rules.json'), 'utf8')) as { rules: { id: string; severity: string }[] };
    const { id, severity } = rules.rules[0] as { id: string; severity: string };
    const was = severity === 'error' ? 'warn' : 'error';
    const first = check(app, range);
    expect(first.code).toBe(1);
    expect(first.data.hard.map((h) => h.gate)).toEqual(['contracts']);
    expect(first.data.soft.filter((s) => s.gate === 'rule-change')).toEqual([
      { kind: 'soft', gate: 'rule-change', path: 'design/contracts/rules.json', reason: `rule ${id}: severity "${was}" → "${severity}"`, needs: 'approval', blocking: true, detail: { rule: id, field: 'severity', change: 'changed' } },
    ]);
    expect(dsctl(['gate', 'check', '--range', range], app).stdout).toContain(`  error  rule ${id}: severity "${was}" → "${severity}"  soft-gate/rule-change\n         → a person must decide\n`);

    softGates(app, without('rule-change'));
    const after = check(app, range);
    expect(after.data.soft).toEqual([]);
    expect(after.data.hard.map((h) => h.gate)).toEqual(['contracts']);
  });

  it('brand-approval: a UI change is flagged for a person without blocking, unless the policy makes it block', () => {
    const { app, range } = committed((a) => writeFileSync(join(a, 'examples/new.html'), '<p class="text-fg">x</p>\n'));
    const passed = dsctl(['gate', 'check', '--range', range], app);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toBe('examples/new.html\n  info   a UI file is added: visual judgment (hierarchy, warmth, product fit) needs a person  soft-gate/brand-approval\n         → for a person to review; does not block\n\n1 note(s) for a person to review\n');
    expect(passed.stderr).toContain('no gate blocks; 1 soft-gate flag(s) for a person to review');
    expect(dsctl(['gate', 'check', '--range', range, '--format', 'github'], app).stdout).toMatch(/^::notice file=examples\/new\.html,title=soft-gate\/brand-approval::/);

    softGates(app, (entries) => entries.map((e) => (e.id === 'brand-approval' ? { ...e, options: { blocking: true } } : e)));
    const blocked = check(app, range);
    expect(blocked).toMatchObject({ code: 1, data: { soft: [{ gate: 'brand-approval', needs: 'human', blocking: true }] } });
    expect(blocked.data.escalation?.evidence).toEqual([expect.stringContaining('(soft gate "brand-approval", needs: human)')]);
    expect(dsctl(['gate', 'check', '--range', range], app).stdout).toContain('→ a person must judge it');
  });

  it('mcp-public-contract: without a contract file it says it did not run; with one it compares it', () => {
    const golden = readFileSync(new URL('../golden/mcp-contract.json', import.meta.url), 'utf8');
    const { app, range } = committed(
      (a) => writeFileSync(join(a, 'test/golden/mcp-contract.json'), golden.replace('"check_html"', '"check_markup"')),
      (a) => {
        mkdirSync(join(a, 'test/golden'), { recursive: true });
        writeFileSync(join(a, 'test/golden/mcp-contract.json'), golden);
      },
    );
    const unset = check(app, range);
    expect(unset.data.skipped).toEqual([{ gate: 'mcp-public-contract', reason: expect.stringContaining('set options.contract') }]);
    expect(dsctl(['gate', 'check', '--range', range], app).stderr).toContain('- soft gate mcp-public-contract did not run: no golden contract file is named');

    softGates(app, (entries) => entries.map((e) => (e.id === 'mcp-public-contract' ? { ...e, options: { contract: 'test/golden/mcp-contract.json' } } : e)));
    const set = check(app, range);
    expect(set.code).toBe(1);
    expect(set.data.skipped).toEqual([]);
    expect(flagsOf(set.data, 'mcp-public-contract')).toEqual(['test/golden/mcp-contract.json: tool check_html is removed', 'test/golden/mcp-contract.json: tool check_markup is added']);
  });

  it('a mistyped id or a bad option is a located policy error (exit 2)', () => {
    const { app, range } = committed((a) => rmSync(join(a, 'examples/clean.html')));
    softGates(app, (entries) => entries.map((e) => (e.id === 'release' ? { ...e, id: 'relase' } : e)));
    expect(dsctl(['gate', 'check', '--range', range], app)).toMatchObject({ code: 2, stderr: expect.stringMatching(/design\/policy\.json:\d+:\d+ {2}unknown soft gate "relase": did you mean "release"\?/) });
    softGates(app, (entries) => entries.map((e) => (e.id === 'relase' ? { ...e, id: 'release', options: { files: 'CHANGELOG.md' } } : e)));
    expect(dsctl(['gate', 'check', '--range', range], app)).toMatchObject({ code: 2, stderr: expect.stringMatching(/design\/policy\.json:\d+:\d+  expected array at \/softGates\/\d+\/options\/files/) });
  });
});
