import { describe, expect, it } from 'vitest';
import { mergeGuidance, GUIDANCE_REGION } from '../../../src/adopt/agent-guidance.js';
import { renderWorkflow } from '../../../src/adopt/ci-workflow.js';
import type { PackageManager } from '../../../src/adopt/detect/package-manager.js';
import { mergeGitignore } from '../../../src/adopt/gitignore-merge.js';
import { mergePackageJson } from '../../../src/adopt/package-json-merge.js';
import { starterFiles } from '../../../src/project/init.js';

const SCRIPTS = { 'design:check': 'dsctl check', 'design:lint': 'dsctl lint --baseline' };

describe('mergePackageJson', () => {
  it('keeps tabs, CRLF line endings and key order, and inserts the devDependency in sorted order', () => {
    const text = '{\r\n\t"name": "x",\r\n\t"scripts": {\r\n\t\t"build": "tsc"\r\n\t},\r\n\t"devDependencies": {\r\n\t\t"a": "1",\r\n\t\t"z": "2"\r\n\t}\r\n}\r\n';
    const merged = mergePackageJson(text, SCRIPTS, ['dsctl', '^0.1.0']);
    expect(merged.text).toBe('{\r\n\t"name": "x",\r\n\t"scripts": {\r\n\t\t"build": "tsc",\r\n\t\t"design:check": "dsctl check",\r\n\t\t"design:lint": "dsctl lint --baseline"\r\n\t},\r\n\t"devDependencies": {\r\n\t\t"a": "1",\r\n\t\t"dsctl": "^0.1.0",\r\n\t\t"z": "2"\r\n\t}\r\n}\r\n');
    expect(merged.addedScripts).toEqual(['design:check', 'design:lint']);
  });

  it('adds scripts and devDependencies objects when missing, keeps a missing final newline missing', () => {
    const merged = mergePackageJson('{\n  "name": "x"\n}', SCRIPTS, ['dsctl', '^0.1.0']);
    expect(JSON.parse(merged.text)).toEqual({ name: 'x', scripts: SCRIPTS, devDependencies: { dsctl: '^0.1.0' } });
    expect(merged.text.endsWith('}')).toBe(true);
    expect(merged.text).toContain('\n  "scripts": {\n    "design:check"');
  });

  it('reports a conflicting script, leaves an existing dsctl dependency and adds no "type"', () => {
    const text = '{\n  "scripts": { "design:check": "my-check" },\n  "dependencies": { "dsctl": "file:../dsctl" }\n}\n';
    const merged = mergePackageJson(text, SCRIPTS, ['dsctl', '^0.1.0']);
    expect(merged.conflicts).toEqual([{ name: 'design:check', theirs: 'my-check', ours: 'dsctl check' }]);
    expect(merged.addedDevDependency).toBe(false);
    const data = JSON.parse(merged.text) as Record<string, unknown>;
    expect(data).toEqual({ scripts: { 'design:check': 'my-check', 'design:lint': 'dsctl lint --baseline' }, dependencies: { dsctl: 'file:../dsctl' } });
    expect('type' in data).toBe(false);
  });
});

describe('mergeGitignore', () => {
  const wanted = 'node_modules/\n# dsctl runtime\n.dsctl/*\n!.dsctl/bin/\nredteam/\n';
  it('appends only the missing lines (with their comment); equivalent spellings count as present', () => {
    const merged = mergeGitignore('/node_modules\n.env\n', wanted);
    expect(merged.text).toBe('/node_modules\n.env\n\n# dsctl\n# dsctl runtime\n.dsctl/*\n!.dsctl/bin/\nredteam/\n');
    expect(merged.added).toEqual(['.dsctl/*', '!.dsctl/bin/', 'redteam/']);
    expect(mergeGitignore(merged.text, wanted).text).toBe(merged.text);
  });

  it('handles a file without a final newline', () => {
    expect(mergeGitignore('.env', 'redteam/\n').text).toBe('.env\n\n# dsctl\nredteam/\n');
  });
});

describe('mergeGuidance', () => {
  it('appends a region once, then updates it in place, every other byte kept', () => {
    const first = mergeGuidance('# Mine\n\nRules.\n', 'AGENTS.md', 'one\n');
    expect(first).toMatch(new RegExp(`^# Mine\\n\\nRules\\.\\n\\n<!-- dsctl:generated ${GUIDANCE_REGION} sha256=[0-9a-f]+ -->\\none\\n<!-- /dsctl:generated ${GUIDANCE_REGION} -->\\n$`));
    const edited = first.replace('Rules.', 'Rules, edited.') + '\nAfter.\n';
    const second = mergeGuidance(edited, 'AGENTS.md', 'two\n');
    expect(second).toContain('Rules, edited.');
    expect(second).toContain('\ntwo\n');
    expect(second).not.toContain('\none\n');
    expect(second.endsWith('\nAfter.\n')).toBe(true);
  });
});

describe('renderWorkflow', () => {
  const template = starterFiles().get('.github/workflows/design-check.yml') as string;
  const pm = (over: Partial<PackageManager>): PackageManager => ({ name: 'npm', lockfile: undefined, version: undefined, from: 'default', yarnBerry: false, ...over });
  it.each([
    [pm({ name: 'pnpm', lockfile: 'pnpm-lock.yaml' }), ['uses: pnpm/action-setup@v4', 'version: 9', 'run: pnpm install --frozen-lockfile']],
    [pm({ name: 'pnpm', lockfile: 'pnpm-lock.yaml', version: '9.1.0', from: 'packageManager' }), ['uses: pnpm/action-setup@v4', 'run: pnpm install --frozen-lockfile']],
    [pm({ name: 'yarn', lockfile: 'yarn.lock' }), ['run: yarn install --frozen-lockfile']],
    [pm({ name: 'yarn', lockfile: 'yarn.lock', yarnBerry: true }), ['run: corepack enable', 'run: yarn install --immutable']],
    [pm({ name: 'bun', lockfile: 'bun.lock' }), ['uses: oven-sh/setup-bun@v2', 'run: bun install --frozen-lockfile']],
    [pm({ name: 'npm', lockfile: 'package-lock.json' }), ['run: npm ci']],
    [pm({}), ['run: npm install --no-audit --no-fund']],
  ])('%o', (manager, expected) => {
    const out = renderWorkflow(template, manager);
    for (const line of expected) expect(out).toContain(line);
    if (manager.version) expect(out).not.toContain('version: 9');
    // The policy's ci.commands and the launcher's gate check stay as the starter has them.
    expect(out).toContain('run: npm run design:lint');
    expect(out).toContain('.dsctl/bin/dsctl gate check --range');
  });
});
