import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderWorkflow } from '../../src/adopt/ci-workflow.js';

const TEMPLATE = readFileSync(new URL('../../templates/starter/.github/workflows/design-check.yml', import.meta.url), 'utf8');

interface Job {
  if?: string;
  needs?: string;
  strategy?: { matrix: { shard: number[] } };
  steps: { name?: string; run?: string; uses?: string; with?: Record<string, unknown> }[];
}

describe("the starter workflow's scheduled W3 jobs", () => {
  const workflow = parse(TEMPLATE) as { on: Record<string, unknown>; jobs: Record<string, Job> };

  it('runs the benchmark weekly over a matrix of shards, then merges and compares them', () => {
    expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\S+ \S+ \* \* \d$/) }]);
    const bench = workflow.jobs.benchmark as Job;
    const shards = bench.strategy?.matrix.shard ?? [];
    expect(shards.length).toBeGreaterThan(1);
    const run = bench.steps.find((s) => s.run?.includes('bench run'))?.run ?? '';
    expect(run).toBe(`.dsctl/bin/dsctl bench run --shard \${{ matrix.shard }}/${shards.length}`);
    expect(bench.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))?.with).toMatchObject({ path: '.dsctl/bench/', 'include-hidden-files': true });
    const report = workflow.jobs['benchmark-report'] as Job;
    expect(report.needs).toBe('benchmark');
    const merge = report.steps.find((s) => s.run?.includes('bench merge'))?.run ?? '';
    expect(merge).toContain('.dsctl/bin/dsctl bench merge shards/bench-shard-*/*/');
    expect(merge).toContain('--against last');
    for (const job of [bench, report]) expect(job.if).toBe("(github.event_name == 'schedule' || github.event_name == 'workflow_dispatch') && vars.DSCTL_BENCHMARK == 'true'");
    // The design check needs a commit range, which a scheduled run has not.
    expect(workflow.jobs['design-check']?.if).toBe("github.event_name == 'pull_request' || github.event_name == 'push'");
  });

  it('adapts the install step of every job to the package manager', () => {
    const out = parse(renderWorkflow(TEMPLATE, { name: 'pnpm', lockfile: 'pnpm-lock.yaml', version: undefined, from: 'lockfile', yarnBerry: false })) as { jobs: Record<string, Job> };
    for (const [name, job] of Object.entries(out.jobs)) {
      const installs = job.steps.filter((s) => s.name === 'Install').map((s) => s.run);
      expect(installs, name).toEqual(['pnpm install --frozen-lockfile']);
    }
  });
});
