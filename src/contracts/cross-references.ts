import type { JsonDocument } from '../diagnostics/json-source.js';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import type { Config } from '../project/config-schema.js';
import type { ComponentEntry } from './component-types.js';
import type { RuleSet } from './rules.js';
import type { TokenSet } from './tokens.js';

/** A component's `rules[]` and `tokens[]` must name things that exist; deprecated tokens warn. */
export function checkComponentReferences(
  entry: ComponentEntry,
  doc: JsonDocument,
  rules: RuleSet,
  tokens: TokenSet,
  tokenPathsWithProblems: ReadonlySet<string>,
): Problem[] {
  const problems: Problem[] = [];
  const { contract } = entry;
  (contract.rules ?? []).forEach((id, index) => {
    if (!rules.byId.has(id)) {
      problems.push(
        problem(doc, 'component/unknown-rule', 'error', `component "${contract.name}" names rule "${id}", which is not in ${rules.file}`, `/rules/${index}`, false, nearestNames(id, rules.byId.keys())),
      );
    }
  });
  (contract.tokens ?? []).forEach((path, index) => {
    const token = tokens.tokens.get(path);
    if (!token) {
      // A token that exists but failed to load is already reported in the token file.
      if (tokenPathsWithProblems.has(path)) return;
      problems.push(
        problem(doc, 'component/unknown-token', 'error', `component "${contract.name}" uses token "${path}", which is not in ${tokens.file}`, `/tokens/${index}`, false, nearestNames(path, tokens.tokens.keys())),
      );
    } else if (token.deprecated !== undefined) {
      problems.push(
        problem(
          doc,
          'component/deprecated-token',
          'warn',
          `component "${contract.name}" uses deprecated token "${path}"`,
          `/tokens/${index}`,
          false,
          typeof token.deprecated === 'string' ? token.deprecated : undefined,
        ),
      );
    }
  });
  return problems;
}

/** Every rule id of the config's `overrides` must be a rule of rules.json: a typo would silently change nothing. */
export function checkOverrideRules(config: Config, doc: JsonDocument, rules: RuleSet): Problem[] {
  const problems: Problem[] = [];
  (config.overrides ?? []).forEach((o, index) => {
    for (const id of Object.keys(o.rules)) {
      if (rules.byId.has(id)) continue;
      const pointer = `/overrides/${index}/rules/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      problems.push(problem(doc, 'config/unknown-rule', 'error', `overrides[${index}] names rule "${id}", which is not in ${rules.file}`, pointer, true, nearestNames(id, rules.byId.keys())));
    }
  });
  return problems;
}
