import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../../support/cli.js';
import { tempDir } from '../../support/temp-dir.js';
import { fixtureApp, NEXT_PACKAGE_JSON } from './fixture-apps.js';
import { snapshot } from './tree.js';

const read = (root: string, rel: string) => readFileSync(join(root, rel), 'utf8');
const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } });

describe('dsctl init in an existing repository: a plan first (built binary)', () => {
  it('--dry-run prints the plan with diffs and writes nothing', () => {
    const root = fixtureApp('next-shadcn');
    const before = snapshot(root);
    const run = dsctl(['init', '--dry-run'], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('framework        next (app router), Tailwind 3, pnpm');
    expect(run.stdout).toMatch(/create \(\d+\):\n {2}\+ \.cursor\/mcp\.json/);
    expect(run.stdout).toContain('  + dsctl.config.json');
    expect(run.stdout).toContain('  ~ package.json (+4 script(s), +devDependency dsctl@');
    expect(run.stdout).toContain('+        "design:check": "dsctl check",');
    expect(run.stdout).toContain('--- a/package.json');
    expect(run.stdout).toContain('  ~ .gitignore (+3 line(s)');
    expect(run.stderr).toContain('--dry-run: nothing was written');
    expect(snapshot(root)).toEqual(before);
  });

  it('without a terminal and without --yes: prints the plan, exits 1 naming --yes, writes nothing', () => {
    const root = fixtureApp('vite-react');
    const before = snapshot(root);
    const run = dsctl(['init'], root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('dsctl init: adopting');
    expect(run.stderr).toContain('rerun with --yes');
    expect(snapshot(root)).toEqual(before);
    const envelope = JSON.parse(dsctl(['init', '--json'], root).stdout) as { ok: boolean; data: { applied: boolean; plan: { writes: { path: string }[] } } };
    expect(envelope).toMatchObject({ ok: false, data: { applied: false } });
    expect(envelope.data.plan.writes.map((w) => w.path)).toContain('package.json');
    expect(snapshot(root)).toEqual(before);
  });

  it('reports a conflicting script and leaves it alone', () => {
    const root = fixtureApp('next-shadcn');
    const pkg = NEXT_PACKAGE_JSON.replace('"lint": "next lint"', '"lint": "next lint",\n        "design:lint": "eslint src"');
    writeFileSync(join(root, 'package.json'), pkg);
    const run = dsctl(['init', '--yes'], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('package.json: script "design:lint" is already "eslint src": left alone');
    const scripts = (JSON.parse(read(root, 'package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['design:lint']).toBe('eslint src');
    expect(scripts['design:check']).toBe('dsctl check');
  });

  it('lists the dirty files of the work tree and goes on only with --yes', () => {
    const root = fixtureApp('vite-react');
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'app');
    writeFileSync(join(root, 'src/App.tsx'), `${read(root, 'src/App.tsx')}// wip\n`);
    const before = snapshot(root);
    const refused = dsctl(['init'], root);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('uncommitted changes:\n  src/App.tsx\n');
    expect(refused.stderr).toContain('--yes');
    expect(snapshot(root)).toEqual(before);
    const applied = dsctl(['init', '--yes'], root);
    expect(applied.code, applied.stderr).toBe(0);
    expect(existsSync(join(root, 'dsctl.config.json'))).toBe(true);
  });

  it('merges a region into an existing AGENTS.md, and a second init changes nothing', () => {
    const root = fixtureApp('nuxt');
    const original = read(root, 'AGENTS.md');
    expect(dsctl(['init', '--yes'], root).code).toBe(0);
    const merged = read(root, 'AGENTS.md');
    expect(merged.startsWith(original)).toBe(true);
    expect(merged).toMatch(/<!-- dsctl:generated dsctl-agent-guidance sha256=[0-9a-f]+ -->\n## Design system \(dsctl\)\n/);
    expect(merged).toContain('### 4. Never write protected paths');
    expect(merged.trimEnd().endsWith('<!-- /dsctl:generated dsctl-agent-guidance -->')).toBe(true);

    const after = snapshot(root);
    const again = dsctl(['init', '--yes'], root);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('change (0):');
    expect(snapshot(root)).toEqual(after);
  });

  it('--force rewrites dsctl\'s own files, never the user\'s', () => {
    const root = fixtureApp('next-shadcn');
    expect(dsctl(['init', '--yes'], root).code).toBe(0);
    const config = read(root, 'dsctl.config.json');
    writeFileSync(join(root, 'dsctl.config.json'), config.replace(/"name": "[^"]*"/, '"name": "Edited"'));
    const pkg = read(root, 'package.json').replace('"dev": "next dev"', '"dev": "next dev --turbo"');
    writeFileSync(join(root, 'package.json'), pkg);
    writeFileSync(join(root, 'DESIGN.md'), '# ours now\n');

    const kept = dsctl(['init', '--yes'], root);
    expect(kept.code, kept.stderr).toBe(0);
    expect(read(root, 'dsctl.config.json')).toContain('"name": "Edited"');

    const forced = dsctl(['init', '--yes', '--force'], root);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('~ dsctl.config.json (rewrite:');
    expect(read(root, 'dsctl.config.json')).toBe(config);
    expect(read(root, 'package.json')).toBe(pkg);
    expect(read(root, 'DESIGN.md').endsWith('# ours now\n')).toBe(true);
  });

  it('keeps a DESIGN.md and llms.txt of the repository\'s own and switches their views off', () => {
    const root = fixtureApp('vite-react');
    writeFileSync(join(root, 'DESIGN.md'), '# Our design notes\n');
    writeFileSync(join(root, 'llms.txt'), '# vite-shop\n');
    const run = dsctl(['init', '--yes'], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('= DESIGN.md (exists: kept (view design-md-front-matter disabled))');
    expect(read(root, 'DESIGN.md')).toBe('# Our design notes\n');
    expect(read(root, 'llms.txt')).toBe('# vite-shop\n');
    const views = (JSON.parse(read(root, 'dsctl.config.json')) as { views: Record<string, { enabled: boolean }> }).views;
    expect(views).toEqual({ 'design-md-front-matter': { enabled: false }, 'llms-txt': { enabled: false } });
    expect(dsctl(['check'], root).code).toBe(0);
  });

  it('writes the example pages only with --examples', () => {
    const root = fixtureApp('vite-react');
    expect(dsctl(['init', '--yes'], root).code).toBe(0);
    expect(existsSync(join(root, 'examples'))).toBe(false);
    const other = fixtureApp('vite-react');
    expect(dsctl(['init', '--yes', '--examples'], other).code).toBe(0);
    expect(existsSync(join(other, 'examples/clean.html'))).toBe(true);
    expect((JSON.parse(read(other, 'dsctl.config.json')) as { lint: { include: string[] } }).lint.include).toContain('examples/**/*.html');
    expect(dsctl(['lint', '--baseline'], other).code).toBe(0);
  });

  it('leaves a GitLab pipeline alone and writes no GitHub workflow', () => {
    const root = fixtureApp('nuxt');
    writeFileSync(join(root, '.gitlab-ci.yml'), 'test:\n  script: yarn test\n');
    const run = dsctl(['init', '--yes'], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('GitLab CI (.gitlab-ci.yml)');
    expect(existsSync(join(root, '.github/workflows/design-check.yml'))).toBe(false);
    expect(read(root, '.gitlab-ci.yml')).toBe('test:\n  script: yarn test\n');
    expect(dsctl(['drift'], root).code).toBe(0);
    expect(dsctl(['check'], root).code).toBe(0);
  });
});

describe('dsctl init in an empty folder: the Tessera starter, as before (built binary)', () => {
  it('a folder with only .git gets the starter, package.json and all', () => {
    const root = tempDir();
    mkdirSync(join(root, '.git'));
    const run = dsctl(['init'], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('wrote the Tessera starter design system to .');
    expect(run.stdout).toBe('');
    const pkg = JSON.parse(read(root, 'package.json')) as { name: string; type: string };
    expect(pkg).toMatchObject({ name: 'tessera-app', type: 'module' });
    expect(existsSync(join(root, 'examples/clean.html'))).toBe(true);
    expect(dsctl(['check'], root).code).toBe(0);
  });

  it('a plain HTML site without package.json gets one (no "type"), and its pages are linted', () => {
    const root = tempDir();
    writeFileSync(join(root, 'index.html'), '<!doctype html><html lang="en"><body><p class="text-fg">Hi</p></body></html>\n');
    mkdirSync(join(root, 'css'));
    writeFileSync(join(root, 'css/site.css'), 'p { margin: 0; }\n');
    const run = dsctl(['init', '--yes'], root);
    expect(run.code, run.stderr).toBe(0);
    const pkg = JSON.parse(read(root, 'package.json')) as Record<string, unknown>;
    expect('type' in pkg).toBe(false);
    expect(pkg.scripts).toMatchObject({ 'design:check': 'dsctl check' });
    expect((JSON.parse(read(root, 'dsctl.config.json')) as { lint: { include: string[] } }).lint.include).toEqual(['**/*.html', '**/*.css']);
    const lint = dsctl(['lint', '--format', 'json'], root);
    expect((JSON.parse(lint.stdout) as { data: { results: { file: string }[] } }).data.results.map((r) => r.file)).toEqual(['css/site.css', 'index.html']);
    expect(dsctl(['check'], root).code).toBe(0);
  });

  it('--dry-run in an empty folder lists the starter and writes nothing', () => {
    const root = tempDir();
    const run = dsctl(['init', '--dry-run'], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('  + design/contracts/tokens.json\n');
    expect(run.stdout).toContain('  + .dsctl/bin/dsctl\n');
    expect(snapshot(root)).toEqual({});
  });
});
