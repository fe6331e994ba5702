import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes, proposeFixes, replacementClass, type Fix } from '../../src/lint/fix.js';
import { dsctl } from '../support/cli.js';
import { linterFor } from '../support/lint.js';
import { starterProject } from '../support/project.js';

const SCALE_STEP = 'Use the role the step stands for: bg-primary instead of bg-brand-600, text-fg-muted instead of text-neutral-600, bg-danger-bg instead of bg-brick-100.';

describe('replacementClass: only one certain class', () => {
  it.each<[string, string, string | undefined]>([
    ['text-black', 'text-fg', 'text-fg'],
    ['text-black', 'Use text-fg.', 'text-fg'],
    ['md:hover:text-black', 'text-fg', 'md:hover:text-fg'],
    ['!text-black', 'text-fg', '!text-fg'],
    ['text-black', 'Use a role utility: text-fg or text-on-primary for text', undefined],
    ['bg-brand-600', SCALE_STEP, 'bg-primary'],
    ['bg-brick-100', SCALE_STEP, 'bg-danger-bg'],
    ['bg-brand-700', SCALE_STEP, undefined],
    ['text-black/50', 'text-fg', undefined],
    ['-z-10', 'z-0', undefined],
    ['p-[13px]', 'p-3', undefined],
    ['shadow-xl', 'Use rounded-md', undefined],
    ['z-50', 'the dialog classes apply z-index.modal and z-index.overlay', undefined],
    ['text-black', 'var(--color-fg-strong)', undefined],
  ])('%s with "%s" → %s', (raw, alternative, want) => {
    expect(replacementClass(raw, alternative)).toBe(want);
  });
});

describe('applyFixes', () => {
  const fix = (start: number, end: number, text: string, ruleId = 'R'): Fix => ({ ruleId, range: { start, end }, text });
  it.each<[string, string, Fix[], string, number]>([
    ['from the end backwards', 'aa bb cc', [fix(0, 2, 'x'), fix(6, 8, 'yyy')], 'x bb yyy', 2],
    ['overlapping: the first wins', 'abcdef', [fix(2, 5, 'X'), fix(0, 3, 'Y')], 'Ydef', 1],
    ['one range fixed two ways: neither', 'abc', [fix(0, 3, 'x', 'A'), fix(0, 3, 'y', 'B')], 'abc', 0],
    ['the same fix twice: once', 'abc', [fix(0, 3, 'x', 'A'), fix(0, 3, 'x', 'B')], 'x', 1],
  ])('%s', (_name, source, fixes, output, applied) => {
    const result = applyFixes(source, fixes);
    expect(result.output).toBe(output);
    expect(result.applied).toHaveLength(applied);
  });
});

describe('proposeFixes from lint findings', async () => {
  const linter = await linterFor([
    { id: 'NO_BLACK', detector: 'tailwind-class', matchPatterns: ['text-black'], alternative: 'text-fg' },
    { id: 'NO_WHITE', detector: 'tailwind-class', matchPatterns: ['bg-white'], alternative: 'bg-surface or bg-bg' },
  ]);
  it.each<[string, string, string]>([
    ['html', 'a.html', '<p class="md:text-black bg-white">x</p>\n<p class="text-black">y</p>'],
    ['tsx', 'a.tsx', 'export const P = () => <p className={cn("text-black", ok && "bg-white")}>x</p>;'],
    ['vue', 'a.vue', '<template><p :class="[\'text-black\', \'bg-white\']">x</p></template>'],
  ])('%s: fixes the certain ones, leaves the rest', (_name, filename, source) => {
    const result = linter.lint(source, { filename });
    const fixed = applyFixes(source, proposeFixes(linter.project, source, result.violations)).output;
    expect(fixed).toBe(source.replace(/text-black/g, 'text-fg'));
    expect(linter.lint(fixed, { filename }).violations.map((v) => v.ruleId)).toEqual(['NO_WHITE']);
  });
});

describe('dsctl lint --fix (built binary)', () => {
  const page = '<main class="bg-brand-600 p-4">\n  <p class="text-neutral-600 bg-brand-700">x</p>\n</main>\n';
  const setUp = () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'page.html'), page);
    return dir;
  };

  it('--fix-dry-run prints a unified diff and writes nothing', () => {
    const dir = setUp();
    const run = dsctl(['lint', '--fix-dry-run', 'page.html'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--- a/page.html\n+++ b/page.html\n@@ -1,3 +1,3 @@\n-<main class="bg-brand-600 p-4">\n-  <p class="text-neutral-600 bg-brand-700">x</p>\n+<main class="bg-primary p-4">\n+  <p class="text-fg-muted bg-brand-700">x</p>\n');
    expect(run.stderr).toContain('2 fix(es) in 1 file(s); nothing written');
    expect(readFileSync(join(dir, 'page.html'), 'utf8')).toBe(page);
  });

  it('--fix rewrites the certain ones and reports the rest; a second lint shows only the rest', () => {
    const dir = setUp();
    const first = dsctl(['lint', '--fix', '--format', 'json', 'page.html'], dir);
    expect(readFileSync(join(dir, 'page.html'), 'utf8')).toBe(page.replace('bg-brand-600', 'bg-primary').replace('text-neutral-600', 'text-fg-muted'));
    // Other rules of the starter may have something to say about the page too: this one is the point.
    const tokens = (stdout: string) =>
      (JSON.parse(stdout) as { data: { results: { violations: { ruleId: string; token: string }[] }[] } }).data.results.flatMap((r) => r.violations.filter((v) => v.ruleId === 'COLOR_NO_SCALE_STEP').map((v) => v.token));
    expect(tokens(first.stdout)).toEqual(['bg-brand-700']);
    const second = dsctl(['lint', '--format', 'json', 'page.html'], dir);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe(first.stdout);
  });

  it('refuses --fix with --stdin', () => {
    expect(dsctl(['lint', '--fix', '--stdin'], setUp(), {}, '<p></p>').code).toBe(2);
  });
});
