import { describe, expect, it } from 'vitest';
import { findDirectives, scanComments } from '../../src/lint/disables.js';
import type { SourceType } from '../../src/lint/types.js';
import { linterFor } from '../support/lint.js';

const bodies = (text: string, type: SourceType) => scanComments(text, type).map((c) => c.body.trim());

describe('scanComments: comments per language, never inside strings', () => {
  it.each<[string, SourceType, string, string[]]>([
    ['html comment', 'html', '<p>x</p><!-- a --><p title="<!-- no -->">y</p>', ['a']],
    ['html <style> and <script>', 'html', '<style>/* c */ p{content:"/* no */"}</style><script>// j\nconst s = "// no";</script>', ['c', 'j']],
    ['unterminated html comment', 'html', '<p>x</p><!-- open', ['open']],
    ['jsx block in braces and line comments', 'tsx', 'const a = 1; // one\nexport const P = () => (<div>{/* two */}<p className="x">y</p></div>);', ['one', 'two']],
    ['jsx: strings and templates hide comments', 'tsx', 'const s = "// no"; const t = `/* no ${"x" /* yes */} */`; const u = \'/* no */\';', ['yes']],
    ['jsx: regex literal is not a comment', 'jsx', 'const r = /\\/\\*x/; // after', ['after']],
    ['jsx: a closing tag opens no regex', 'jsx', 'const P = () => <p>x</p>; /* c */', ['c']],
    ['jsx: division is not a regex', 'jsx', 'const h = a / b; // d', ['d']],
    ['jsx: an apostrophe in JSX text ends at the line', 'jsx', "const P = () => (<div>\n<p>Don't</p>\n{/* c */}</div>);", ['c']],
    ['jsx: nested templates', 'tsx', 'const t = `a${`b${c}`}d`; /* e */', ['e']],
    ['vue: template, script and style', 'vue', '<template><!-- t --><p>x</p></template>\n<script setup>\n// s\n</script>\n<style>/* c */</style>', ['t', 's', 'c']],
    ['css block comments outside strings', 'css', 'a { content: "/* no */"; } /* yes */', ['yes']],
  ])('%s', (_name, type, text, want) => {
    expect(bodies(text, type)).toEqual(want);
  });
});

describe('findDirectives', () => {
  it('reads kind, rule ids and the reason after --', () => {
    const [d] = findDirectives('<!-- dsctl-disable-next-line A, B  -- legacy banner -->', 'html');
    expect(d).toMatchObject({ kind: 'disable-next-line', reason: 'legacy banner' });
    expect(d?.ruleIds.map((r) => r.id)).toEqual(['A', 'B']);
  });
  it('ignores comments that only mention dsctl-disable', () => {
    expect(findDirectives('<!-- see dsctl-disable docs -->', 'html')).toEqual([]);
  });
});

const RULES = [
  { id: 'NO_BLACK', detector: 'tailwind-class', matchPatterns: ['text-black'], alternative: 'text-fg' },
  { id: 'NO_WHITE', detector: 'tailwind-class', matchPatterns: ['bg-white'] },
];

describe('disables applied by lint()', async () => {
  const linter = await linterFor(RULES);
  const lint = (source: string, filename: string) => linter.lint(source, { filename });
  const found = (source: string, filename: string) => lint(source, filename).violations.map((v) => `${v.line}:${v.column} ${v.ruleId}`);

  it.each<[string, string, string, string[]]>([
    ['html next-line', 'a.html', '<!-- dsctl-disable-next-line NO_BLACK -- legacy -->\n<p class="text-black bg-white">x</p>\n<p class="text-black">y</p>', ['2:22 NO_WHITE', '3:11 NO_BLACK']],
    ['html block', 'a.html', '<!-- dsctl-disable NO_BLACK -- legacy -->\n<p class="text-black">x</p>\n<!-- dsctl-enable NO_BLACK -->\n<p class="text-black">y</p>', ['4:11 NO_BLACK']],
    ['html block to the end', 'a.html', '<!-- dsctl-disable NO_BLACK, NO_WHITE -- legacy -->\n<p class="text-black bg-white">x</p>', []],
    ['jsx braces', 'a.tsx', 'export const P = () => (\n  <div>\n    {/* dsctl-disable-next-line NO_BLACK -- brand page */}\n    <p className="text-black">x</p>\n  </div>\n);', []],
    ['jsx line comment', 'a.jsx', 'export const P = () => (\n  // dsctl-disable-next-line NO_BLACK -- brand page\n  <p className="text-black">x</p>\n);', []],
    ['vue template', 'a.vue', '<template>\n  <!-- dsctl-disable-next-line NO_BLACK -- brand -->\n  <p class="text-black">x</p>\n</template>', []],
    ['css', 'a.css', '/* dsctl-disable-next-line NO_BLACK -- brand */\n.x { @apply text-black; }', []],
  ])('%s', (_name, filename, source, want) => {
    expect(found(source, filename)).toEqual(want);
  });

  it('lists every disable in the coverage, with the findings it suppressed', () => {
    const result = lint('<!-- dsctl-disable-next-line NO_BLACK -- legacy -->\n<p class="text-black">x</p>', 'a.html');
    expect(result.coverage.disables).toEqual([
      { ruleId: 'NO_BLACK', kind: 'next-line', line: 1, column: 1, reason: 'legacy', used: true, suppressed: [expect.objectContaining({ ruleId: 'NO_BLACK', line: 2 })] },
    ]);
    expect(result.passed).toBe(true);
  });

  it('a disable without a reason suppresses nothing and is an error', () => {
    const result = lint('<!-- dsctl-disable-next-line NO_BLACK -->\n<p class="text-black">x</p>', 'a.html');
    expect(result.violations.map((v) => `${v.line}:${v.column} ${v.ruleId} ${v.severity}`)).toEqual(['1:1 dsctl/disable-without-reason error', '2:11 NO_BLACK error']);
  });

  it('an unused disable is a warning, an unknown rule id an error with a suggestion', () => {
    const result = lint('<!-- dsctl-disable-next-line NO_BLACK, NO_BLAK -- legacy -->\n<p class="bg-fg">x</p>', 'a.html');
    expect(result.violations.map((v) => `${v.line}:${v.column} ${v.ruleId} ${v.severity}`)).toEqual(['1:1 dsctl/unused-disable warn', '1:40 dsctl/unknown-rule error']);
    expect(result.violations[1]?.message).toContain('NO_BLACK');
    expect(result.coverage.disables?.map((d) => d.used)).toEqual([false]);
  });

  it('a disable without a rule id is an error', () => {
    expect(found('<!-- dsctl-disable -- everything -->\n<p class="text-black">x</p>', 'a.html')).toEqual(['1:1 dsctl/disable-without-rule', '2:11 NO_BLACK']);
  });

  it('a source without directives has no disables in its coverage', () => {
    expect(lint('<p class="text-black">x</p>', 'a.html').coverage).not.toHaveProperty('disables');
  });
});

describe('suppressed findings in the formats', async () => {
  const { formatter: sarif } = await import('../../src/diagnostics/formatters/sarif.js');
  const { formatter: stylish } = await import('../../src/diagnostics/formatters/stylish.js');
  const { lintFormatInput } = await import('../../src/lint/output.js');
  const linter = await linterFor(RULES);
  const source = '<!-- dsctl-disable-next-line NO_BLACK -- legacy hero, DS-7 -->\n<p class="text-black bg-white">x</p>';
  const result = linter.lint(source, { filename: 'a.html' });
  const plain = { red: String, yellow: String, dim: String, bold: String, underline: String, cyan: String, green: String };
  const { results, context } = lintFormatInput(
    { reports: [{ file: 'a.html', source, result }], rules: linter.project.rules.rules, coverage: result.coverage, errorCount: 1, warnCount: 0, fileProblemCount: 0, toolVersion: 'test' },
    false,
    plain,
  );

  it('SARIF keeps a suppressed result, with an inSource suppression and its justification', () => {
    const log = JSON.parse(sarif.format(results, context)) as { runs: { results: { ruleId: string; suppressions?: unknown }[] }[] };
    expect(log.runs[0]?.results.map((r) => [r.ruleId, r.suppressions])).toEqual([
      ['NO_WHITE', undefined],
      ['NO_BLACK', [{ kind: 'inSource', justification: 'legacy hero, DS-7' }]],
    ]);
  });

  it('stylish shows only what is not suppressed, and says how many are', () => {
    const text = stylish.format(results, context);
    expect(text).toContain('NO_WHITE');
    expect(text).not.toMatch(/error .*NO_BLACK/);
    expect(text).toContain('1 problem (1 error, 0 warnings)');
    expect(text).toContain('1 finding(s) suppressed by dsctl-disable comments');
  });
});
