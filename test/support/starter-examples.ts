import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { createLinter, type Linter } from '../../src/lint/engine.js';
import { loadValidProject } from '../../src/project/project.js';
import { found } from './lint.js';
import { starterProject } from './project.js';

export interface ExpectedViolation {
  readonly file: string;
  readonly ruleId: string;
  readonly line: number;
  readonly column: number;
  readonly token: string;
}

/** The seeded violations of the starter's examples/ (test/fixtures/starter-expected-violations.json). */
export const STARTER_EXPECTED = JSON.parse(readFileSync(new URL('../fixtures/starter-expected-violations.json', import.meta.url), 'utf8')) as {
  readonly clean: readonly string[];
  readonly violations: readonly ExpectedViolation[];
};

export const STARTER_EXAMPLES = ['examples/violations-marketing.html', 'examples/violations-settings.html', 'examples/clean.html'] as const;

/**
 * Lints the starter's example pages in-process (set up in beforeAll): `actual(file)` and
 * `expected(file)` are `line:column token ruleId` lists, filtered to the rules under test.
 */
export function useStarterExamples(keep: (ruleId: string) => boolean) {
  const texts = new Map<string, string>();
  let linter: Linter;
  beforeAll(async () => {
    const dir = starterProject();
    for (const file of STARTER_EXAMPLES) texts.set(file, readFileSync(join(dir, file), 'utf8'));
    linter = await createLinter(loadValidProject({ cwd: dir }), ['html']);
  });
  return {
    actual: (file: string) => found(linter.lint(texts.get(file) ?? '', { filename: file })).filter((f) => keep(f.split(' ')[2] ?? '')),
    expected: (file: string) =>
      STARTER_EXPECTED.violations.filter((v) => v.file === file && keep(v.ruleId)).map((v) => `${v.line}:${v.column} ${v.token} ${v.ruleId}`),
  };
}
