import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';

const BADGE = 'export function Badge({ children }: { children: string }) {\n  return <span className="badge">{children}</span>;\n}\n';
const review = { component: 'Badge', reviewedAt: '2026-12-01T10:00:00Z', path: 'full', lint: [], codeReview: [], a11y: [], verdict: 'clean' };

function app(): { app: string; git: (...a: string[]) => string } {
  const repo = starterRepo('dsctl-component-cli-');
  editJson(repo.app, 'design/policy.json', (p) => {
    p.componentGate = ["grep -q 'export function Badge' src/components/Badge/index.tsx"];
  });
  repo.git('commit', '-qam', 'a plain gate');
  return repo;
}

describe('dsctl component sense / add (built CLI)', () => {
  it('sense prints the snapshot path; --json carries the snapshot', () => {
    const { app: dir } = app();
    const run = dsctl(['component', 'sense', 'Badge'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('.dsctl/handoff/Badge.snapshot.json\n');
    expect(run.stderr).toContain('Badge: contract design/contracts/components/badge.contract.json, display');
    expect(existsSync(join(dir, '.dsctl/handoff/Badge.snapshot.json'))).toBe(true);
    const json = dsctl(['component', 'sense', 'tabs', '--json'], dir);
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'dsctl/component-sense', ok: true, data: { file: '.dsctl/handoff/Tabs.snapshot.json', snapshot: { component: 'Tabs', risk: { risk: 'interactive' } } } });
  });

  it('sense on a bad memory file exits 2 naming the file and line', () => {
    const { app: dir } = app();
    editJson(dir, 'design/memory/token-usage.json', (v: Record<string, any>) => {
      v.counts['spacing.1'] = 'many';
    });
    const run = dsctl(['component', 'sense', 'Badge', '--json'], dir);
    expect(run.code).toBe(2);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; file: string; pointer: string; line: number } };
    expect(error).toMatchObject({ code: 'memory/invalid', file: 'design/memory/token-usage.json', pointer: '/counts/spacing.1' });
    expect(error.line).toBeGreaterThan(1);
  });

  it('add --eval runs scaffold, gate and the reviewer to a clean run and commits nothing; add without it pauses for a person', () => {
    const { app: dir, git } = app();
    writeFileSync(join(dir, 'script.json'), JSON.stringify({ steps: [{ write: { 'src/components/Badge/index.tsx': BADGE } }, { output: review }] }));
    const head = git('rev-parse', 'HEAD');
    const run = dsctl(['component', 'add', 'Badge', '--eval', '--agent', 'scripted', '--script', 'script.json', '--json'], dir);
    expect(run.code, run.stderr).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { status: string; result: Record<string, unknown> } };
    expect(data.status).toBe('passed');
    expect(data.result).toMatchObject({ component: 'Badge', path: 'full', outcome: 'clean', agents: ['author', 'reviewer'], eval: true });
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(JSON.parse(readFileSync(join(dir, '.dsctl/handoff/Badge.run.json'), 'utf8'))).toMatchObject([{ visualReview: 'skipped-eval', outcome: 'clean' }]);
    expect(dsctl(['ledger'], dir).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'design/run-ledger.json'), 'utf8')).entries).toHaveLength(1);

    writeFileSync(join(dir, 'script.json'), JSON.stringify({ steps: [{ write: { 'src/components/Badge/index.tsx': BADGE } }, { output: { ...review, path: 'standard' } }] }));
    const human = dsctl(['component', 'add', 'Badge', '--agent', 'scripted', '--script', 'script.json'], dir);
    expect(human.code, human.stderr).toBe(1);
    const runId = human.stdout.trim();
    expect(human.stderr).toContain('paused: waiting for a person');
    expect(human.stderr).toContain(`dsctl escalations resolve ${runId}.visual-review-1 --note "approved"`);
    const again = dsctl(['run', 'resume', runId, '--json'], dir);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: false, data: { run_id: runId, status: 'paused', escalation: { json: `.dsctl/escalations/${runId}.visual-review-1.json` } } });
    const list = dsctl(['escalations', 'list', '--json'], dir);
    expect(list.stdout).toContain(`${runId}.visual-review-1`);
  });

  it('add --eval --no-review is a usage error (exit 2)', () => {
    const { app: dir } = app();
    const run = dsctl(['component', 'add', 'Badge', '--eval', '--no-review', '--agent', 'scripted', '--script', 'none.json'], dir);
    expect(run.code).toBe(2);
  });
});
