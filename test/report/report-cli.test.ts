import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl, dsctlAsync } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { tempDir } from '../support/temp-dir.js';
import { waitFor } from '../support/wait.js';
import { ageBetween } from '../../src/report/shared.js';
import { writeReportFixture } from './fixture.js';

const json = (stdout: string) => JSON.parse(stdout) as { type: string; ok: boolean; data: Record<string, any>; error?: Record<string, any> };

describe('dsctl report', () => {
  it('writes one self-contained page for an empty starter that says what is not there yet, the same bytes each time', () => {
    const { app } = starterRepo();
    const first = dsctl(['report'], app);
    expect(first.code, first.stderr).toBe(0);
    const file = join(app, '.dsctl/report/index.html');
    expect(first.stdout.trim()).toBe(file);
    expect(first.stderr).toContain('not there yet: runs, component runs, benchmarks');
    const html = readFileSync(file, 'utf8');
    // Nothing is fetched: no external script, style sheet, image or font (the browser test watches the requests too).
    const markup = html.replace(/(<script[^>]*>)[\s\S]*?<\/script>/g, '$1</script>');
    expect(markup).not.toMatch(/\ssrc=|<link|<img|@import|url\(/i);
    expect(markup.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('No runs recorded yet in .dsctl/runs.jsonl');
    expect(html).toContain('No component loop runs yet');
    expect(html).toContain('No benchmark runs yet');
    const again = dsctl(['report'], app);
    expect(again.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(html);
  });

  it('--format json prints the same data in the envelope, and writes nothing', () => {
    const { app } = starterRepo();
    const run = dsctl(['report', '--format', 'json'], app);
    expect(run.code, run.stderr).toBe(0);
    const env = json(run.stdout);
    expect(env).toMatchObject({ type: 'dsctl/report', ok: true });
    expect(env.data.schema).toBe('dsctl.report/v1');
    expect(env.data.runs.missing).toMatch(/^No runs recorded yet/);
    expect(env.data.components.missing).toMatch(/^No component loop runs yet/);
    expect(env.data.benchmarks.missing).toMatch(/^No benchmark runs yet/);
    expect(env.data.governance.audit).toMatchObject({ ok: true, records: 0 });
    expect(env.data.governance.gates.length).toBeGreaterThan(0);
    expect(env.data.lint.baselineNow).toBeGreaterThan(0);
    expect(existsSync(join(app, '.dsctl/report'))).toBe(false);
    // --json is the same envelope.
    expect(json(dsctl(['report', '--json'], app).stdout).data).toEqual(env.data);
  });

  it('reports runs, escalations, gates, the ledger, benchmarks and the baseline history of a used project', async () => {
    const { app, git } = starterRepo();
    const baseline = JSON.parse(readFileSync(join(app, '.design-baseline.json'), 'utf8')) as { entries: unknown[] };
    const before = baseline.entries.length;
    writeFileSync(join(app, '.design-baseline.json'), `${JSON.stringify({ version: 1, entries: baseline.entries.slice(0, 5) }, null, 2)}\n`);
    git('commit', '-qam', 'pay back lint debt');
    const { runs } = writeReportFixture(app, { runs: 300, ledgerRuns: 30 });
    const run = await dsctlAsync(['report', '--format', 'json'], app);
    expect(run.code, run.stderr).toBe(0);
    const d = json(run.stdout).data;
    expect(d.runs.total).toBe(runs.length + 2);
    expect(d.runs.buckets.reduce((s: number, b: { passed: number; escalated: number; failed: number }) => s + b.passed + b.escalated + b.failed, 0)).toBe(runs.length + 2);
    expect(d.governance.audit).toMatchObject({ ok: true, records: runs.length + 2 });
    expect(d.governance.escalations.open.map((e: { id: string; severity: string }) => [e.id, e.severity])).toEqual([
      ['20261122T010000Z-ui-self-repair-gate', 'blocking'],
      ['claude-session-abc', 'error'],
    ]);
    // Ages are measured to the newest time in the data, not to the clock: the page is deterministic.
    expect(d.asOf >= runs.at(-1)!.ended_at.replace('Z', '.000Z')).toBe(true);
    expect(d.governance.escalations.open[1].age).toBe(ageBetween(d.governance.escalations.open[1].raisedAt, d.asOf));
    expect(d.governance.gateFailures[0]).toMatchObject({ run_id: '20261122T010000Z-ui-self-repair-gate', gates: ['ssot-contracts'] });
    expect(d.components.total.runs).toBe(30);
    expect(d.benchmarks.series.map((s: { protocolId: string }) => s.protocolId)).toEqual(['w3-2026.1', 'w3-2026.2']);
    expect(d.benchmarks.scripted).toHaveLength(1);
    expect(d.lint.baselineHistory.map((p: { entries: number }) => p.entries)).toEqual([before, 5]);
    expect(d.lint.baselineNow).toBe(5);
    // The same inputs give the same page, byte for byte.
    const pages = [await dsctlAsync(['report'], app), await dsctlAsync(['report'], app)].map((r) => {
      expect(r.code, r.stderr).toBe(0);
      return readFileSync(r.stdout.trim(), 'utf8');
    });
    expect(pages[1]).toBe(pages[0]);
  }, 60_000);

  it('--out DIR writes DIR/index.html; --open hands the file to $BROWSER', async () => {
    const { app } = starterRepo();
    const bin = tempDir();
    const opened = join(bin, 'opened.txt');
    const browser = join(bin, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(browser, 0o755);
    const out = join(bin, 'site');
    const run = dsctl(['report', '--out', out, '--open'], app, { BROWSER: browser });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(await waitFor(() => (existsSync(opened) ? readFileSync(opened, 'utf8') || undefined : undefined))).toBe(join(out, 'index.html'));
  });

  it.each([
    { name: 'an unknown format', args: ['report', '--format', 'xml'], code: 'usage/format', message: /--format must be html or json, got "xml"/ },
    { name: '--out with --format json', args: ['report', '--format', 'json', '--out', 'x'], code: 'usage/report-json', message: /--out and --open are for the HTML page/ },
  ])('bad usage → exit 2: $name', ({ args, code, message }) => {
    const { app } = starterRepo();
    const run = dsctl([...args, '--json'], app);
    expect(run.code).toBe(2);
    const env = json(run.stdout);
    expect(env.ok).toBe(false);
    expect(env.error?.code).toBe(code);
    expect(env.error?.message).toMatch(message);
    expect(run.stderr).not.toMatch(/\bat .+\.js:\d+/);
  });

  it('has --help, and needs a project', () => {
    const help = dsctl(['report', '--help'], tempDir());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: dsctl report');
    expect(help.stdout).toContain('--format <format>');
    const none = dsctl(['report', '--json'], tempDir());
    expect(none.code).toBe(2);
    expect(json(none.stdout).error?.code).toMatch(/^config\//);
  });

  it.each([
    { name: 'a benchmark history that is not valid', file: 'design/benchmarks/history.json', text: '{"schema": "dsctl.bench-history/v1", "entries": [{"protocolId": 3}]}', code: 'report/bench-history-invalid' },
    { name: 'a run ledger that is not JSON', file: 'design/run-ledger.json', text: '{"version": 1, "entries": [', code: undefined },
  ])('bad input → exit 2 naming the file: $name', ({ file, text, code }) => {
    const { app } = starterRepo();
    mkdirSync(dirname(join(app, file)), { recursive: true });
    writeFileSync(join(app, file), text);
    const run = dsctl(['report'], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(file);
    if (code) expect(run.stderr).toContain(code);
    expect(run.stderr).not.toMatch(/internal error|\bat .+\.js:\d+/);
    expect(existsSync(join(app, '.dsctl/report/index.html'))).toBe(false);
  });
});
