import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter, type Linter } from '../../src/lint/engine.js';
import type { LintResult, SourceType } from '../../src/lint/types.js';
import { loadValidProject } from '../../src/project/project.js';
import { starterProject, writeJson } from './project.js';

const defaults = { category: 'test', severity: 'error', description: 'not allowed', automationStatus: 'auto' };

/** A linter over the starter's tokens and theme with exactly these rules (components removed, as they name starter rules). */
export async function linterFor(rules: readonly Record<string, unknown>[]): Promise<Linter> {
  const dir = starterProject();
  const components = join(dir, 'design/contracts/components');
  for (const file of readdirSync(components)) rmSync(join(components, file));
  writeJson(dir, 'design/contracts/rules.json', { version: 'test', rules: rules.map((r) => ({ ...defaults, ...r })) });
  return createLinter(loadValidProject({ cwd: dir }));
}

export async function lintWith(rules: readonly Record<string, unknown>[], source: string, sourceType: SourceType = 'html'): Promise<LintResult> {
  return (await linterFor(rules)).lint(source, { sourceType });
}

/** `line:column token ruleId` for compact, exact assertions. */
export function found(result: LintResult): string[] {
  return result.violations.map((v) => `${v.line}:${v.column} ${v.token} ${v.ruleId}`);
}
