import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { editJson } from '../support/project.js';
import { pathWithout } from '../support/path-without.js';
import { tempDir } from '../support/temp-dir.js';

function initStarter(): string {
  const dir = tempDir();
  const run = dsctl(['init', 'app'], dir);
  expect(run.code, run.stderr).toBe(0);
  return join(dir, 'app');
}

describe('dsctl init + check (built binary)', () => {
  it('writes the starter and checks it clean', () => {
    const dir = tempDir();
    const init = dsctl(['init', 'app'], dir);
    expect(init.code).toBe(0);
    expect(init.stderr).toContain('wrote the Tessera starter design system to app');
    const app = join(dir, 'app');
    for (const file of ['dsctl.config.json', 'design/contracts/tokens.json', 'design/contracts/rules.json', 'design/policy.json', 'design/schemas/rules.schema.json', 'DESIGN.md', 'AGENTS.md', 'docs/loop-playbook.md', 'design/authority.md', '.gitignore', '.mcp.json', '.cursor/mcp.json']) {
      expect(existsSync(join(app, file)), file).toBe(true);
    }
    expect(readFileSync(join(app, '.gitignore'), 'utf8')).toContain('.dsctl/');
    expect(readdirSync(join(app, 'design/contracts/components')).filter((f) => f.endsWith('.contract.json'))).toHaveLength(8);
    expect(readdirSync(join(app, 'examples')).filter((f) => f.endsWith('.html')).length).toBeGreaterThanOrEqual(3);

    const check = dsctl(['check'], app);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toBe('');
    expect(check.stderr).toMatch(/✔ Tessera: \d+ tokens, \d+ rules, 8 components checked, no problems/);
  });

  it('prints an ok envelope with --json, and the starter meets its size floor', () => {
    const app = initStarter();
    const run = dsctl(['check', '--json'], app);
    expect(run.code).toBe(0);
    const envelope = JSON.parse(run.stdout) as { type: string; ok: boolean; data: { errorCount: number; warnCount: number; problems: unknown[]; summary: Record<string, number> } };
    expect(envelope).toMatchObject({ type: 'dsctl/check', ok: true, data: { errorCount: 0, warnCount: 0, problems: [] } });
    expect(envelope.data.summary.tokens).toBeGreaterThanOrEqual(60);
    expect(envelope.data.summary.rules).toBeGreaterThanOrEqual(25);
    expect(envelope.data.summary.components).toBe(8);
  });

  it('fails with exit 1 naming the rule when a ReDoS pattern is added', () => {
    const app = initStarter();
    editJson<{ rules: unknown[] }>(app, 'design/contracts/rules.json', (doc) => {
      doc.rules.push({ id: 'EVIL_PATTERN', category: 'color', severity: 'error', description: 'x', detector: 'tailwind-class', pattern: '(a+)+$', automationStatus: 'auto' });
    });
    const json = dsctl(['check', '--json'], app);
    expect(json.code).toBe(1);
    const envelope = JSON.parse(json.stdout) as { ok: boolean; data: { problems: { code: string; message: string; file: string; line: number; column: number }[] } };
    expect(envelope.ok).toBe(false);
    expect(envelope.data.problems).toHaveLength(1);
    expect(envelope.data.problems[0]).toMatchObject({ code: 'rule/pattern-redos', file: 'design/contracts/rules.json', message: expect.stringContaining('EVIL_PATTERN') });
    expect(envelope.data.problems[0]?.line).toBeGreaterThan(1);

    const text = dsctl(['check'], app);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('design/contracts/rules.json');
    expect(text.stdout).toMatch(/\d+:\d+ +error +rule EVIL_PATTERN: pattern "\(a\+\)\+\$" can backtrack catastrophically/);
    expect(text.stdout).toContain('✖ 1 problem (1 error, 0 warnings)');
  });

  it('finds the config from a subfolder, and takes --config', () => {
    const app = initStarter();
    mkdirSync(join(app, 'src/deep'), { recursive: true });
    expect(dsctl(['check'], join(app, 'src/deep')).code).toBe(0);
    const outside = tempDir();
    expect(dsctl(['--config', join(app, 'dsctl.config.json'), 'check'], outside).code).toBe(0);
  });

  it('refuses to overwrite without --force, writing nothing, and overwrites with it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'DESIGN.md'), '# mine\n');
    const refused = dsctl(['init'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('1 file(s) of the starter already exist');
    expect(refused.stderr).toContain('DESIGN.md');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir)).toEqual(['DESIGN.md']);
    expect(readFileSync(join(dir, 'DESIGN.md'), 'utf8')).toBe('# mine\n');

    const forced = dsctl(['init', '--force'], dir);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('1 overwritten');
    expect(readFileSync(join(dir, 'DESIGN.md'), 'utf8')).not.toBe('# mine\n');
  });

  it('reports what init wrote as an envelope with --json', () => {
    const dir = tempDir();
    const run = dsctl(['init', '--json'], dir);
    expect(run.code).toBe(0);
    const envelope = JSON.parse(run.stdout) as { type: string; data: { written: string[] } };
    expect(envelope.type).toBe('dsctl/init');
    expect(envelope.data.written).toContain('design/contracts/rules.json');
    expect(envelope.data.written).toEqual([...envelope.data.written].sort());
  });
});

describe('the starter lints green under its own baseline (built binary)', () => {
  it('init writes the baseline of the deliberate violations; lint --baseline passes, plain lint does not', () => {
    const app = initStarter();
    const baseline = JSON.parse(readFileSync(join(app, '.design-baseline.json'), 'utf8')) as { entries: { file: string }[] };
    expect(baseline.entries.length).toBeGreaterThan(10);
    expect(new Set(baseline.entries.map((e) => e.file))).toEqual(new Set(['examples/violations-marketing.html', 'examples/violations-settings.html']));
    expect(dsctl(['lint', '--baseline'], app).code).toBe(0);
    expect(dsctl(['lint'], app).code).toBe(1);
    const scripts = (JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['design:lint']).toBe('dsctl lint --baseline');
  });

  it('runs the demo end to end, offline: lint, W1 with two repairs, a denied protected write, W2 heal, audit verify', () => {
    const dir = tempDir();
    const story = join(dir, 'story');
    const run = dsctl(['demo', story], dir);
    expect(run.code, run.stderr).toBe(0);
    // Eleven steps where bubblewrap is installed (CI installs it): the OS sandbox refuses a write no hook can read.
    expect(run.stderr).toContain('[4/11] dsctl lint --baseline');
    expect(run.stderr).toContain('(each agent stage inside the OS sandbox)');
    expect(run.stderr).toMatch(/\[7\/11\] dsctl sandbox -- sh -c .*\n.*Read-only file system/);
    expect(run.stderr).toContain('demo complete');
    expect(run.stdout).toContain('A11Y_BUTTON_TYPE');
    expect(run.stdout).toContain('"permissionDecision":"deny"');
    const records = readFileSync(join(story, '.dsctl/runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { workflow: string; status: string; attempts: number });
    expect(records.map((r) => `${r.workflow} ${r.status} ${r.attempts}`)).toEqual(['ui-self-repair passed 2', 'drift-repair passed 1']);
    expect(dsctl(['lint', 'examples/billing.html'], story).code).toBe(0);
    expect(dsctl(['drift'], story).code).toBe(0);
    const tokens = readFileSync(join(story, 'design/contracts/tokens.json'), 'utf8');
    expect(tokens).toContain('"#5d5952"');
    expect(tokens).not.toContain('ff0000');
  });
});

describe('the demo on a machine without bubblewrap', () => {
  it('still runs end to end, and says its agent stages ran unsandboxed (the guard still checks)', () => {
    const dir = tempDir();
    const story = join(dir, 'story');
    const run = dsctl(['demo', story], dir, { PATH: pathWithout('bwrap') });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('[4/10] dsctl lint --baseline');
    expect(run.stderr).toContain('no bubblewrap here: --allow-unsandboxed');
    const records = readFileSync(join(story, '.dsctl/runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { workflow: string; sandbox?: string });
    expect(records[0]).toMatchObject({ workflow: 'ui-self-repair', sandbox: 'none' });
  });
});

describe('dsctl basics (built binary)', () => {
  it('prints its version', () => {
    const run = dsctl(['--version'], tempDir());
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version);
  });

  it('has --help on every command', () => {
    for (const command of ['init', 'check', 'lint', 'demo']) {
      const run = dsctl([command, '--help'], tempDir());
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: dsctl ${command}`);
    }
  });

  it('exits 2 on bad usage, with a suggestion', () => {
    const run = dsctl(['chek'], tempDir());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'chek'");
    expect(run.stderr).toContain('(Did you mean check?)');
  });

  it('exits 2 on an unknown option, with an error envelope under --json', () => {
    const run = dsctl(['check', '--json', '--bogus'], tempDir());
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'dsctl/error', ok: false, error: { code: 'usage/unknownOption', message: expect.stringContaining('--bogus') } });
  });
});
