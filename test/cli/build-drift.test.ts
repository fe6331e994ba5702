import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { editJson } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

interface DriftEnvelope {
  ok: boolean;
  data: { findings: { code: string; severity: string; file: string; line?: number; message: string; fixable: boolean; details?: string[] }[] };
}

function initStarter(): string {
  const dir = tempDir();
  const run = dsctl(['init', 'app'], dir);
  expect(run.code, run.stderr).toBe(0);
  return join(dir, 'app');
}

const drift = (dir: string) => {
  const run = dsctl(['drift', '--json'], dir);
  return { code: run.code, envelope: JSON.parse(run.stdout) as DriftEnvelope };
};

const VIEW_FILES = ['.github/CODEOWNERS', 'DESIGN.md', 'design/generated/tokens.css', 'design/generated/theme.css', 'design/generated/components.json', 'llms.txt', 'llms-full.txt', 'docs/loop-playbook.md'];
const snapshot = (dir: string) => Object.fromEntries(VIEW_FILES.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
const body = (designMd: string) => designMd.slice(designMd.indexOf('\n---\n', 4) + 5);

describe('dsctl build and drift (built binary)', () => {
  it('a fresh init has no drift, and building twice changes nothing', () => {
    const app = initStarter();
    const first = drift(app);
    expect(first.envelope.data.findings).toEqual([]);
    expect(first.code).toBe(0);
    const before = snapshot(app);
    const build = dsctl(['build'], app);
    expect(build.code).toBe(0);
    expect(build.stderr).toContain(`0 of ${VIEW_FILES.length} view file(s) written`);
    expect(build.stdout).toContain('design/generated/tokens.css');
    expect(snapshot(app)).toEqual(before);
    expect(dsctl(['build', '--check'], app).code).toBe(0);
  });

  it('a changed colour token is named in every affected view; build repairs it and leaves the DESIGN.md body alone', () => {
    const app = initStarter();
    const designBody = body(readFileSync(join(app, 'DESIGN.md'), 'utf8'));
    editJson<{ color: { brand: Record<string, { $value: unknown }> } }>(app, 'design/contracts/tokens.json', (t) => {
      t.color.brand['600'] = { $value: '#123456' };
    });
    const stale = drift(app);
    expect(stale.code).toBe(1);
    const staleFiles = stale.envelope.data.findings.filter((f) => f.code === 'view-stale');
    expect(staleFiles.map((f) => f.file)).toEqual(expect.arrayContaining(['DESIGN.md', 'design/generated/tokens.css', 'design/generated/components.json', 'llms-full.txt']));
    for (const finding of staleFiles) {
      expect(`${finding.message}\n${finding.details?.join('\n')}`, finding.file).toContain('color.brand.600');
      expect(finding.fixable).toBe(true);
    }
    const check = dsctl(['build', '--check'], app);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^ {2}✖ design\/generated\/tokens\.css +tokens-css +stale$/m);
    expect(check.stderr).toContain('view file(s) stale: run dsctl build');

    expect(dsctl(['build'], app).code).toBe(0);
    expect(drift(app).code).toBe(0);
    expect(body(readFileSync(join(app, 'DESIGN.md'), 'utf8'))).toBe(designBody);
  });

  it('a hand edit inside a generated region is reported with its line', () => {
    const app = initStarter();
    const path = join(app, 'docs/loop-playbook.md');
    const text = readFileSync(path, 'utf8');
    const marker = text.indexOf('<!-- dsctl:generated ci-commands');
    const line = text.slice(0, marker).split('\n').length;
    writeFileSync(path, text.replace(/(<!-- dsctl:generated ci-commands[^\n]*\n)/, '$1- `npm run sneaky`\n'));
    const { code, envelope } = drift(app);
    expect(code).toBe(1);
    expect(envelope.data.findings).toContainEqual(expect.objectContaining({ code: 'generated-region-edited', file: 'docs/loop-playbook.md', line }));
  });

  it('a hand edit of the DESIGN.md front matter is reported', () => {
    const app = initStarter();
    const path = join(app, 'DESIGN.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^name: .*$/m, 'name: Renamed'));
    expect(drift(app).envelope.data.findings).toEqual([expect.objectContaining({ code: 'generated-region-edited', file: 'DESIGN.md', line: 3 })]);
  });

  it.each([
    {
      name: 'an npm script the playbook names is removed',
      arrange: (app: string) =>
        editJson<{ scripts: Record<string, string> }>(app, 'package.json', (p) => {
          delete p.scripts['design:build'];
        }),
      code: 'playbook-unknown-npm-script',
    },
    {
      name: "a required marker's body is emptied",
      arrange: (app: string) => {
        const path = join(app, 'docs/loop-playbook.md');
        const text = readFileSync(path, 'utf8');
        const start = text.indexOf('<!-- dsctl:marker brand-gate -->') + '<!-- dsctl:marker brand-gate -->'.length;
        const next = text.indexOf('\n#', start);
        writeFileSync(path, text.slice(0, start) + '\n' + text.slice(next));
      },
      code: 'playbook-marker-empty',
    },
    {
      name: 'a CI command is dropped from the workflow',
      arrange: (app: string) => {
        const path = join(app, '.github/workflows/design-check.yml');
        writeFileSync(path, readFileSync(path, 'utf8').replace(/\n\s+- name: [^\n]*\n\s+run: npm run design:drift\n?/, '\n'));
      },
      code: 'ci-command-missing',
    },
  ])('$name → $code', ({ arrange, code }) => {
    const app = initStarter();
    arrange(app);
    const result = drift(app);
    expect(result.code).toBe(1);
    expect(result.envelope.data.findings.map((f) => f.code)).toEqual([code]);
  });
});

describe('build: bad input is exit 2 and writes nothing (built binary)', () => {
  it.each([
    {
      name: 'a front matter that does not parse',
      arrange: (app: string) => {
        const path = join(app, 'DESIGN.md');
        writeFileSync(path, readFileSync(path, 'utf8').replace(/^name: .*$/m, 'name: [unclosed\n- x'));
      },
      text: 'DESIGN.md:',
      code: 'view/front-matter-invalid',
    },
    {
      name: 'a marker with no end',
      arrange: (app: string) => {
        const path = join(app, 'docs/loop-playbook.md');
        writeFileSync(path, readFileSync(path, 'utf8').replace('<!-- /dsctl:generated ci-commands -->', ''));
      },
      text: 'region "ci-commands" is not closed',
      code: 'view/marker-unbalanced',
    },
    {
      name: 'two views writing the same path',
      arrange: (app: string) =>
        editJson<Record<string, unknown>>(app, 'dsctl.config.json', (c) => {
          c.views = { 'tailwind-theme': { path: 'design/generated/tokens.css' } };
        }),
      text: 'both write design/generated/tokens.css',
      code: 'view/path-conflict',
    },
  ])('$name', ({ arrange, text, code }) => {
    const app = initStarter();
    arrange(app);
    editJson<{ color: { brand: Record<string, { $value: unknown }> } }>(app, 'design/contracts/tokens.json', (t) => {
      t.color.brand['600'] = { $value: '#123456' };
    });
    const before = snapshot(app);
    const run = dsctl(['build'], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(text);
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)/);
    expect(JSON.parse(dsctl(['build', '--json'], app).stdout)).toMatchObject({ type: 'dsctl/error', error: { code } });
    expect(snapshot(app)).toEqual(before);
  });
});
