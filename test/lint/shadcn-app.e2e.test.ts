import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { gitIn } from '../support/git-repo.js';
import { tempDir } from '../support/temp-dir.js';

/*
 * The checker on a shadcn-style React + Tailwind v4 app of our own (test/fixtures/adopt/vite-react:
 * cn/cva/tv components, theme variables in CSS, a component class in @layer components), adopted with
 * `dsctl init --yes`. One class in it is a typo (`text-muted-fg`), one is a raw colour with a one-class
 * fix (`text-black`).
 */

type Lint = { data: { results: { file: string; violations: { ruleId: string; token: string; line: number }[] }[] } };
const findings = (stdout: string) => (JSON.parse(stdout) as Lint).data.results.flatMap((r) => r.violations.map((v) => `${r.file}:${v.line} ${v.ruleId} ${v.token}`));

function app(): string {
  const dir = join(tempDir('dsctl-shadcn-'), 'app');
  cpSync(new URL('../fixtures/adopt/vite-react/', import.meta.url), dir, { recursive: true });
  renameSync(join(dir, 'gitignore'), join(dir, '.gitignore'));
  const git = gitIn(dir);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'the app');
  const init = dsctl(['init', '--yes'], dir);
  if (init.code !== 0) throw new Error(init.stderr);
  // A rule whose alternative is one class: what --fix may apply.
  const rulesFile = join(dir, 'design/contracts/rules.json');
  const rules = JSON.parse(readFileSync(rulesFile, 'utf8')) as { rules: unknown[] };
  rules.rules.push({ id: 'NO_RAW_BLACK', category: 'color', severity: 'error', description: 'Pure black text ignores the theme.', detector: 'tailwind-class', matchPatterns: ['text-black'], alternative: 'Use text-foreground instead of text-black.', automationStatus: 'auto' });
  writeFileSync(rulesFile, `${JSON.stringify(rules, null, 2)}\n`);
  return dir;
}

describe('dsctl lint on a shadcn-style Tailwind v4 app', () => {
  it('tailwind-unknown-class finds the planted typo and nothing else: the theme, cva/tv strings and the @layer component class are known', () => {
    const dir = app();
    const run = dsctl(['lint', '--format', 'json'], dir);
    const all = findings(run.stdout);
    expect(all.filter((f) => f.includes(' TW_UNKNOWN_CLASS '))).toEqual(['src/components/ui/card.tsx:13 TW_UNKNOWN_CLASS text-muted-fg']);
  });

  it('--fix repairs the fixable finding; a second lint shows only the rest', () => {
    const dir = app();
    const before = findings(dsctl(['lint', '--format', 'json'], dir).stdout);
    expect(before).toContain('src/pages/Projects.tsx:14 NO_RAW_BLACK text-black');
    const fixed = dsctl(['lint', '--fix'], dir);
    expect(fixed.stderr + fixed.stdout).toMatch(/1 fix/);
    expect(readFileSync(join(dir, 'src/pages/Projects.tsx'), 'utf8')).toContain('variant="outline" className="text-foreground"');
    const after = findings(dsctl(['lint', '--format', 'json'], dir).stdout);
    // What was left is exactly what no exact one-class fix exists for.
    expect(after).toEqual(before.filter((f) => !f.startsWith('src/pages/Projects.tsx:14 ')));
    expect(after.some((f) => f.includes('text-muted-fg'))).toBe(true);
  });
});
