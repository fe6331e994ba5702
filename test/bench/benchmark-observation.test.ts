import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { editJson, starterProject } from '../support/project.js';
import { editAnswers, installSpec } from './helpers.js';

interface RunEnvelope {
  ok: boolean;
  data: { status: string; summary: string; escalation: { stuck_reason: string; severity: string; evidence: string[]; human_question: string } | null; result: { dir: string; protocolId: string; comparedWith: string | null; regressions?: { condition: string }[]; protocolChanges?: string[] } };
}

const observe = (app: string) => {
  const run = dsctl(['run', 'benchmark-observation', '--json'], app);
  return { code: run.code, stderr: run.stderr, envelope: JSON.parse(run.stdout) as RunEnvelope };
};

const BAD_BADGE = '```html\n<span class="bg-[#ffcc00] px-[3px]" style="color:red">Needs review</span>\n```';

describe('dsctl run benchmark-observation (W3)', () => {
  it('passes on the first report and on an equal one, escalates a drop beyond the CI, starts a new series on a new protocol', () => {
    const app = starterProject();
    installSpec(app);

    const first = observe(app);
    expect(first.code, first.stderr).toBe(0);
    expect(first.envelope.data.status).toBe('passed');
    expect(first.envelope.data.summary).toMatch(/scripted — not evidence.*the first report of this protocol/);
    expect(first.envelope.data.result.comparedWith).toBeNull();

    const same = observe(app);
    expect(same.code, same.stderr).toBe(0);
    expect(same.envelope.data.summary).toContain(`no condition fell below ${first.envelope.data.result.dir}'s 95% interval`);
    expect(same.envelope.data.result.comparedWith).toBe(first.envelope.data.result.dir);

    // A scripted regression: the contracts condition answers the badge badly (same protocol: answers are not part of it).
    editAnswers(app, (a) => (a['contracts/badge'] = BAD_BADGE));
    const worse = observe(app);
    expect(worse.code).toBe(1);
    const { data } = worse.envelope;
    expect(data.status).toBe('escalated');
    expect(data.result.protocolId).toBe(first.envelope.data.result.protocolId);
    expect(data.result.comparedWith).toBe(same.envelope.data.result.dir);
    expect(data.result.regressions?.map((r) => r.condition)).toEqual(['contracts']);
    expect(data.escalation?.stuck_reason).toMatch(/benchmark regression beyond the earlier run's 95% interval: contracts 1\.000 → 0\.\d+ \(earlier 95% CI \[1\.000, 1\.000\]\)/);
    expect(data.escalation?.severity).toBe('warn');
    const evidence = data.escalation?.evidence.join('\n') ?? '';
    expect(evidence).toContain('changed prompts or scoring code: none');
    expect(evidence).toMatch(/contracts: tasks that fell most: badge \(-0\.\d+\)/);
    expect(evidence).toContain(`where to look: ${data.result.dir}/report.md`);
    expect(data.escalation?.human_question).toContain('contracts');
    const runId = (JSON.parse(dsctl(['audit', 'tail', '-n', '1', '--json'], app).stdout) as { data: { records: { run_id: string; status: string }[] } }).data.records[0];
    expect(runId?.status).toBe('escalated');
    expect(existsSync(join(app, `.dsctl/escalations/${runId?.run_id}.json`))).toBe(true);

    // A changed prompt is a new protocol: nothing to compare, and the report says what changed.
    installSpec(app, (spec) => ((spec.tasks as { prompt: string }[])[1]!.prompt = 'Save and Cancel buttons.'));
    editAnswers(app, (a) => (a['contracts/badge'] = BAD_BADGE));
    const renewed = observe(app);
    expect(renewed.code, renewed.stderr).toBe(0);
    expect(renewed.envelope.data.result.protocolId).not.toBe(first.envelope.data.result.protocolId);
    expect(renewed.envelope.data.summary).toMatch(/the protocol changed since .*a new series starts, nothing compared/);
    expect(renewed.envelope.data.result.protocolChanges).toEqual(['the prompts or their patterns']);
    // Scripted runs never enter the history.
    expect(existsSync(join(app, 'design/benchmarks/history.json'))).toBe(false);
  }, 120_000);

  it('runs the spec named by the policy; a missing spec is a usage error before any run', () => {
    const app = starterProject();
    const missing = dsctl(['run', 'W3'], app);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("W3 runs the project's benchmark spec design/benchmarks/benchmark.json, which does not exist");
    expect(existsSync(join(app, '.dsctl/runs.jsonl'))).toBe(false);
    installSpec(app);
    editJson(app, 'design/policy.json', (p) => (p.benchmark = { spec: 'design/benchmarks/nope.json' }));
    const named = dsctl(['run', 'benchmark-observation'], app);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('design/benchmarks/nope.json, which does not exist');
    editJson(app, 'design/policy.json', (p) => (p.benchmark = { spec: 'design/benchmarks/benchmark.json' }));
    const ok = dsctl(['run', 'benchmark-observation'], app);
    expect(ok.code, ok.stderr).toBe(0);
    const workflows = JSON.parse(dsctl(['workflows', '--json'], app).stdout) as { data: { workflows: { id: string; available: boolean }[] } };
    expect(workflows.data.workflows.find((w) => w.id === 'W3')?.available).toBe(true);
    expect(dsctl(['build'], app).code).toBe(0);
    expect(readFileSync(join(app, 'docs/loop-playbook.md'), 'utf8')).toContain('| W3 | `benchmark-observation` | Level 3 observation cron |');
    expect(readFileSync(join(app, 'docs/loop-playbook.md'), 'utf8')).not.toMatch(/W3.*not yet available/);
  }, 60_000);
});
