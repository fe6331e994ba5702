import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { ajvErrorsToProblems } from '../diagnostics/schema-issues.js';
import { packageRoot } from '../project/package-root.js';
import { CONTRACT_AJV_OPTIONS } from './ajv-options.js';
import { validateComponent, validateRules, validateTokens } from './generated/contract-validators.js';

export type ContractKind = 'tokens' | 'rules' | 'component';

export const SCHEMA_FILES: Readonly<Record<ContractKind, string>> = {
  tokens: 'tokens.schema.json',
  rules: 'rules.schema.json',
  component: 'component.schema.json',
};

export interface ContractValidator {
  /** Problems with the schemas themselves (missing, not compilable). */
  readonly problems: readonly Problem[];
  validate(kind: ContractKind, doc: JsonDocument): Problem[];
}

function newAjv(): Ajv2020 {
  return new Ajv2020(CONTRACT_AJV_OPTIONS);
}

const COMPILED: Readonly<Record<ContractKind, ValidateFunction>> = { tokens: validateTokens, rules: validateRules, component: validateComponent };

let builtin: Map<ContractKind, { text: string; validate: ValidateFunction }> | undefined;

/**
 * dsctl's own schemas: they define what dsctl can understand, so they always apply. They are compiled
 * at build time; the text is read to tell whether a project's copy says more.
 */
function builtinValidators(): Map<ContractKind, { text: string; validate: ValidateFunction }> {
  if (builtin) return builtin;
  builtin = new Map();
  for (const [kind, file] of Object.entries(SCHEMA_FILES) as [ContractKind, string][]) {
    builtin.set(kind, { text: readFileSync(join(packageRoot(), 'schemas', file), 'utf8'), validate: COMPILED[kind] });
  }
  return builtin;
}

/**
 * Validates contracts with dsctl's schemas and, where the project's copy in `design/schemas/` says
 * more (a team may tighten it), with the project's schema too.
 */
export function createContractValidator(schemasDir: string, displayDir: string): ContractValidator {
  const problems: Problem[] = [];
  const own = builtinValidators();
  const project = new Map<ContractKind, ValidateFunction>();
  for (const [kind, file] of Object.entries(SCHEMA_FILES) as [ContractKind, string][]) {
    const path = join(schemasDir, file);
    const display = `${displayDir}/${file}`;
    if (!existsSync(path)) {
      problems.push({
        severity: 'error',
        code: 'schema/missing',
        message: `schema ${display} is missing; contracts were checked with dsctl's built-in ${file}`,
        file: display,
        hint: `Copy node_modules/dsctl/schemas/${file} there.`,
      });
      continue;
    }
    const text = readFileSync(path, 'utf8');
    if (text === own.get(kind)?.text) continue;
    try {
      project.set(kind, newAjv().compile(JSON.parse(text) as object));
    } catch (error) {
      problems.push({
        severity: 'error',
        code: 'schema/unusable',
        message: `schema ${display} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
        file: display,
      });
    }
  }
  return {
    problems,
    validate(kind, doc) {
      const out: Problem[] = [];
      const seen = new Set<string>();
      const run = (validate: ValidateFunction | undefined, name: string) => {
        if (!validate || validate(doc.value)) return;
        for (const p of ajvErrorsToProblems(validate.errors ?? [], doc, 'schema/invalid', name)) {
          const key = `${p.pointer ?? ''}\u0000${p.message.replace(/ \([^)]*\)$/, '')}`;
          if (!seen.has(key)) {
            seen.add(key);
            out.push(p);
          }
        }
      };
      run(own.get(kind)?.validate, SCHEMA_FILES[kind]);
      run(project.get(kind), `${displayDir}/${SCHEMA_FILES[kind]}`);
      return out;
    },
  };
}
