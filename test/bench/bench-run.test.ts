import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterProject } from '../support/project.js';
import { comparable, editAnswers, installSpec, runDirs, summaryOf, trialsOf } from './helpers.js';

const CONDITIONS = ['cold', 'designmd', 'contracts', 'mcp-raw', 'full', 'mcp-only'];

beforeAll(() => {
  if (!existsSync(new URL('../../dist/dsctl.js', import.meta.url))) throw new Error('run npm run build first');
});

describe('dsctl bench run (scripted provider)', () => {
  it('runs all six conditions × 3 trials: trials, provenance with the protocol id, a stamped report, no history', () => {
    const app = starterProject();
    installSpec(app);
    const run = dsctl(['bench', 'run', '--json'], app);
    expect(run.code, run.stderr).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { dir: string; protocolId: string; status: string; historyWritten: boolean } };
    expect(data.status).toBe('complete');
    expect(data.dir).toMatch(/^\.dsctl\/bench\/\d{8}T\d{6}Z$/);
    const dir = join(app, data.dir);
    for (const f of ['trials.jsonl', 'provenance.json', 'report.md', 'summary.json']) expect(existsSync(join(dir, f)), f).toBe(true);
    const trials = trialsOf(dir);
    expect(trials).toHaveLength(2 * 6 * 3);
    expect([...new Set(trials.map((t) => t.condition))]).toEqual(CONDITIONS);
    const provenance = JSON.parse(readFileSync(join(dir, 'provenance.json'), 'utf8')) as { protocolId: string; protocol: { conditions: Record<string, string>; scorer: string } };
    expect(provenance.protocolId).toBe(data.protocolId);
    expect(provenance.protocolId).toMatch(/^bp-[0-9a-f]{16}$/);
    expect(Object.keys(provenance.protocol.conditions)).toEqual(CONDITIONS);
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain('scripted — not evidence');
    expect(report).toContain(data.protocolId);
    for (const c of CONDITIONS) expect(report).toContain(`| ${c} |`);
    const summary = summaryOf(dir);
    expect(summary.scripted).toBe(true);
    expect(summary.protocolId).toBe(data.protocolId);
    // Refusals and provider errors are counted apart, never scored as 0.
    const mcpOnly = summary.conditions.find((c) => c.condition === 'mcp-only');
    expect(mcpOnly).toMatchObject({ trials: 6, refusals: 3, providerErrors: 1, mean: 1 });
    const contracts = summary.conditions.find((c) => c.condition === 'contracts');
    expect(contracts).toMatchObject({ mean: 1, sd: 0, ci95: [1, 1], passRate: 1, passAtK: 1, passHatK: 1 });
    const cold = summary.conditions.find((c) => c.condition === 'cold');
    expect(cold?.passRate).toBeCloseTo(2 / 6, 6);
    expect(cold?.passHatK).toBe(0);
    expect(cold?.passAtK).toBe(1);
    // mcp-only scored no badge trial: its prompt set differs from cold's, so no lift is shown.
    expect(summary.lifts.map((l) => l.condition)).toEqual(['designmd', 'contracts', 'mcp-raw', 'full']);
    expect(summary.liftsNotShown?.[0]).toMatchObject({ condition: 'mcp-only', reason: expect.stringContaining('different prompt sets') });
    expect(existsSync(join(app, 'design/benchmarks/history.json'))).toBe(false);
  }, 60_000);

  it('shards 1/2 and 2/2 merged equal the unsharded run', () => {
    const app = starterProject();
    installSpec(app);
    const whole = dsctl(['bench', 'run', '--json'], app);
    const one = dsctl(['bench', 'run', '--shard', '1/2', '--json'], app);
    const two = dsctl(['bench', 'run', '--shard', '2/2', '--json'], app);
    for (const r of [whole, one, two]) expect(r.code, r.stderr).toBe(0);
    const dirOf = (r: { stdout: string }) => (JSON.parse(r.stdout) as { data: { dir: string } }).data.dir;
    const shardTrials = [trialsOf(join(app, dirOf(one))), trialsOf(join(app, dirOf(two)))];
    expect(shardTrials[0]!.length + shardTrials[1]!.length).toBe(36);
    expect(shardTrials[0]!.some((t) => shardTrials[1]!.some((u) => u.key === t.key))).toBe(false);
    const merged = dsctl(['bench', 'merge', dirOf(two), dirOf(one), '--json'], app);
    expect(merged.code, merged.stderr).toBe(0);
    const mergedDir = join(app, dirOf(merged));
    expect(comparable(summaryOf(mergedDir))).toEqual(comparable(summaryOf(join(app, dirOf(whole)))));
    const strip = (ts: ReturnType<typeof trialsOf>) => ts.map(({ durationMs: _d, ...t }) => t);
    expect(strip(trialsOf(mergedDir))).toEqual(strip(trialsOf(join(app, dirOf(whole)))));
    // One shard alone is not a matrix; a shard of another protocol is refused.
    const alone = dsctl(['bench', 'merge', dirOf(one)], app);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/exactly 1\/2 … 2\/2/);
    installSpec(app, (spec) => ((spec.tasks as { prompt: string }[])[0]!.prompt = 'A different badge.'));
    const other = dsctl(['bench', 'run', '--shard', '2/2', '--json'], app);
    const mixed = dsctl(['bench', 'merge', dirOf(one), dirOf(other)], app);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/refusing to merge runs of different protocols/);
  }, 90_000);

  it('a rate limit writes an incomplete marker and exits 2; --resume finishes under the same protocol', () => {
    const app = starterProject();
    installSpec(app);
    editAnswers(app, (a) => (a['full/actions'] = [{ text: '' }, { rateLimit: true }]));
    const first = dsctl(['bench', 'run'], app);
    expect(first.code, first.stderr).toBe(2);
    const dir = first.stdout.trim();
    expect(first.stderr).toContain(`dsctl bench run --resume ${dir}`);
    const marker = JSON.parse(readFileSync(join(app, dir, 'incomplete'), 'utf8')) as { reason: string; done: number; remaining: number };
    expect(marker.reason).toMatch(/rate or usage limit at full\/actions\/1/);
    expect(marker.done + marker.remaining).toBe(36);
    expect(existsSync(join(app, dir, 'summary.json'))).toBe(false);
    const kept = trialsOf(join(app, dir)).length;
    expect(kept).toBe(marker.done);
    // The limit is gone (answers are the model, not the protocol): the run continues where it stopped.
    editAnswers(app, (a) => delete a['full/actions']);
    const resumed = dsctl(['bench', 'run', '--resume', dir, '--json'], app);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(existsSync(join(app, dir, 'incomplete'))).toBe(false);
    const trials = trialsOf(join(app, dir));
    expect(trials).toHaveLength(36);
    expect(new Set(trials.map((t) => t.key)).size).toBe(36);
    expect(runDirs(app)).toHaveLength(1);
    // A spec changed under an incomplete run cannot be resumed into it.
    editAnswers(app, (a) => (a['cold/badge'] = { rateLimit: true }));
    const second = dsctl(['bench', 'run'], app);
    expect(second.code).toBe(2);
    installSpec(app, (spec) => (spec.trials = 3) && ((spec.tasks as { required: string[] }[])[1]!.required = ['<button']));
    const refused = dsctl(['bench', 'run', '--resume', second.stdout.trim()], app);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cannot resume .*its protocol was bp-[0-9a-f]+, and is bp-[0-9a-f]+ now/);
    expect(refused.stderr).toContain('changed: the prompts or their patterns');
  }, 90_000);

  it('comparing runs of different protocol ids is refused with what changed', () => {
    const app = starterProject();
    installSpec(app);
    const a = dsctl(['bench', 'run', '--json'], app);
    installSpec(app, (spec) => (spec.conditions = ['cold', 'full']));
    const b = dsctl(['bench', 'run', '--json'], app);
    const dirOf = (r: { stdout: string }) => (JSON.parse(r.stdout) as { data: { dir: string } }).data.dir;
    const refused = dsctl(['bench', 'report', dirOf(b), '--against', dirOf(a)], app);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refusing to compare runs of different protocols/);
    expect(refused.stderr).toContain('condition designmd removed');
    const c = dsctl(['bench', 'run', '--json'], app);
    const same = dsctl(['bench', 'report', dirOf(c), '--against', dirOf(b)], app);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/= full: /);
  }, 90_000);

  it('a bad spec is a located usage error', () => {
    const app = starterProject();
    installSpec(app, (spec) => (spec.conditions = ['cold', 'warm']));
    const run = dsctl(['bench', 'run'], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/design\/benchmarks\/benchmark\.json:\d+:\d+/);
    expect(run.stderr).not.toMatch(/\n\s+at \S+ \(/);
    const shard = dsctl(['bench', 'run', '--shard', '3/2'], app);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toMatch(/--shard must be k\/n/);
    installSpec(app, (spec) => (spec.scripted = { answers: 'missing.json' }));
    const answers = dsctl(['bench', 'run'], app);
    expect(answers.code).toBe(2);
    expect(answers.stderr).toMatch(/missing\.json/);
    // Nothing ran, so no run folder was left behind.
    expect(existsSync(join(app, '.dsctl/bench'))).toBe(false);
  }, 30_000);
});
