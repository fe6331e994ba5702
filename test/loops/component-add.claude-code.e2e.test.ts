import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE, CLAUDE_TEST_MODEL, claudeEnv } from '../support/claude-code.js';
import { dsctlAsync } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';
import { startScriptedModel, type ScriptedModel } from '../support/scripted-model.js';
import { tempDir } from '../support/temp-dir.js';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const BAD = 'export const Badg = () => null;\n';
const GOOD = 'export function Badge({ children }: { children: string }) {\n  return <span className="badge inline-flex rounded-full bg-bg-subtle text-fg-muted px-2 py-1 text-xs">{children}</span>;\n}\n';
const REVIEW = { component: 'Badge', reviewedAt: '2026-12-01T10:00:00Z', path: 'full', lint: [], codeReview: [{ severity: 'low', file: 'src/components/Badge/index.tsx', issue: 'no className passthrough', fix: 'accept className' }], a11y: [], verdict: 'clean' };

describe('W6 component-add with the real Claude Code CLI driver (scripted model)', () => {
  it('component add Badge --eval: the author scaffolds, the gate bounces the first draft back into the same session, the read-only reviewer answers through StructuredOutput', async () => {
    const { app, git } = starterRepo('dsctl-w6-claude-');
    editJson(app, 'dsctl.config.json', (config) => {
      config.agent = { driver: 'claude-code', claudeCode: { command: CLAUDE, model: CLAUDE_TEST_MODEL } };
    });
    editJson(app, 'design/policy.json', (policy) => {
      policy.componentGate = { commands: ['test -f src/components/Badge/index.tsx', "grep -q 'export function Badge' src/components/Badge/index.tsx"], maxRuns: 2 };
    });
    git('commit', '-qam', 'claude-code driver, a plain gate');
    const head = git('rev-parse', 'HEAD');
    const target = join(app, 'src/components/Badge/index.tsx');
    let wroteBad = false;
    model = await startScriptedModel((request) => {
      const prompt = request.lastUserText();
      const last = request.lastToolResults()[0];
      if (prompt.includes('Write the Badge component.')) return { toolUse: [{ name: 'Read', input: { file_path: target } }] };
      if (prompt.includes('The gate failed')) return { toolUse: [{ name: 'Write', input: { file_path: target, content: GOOD } }] };
      if (prompt.includes('Review the new Badge component')) return { toolUse: [{ name: 'StructuredOutput', input: REVIEW }] };
      if (last && !last.isError && !wroteBad && last.content.includes('Badge')) {
        wroteBad = true;
        return { toolUse: [{ name: 'Write', input: { file_path: target, content: BAD } }] };
      }
      return { text: 'done' };
    });

    const env = claudeEnv(model, tempDir('dsctl-claude-home-'));
    const run = await dsctlAsync(['component', 'add', 'Badge', '--eval', '--json'], app, { ...env, CI: '' }, 150_000);
    expect(model.requests.filter((r) => r.error !== undefined).map((r) => r.error)).toEqual([]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { status: string; result: Record<string, unknown>; record: { agent: { driver: string; cost_usd: number }; commands: string[]; sandbox: string } } };
    expect(data.status).toBe('passed');
    expect(data.result).toMatchObject({ component: 'Badge', path: 'full', outcome: 'clean', gateRuns: 2, agents: ['author', 'reviewer'] });
    expect(data.record).toMatchObject({ agent: { driver: 'claude-code' }, sandbox: 'bubblewrap' });
    expect(data.record.agent.cost_usd).toBeGreaterThan(0);
    expect(readFileSync(target, 'utf8')).toBe(GOOD);

    // The gate's error went back to the author's own session; the reviewer started fresh, with read tools only.
    const turns = model.scriptTurns();
    const fix = turns.find((t) => t.lastUserText().includes('The gate failed'));
    expect(fix?.lastUserText()).toContain("`grep -q 'export function Badge' src/components/Badge/index.tsx` exited 1");
    expect(JSON.stringify(fix?.messages)).toContain('Write the Badge component.');
    const review = turns.find((t) => t.lastUserText().includes('Review the new Badge component'));
    expect(JSON.stringify(review?.messages)).not.toContain('Write the Badge component.');
    // Read tools only (dsctl's MCP tools read the contracts and run the checker; none writes).
    expect(review?.toolNames()).toEqual(expect.arrayContaining(['Read', 'Grep', 'Glob', 'StructuredOutput', 'mcp__dsctl__check_html']));
    expect(review?.toolNames().filter((t) => ['Write', 'Edit', 'MultiEdit', 'Bash', 'NotebookEdit'].includes(t))).toEqual([]);

    const [ran, ...more] = JSON.parse(readFileSync(join(app, '.dsctl/handoff/Badge.run.json'), 'utf8')) as Record<string, unknown>[];
    expect(more).toEqual([]);
    expect(ran).toMatchObject({ component: 'Badge', path: 'full', risk: 'display', outcome: 'clean', agents: 2, visualReview: 'skipped-eval', gate: { passes: 1, failures: 1 } });
    expect(ran?.reviewerFindings).toEqual(['low: src/components/Badge/index.tsx: no className passthrough']);
    expect(JSON.parse(readFileSync(join(app, '.dsctl/handoff/Badge.review.json'), 'utf8'))).toMatchObject({ component: 'Badge', path: 'full', verdict: 'clean' });
    expect(git('rev-parse', 'HEAD')).toBe(head);
  }, 180_000);
});
