import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentDriver, AgentTask } from '../../src/agents/driver.js';
import { createScriptedDriver } from '../../src/agents/scripted.js';
import { ScriptSchema } from '../../src/agents/scripted-script.js';
import { startRun } from '../../src/loops/runner.js';
import { componentAdd } from '../../src/loops/workflows/component-add/index.js';
import { loadProject } from '../../src/project/project.js';
import { gitIn } from '../support/git-repo.js';
import { linkDsctlModules } from '../support/linked-modules.js';
import { starterProject } from '../support/project.js';

const TABS = 'src/components/Tabs/index.tsx';
const ARROW_KEYS = 'ArrowRight: at + 1, ArrowLeft: at - 1, ';
// Still type-checks and builds; only the behaviour is gone: the arrow keys stay on the selected tab.
const STUCK_KEYS = 'ArrowRight: at, ArrowLeft: at, ';

/**
 * `component add Tabs --eval` against the starter's own componentGate (dsctl check, typecheck, build,
 * a11y coverage, a11y test), dsctl's node_modules linked in: the author's first draft has broken the arrow
 * keys, the behavioural a11y test fails, the failure goes back to the author, the second draft passes.
 */
describe('W6 on the starter with its real gate', () => {
  it('a planted a11y regression fails the gate at a11y:test and is bounced back to the author', async () => {
    const dir = starterProject();
    linkDsctlModules(dir);
    const git = gitIn(dir);
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'starter');
    const good = readFileSync(join(dir, TABS), 'utf8');
    expect(good).toContain(ARROW_KEYS);
    const tasks: AgentTask[] = [];
    const review = { component: 'Tabs', reviewedAt: '2026-12-01T10:00:00Z', path: 'full', lint: [], codeReview: [], a11y: [], verdict: 'clean' };
    const inner = createScriptedDriver(ScriptSchema.parse({ steps: [{ write: { [TABS]: good.replace(ARROW_KEYS, STUCK_KEYS) } }, { write: { [TABS]: good } }, { output: review }] }));
    const driver: AgentDriver = { id: 'scripted', run: (task) => (tasks.push(task), inner.run(task)) };

    const report = await startRun(loadProject({ cwd: dir }), componentAdd, { cwd: dir, name: 'Tabs', eval: 'true' }, { driver, agent: { driver: 'scripted' } });
    expect(report.status, `${report.summary}\n${report.escalation?.evidence.join('\n') ?? ''}\n${readFileSync(join(dir, '.dsctl/handoff/Tabs.run.json'), 'utf8')}`).toBe('passed');
    expect(report.record.commands).toEqual([
      'dsctl component sense Tabs',
      ...['design:check', 'typecheck', 'build', 'a11y:coverage', 'a11y:test'].map((s) => `npm run ${s}`),
      ...['design:check', 'typecheck', 'build', 'a11y:coverage', 'a11y:test'].map((s) => `npm run ${s}`),
    ]);
    expect(tasks[1]?.prompt).toMatch(/^The gate failed \(run 1 of at most 5\): `npm run a11y:test` exited 1\./);
    expect(tasks[1]?.prompt).toContain('Tabs.a11y.test.tsx');
    const [ran] = JSON.parse(readFileSync(join(dir, '.dsctl/handoff/Tabs.run.json'), 'utf8')) as { gate: { passes: number; failures: number; reasons: string[] }; outcome: string }[];
    expect(ran).toMatchObject({ outcome: 'clean', gate: { passes: 1, failures: 1 } });
    expect(ran?.gate.reasons[0]).toMatch(/^`npm run a11y:test` exited 1/);
  }, 600_000);
});
