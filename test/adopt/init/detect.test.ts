import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectRepo, wantsStarter } from '../../../src/adopt/detect/index.js';
import { lintIncludeFor } from '../../../src/adopt/lint-globs.js';
import { starterFiles } from '../../../src/project/init.js';
import { tempDir } from '../../support/temp-dir.js';
import { fixtureApp } from './fixture-apps.js';

const put = (root: string, files: Record<string, string>) => {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
};

describe('detectRepo on the three fixture apps', () => {
  it('Next + Tailwind v3 + shadcn, pnpm', () => {
    const d = detectRepo(fixtureApp('next-shadcn'));
    expect(d.packageManager).toMatchObject({ name: 'pnpm', lockfile: 'pnpm-lock.yaml', from: 'lockfile' });
    expect(d.layout).toMatchObject({ framework: 'next', routers: ['app'], srcDir: false, sourceDirs: ['app', 'components', 'lib'] });
    expect(d.tailwind).toMatchObject({ declared: '^3.4.7', installed: undefined, major: 3, cssEntry: 'app/globals.css', configFiles: ['tailwind.config.js'] });
    expect(d.tokenSources).toEqual([
      { file: 'app/globals.css', kind: 'css-variables', variables: 8 },
      { file: 'tailwind.config.js', kind: 'tailwind-config', variables: 0 },
    ]);
    expect(d.componentFolders.map((f) => f.dir)).toEqual(['components/ui', 'components']);
    expect(d.agentDocs).toEqual({ agentsMd: false, claudeMd: false, cursorRules: [] });
    expect(d.ci).toEqual({ system: 'none', files: [] });
  });

  it('Vite + React + Tailwind v4, npm', () => {
    const d = detectRepo(fixtureApp('vite-react'));
    expect(d.packageManager).toMatchObject({ name: 'npm', lockfile: 'package-lock.json' });
    expect(d.layout).toMatchObject({ framework: 'vite', srcDir: true, rootFiles: ['index.html'] });
    expect(d.tailwind).toMatchObject({ major: 4, cssEntry: 'src/index.css' });
    expect(d.componentFolders.map((f) => f.dir)).toEqual(['src/components']);
  });

  it('Nuxt + Tailwind v4, yarn, an AGENTS.md', () => {
    const d = detectRepo(fixtureApp('nuxt'));
    expect(d.packageManager).toMatchObject({ name: 'yarn', lockfile: 'yarn.lock', yarnBerry: false });
    expect(d.layout).toMatchObject({ framework: 'nuxt', sourceDirs: ['assets', 'components', 'pages'], rootFiles: ['app.vue'] });
    expect(d.tailwind).toMatchObject({ major: 4, cssEntry: 'assets/css/main.css' });
    expect(d.agentDocs.agentsMd).toBe(true);
  });
});

describe('detection details', () => {
  it('the installed Tailwind wins over the declared range; packageManager wins over the lockfile', () => {
    const root = tempDir();
    put(root, {
      'package.json': '{ "packageManager": "yarn@4.5.0", "devDependencies": { "tailwindcss": "latest" } }',
      'node_modules/tailwindcss/package.json': '{ "version": "4.1.3" }',
      'package-lock.json': '{}',
      'yarn.lock': '__metadata:\n  version: 8\n',
      '.github/workflows/ci.yml': 'on: push\n',
      'CLAUDE.md': '@AGENTS.md\n',
      '.cursor/rules/ui.mdc': 'x',
    });
    const d = detectRepo(root);
    expect(d.tailwind).toMatchObject({ installed: '4.1.3', major: 4 });
    expect(d.packageManager).toMatchObject({ name: 'yarn', version: '4.5.0', lockfile: 'yarn.lock', from: 'packageManager', yarnBerry: true });
    expect(d.ci).toEqual({ system: 'github', files: ['.github/workflows/ci.yml'] });
    expect(d.agentDocs).toEqual({ agentsMd: false, claudeMd: true, cursorRules: ['.cursor/rules/ui.mdc'] });
  });

  it('Next with src/ lints src/**; plain HTML lints every HTML and CSS file', () => {
    const next = tempDir();
    put(next, { 'package.json': '{ "dependencies": { "next": "15.0.0" } }', 'src/app/page.tsx': '', 'src/pages/_app.tsx': '' });
    const d = detectRepo(next);
    expect(d.layout).toMatchObject({ framework: 'next', routers: ['app', 'pages'], srcDir: true });
    expect(lintIncludeFor(d.layout, { examples: false })).toEqual(['src/**/*.{tsx,jsx,ts,js,css}']);
    const html = tempDir();
    put(html, { 'index.html': '<p>hi</p>', 'css/site.css': 'p{}' });
    const h = detectRepo(html);
    expect(h.layout.framework).toBe('html');
    expect(h.packageManager).toMatchObject({ name: 'npm', from: 'default' });
    expect(lintIncludeFor(h.layout, { examples: false })).toEqual(['**/*.html', '**/*.css']);
  });

  it('an empty folder, one with only .git, or only starter files gets the starter; anything else is adopted', () => {
    const starter = new Set(starterFiles().keys());
    const root = tempDir();
    expect(wantsStarter(root, starter)).toBe(true);
    mkdirSync(join(root, '.git'));
    expect(wantsStarter(root, starter)).toBe(true);
    writeFileSync(join(root, 'DESIGN.md'), '# mine\n');
    expect(wantsStarter(root, starter)).toBe(true);
    writeFileSync(join(root, '.gitignore'), 'x\n');
    expect(wantsStarter(root, starter)).toBe(false);
    const other = tempDir();
    writeFileSync(join(other, 'index.html'), '');
    expect(wantsStarter(other, starter)).toBe(false);
  });
});
