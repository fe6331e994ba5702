import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from '../diagnostics/problem.js';
import { sortProblems } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import { fileError } from '../io/read-text.js';
import { checkComponent } from '../contracts/components.js';
import { CONTRACT_SUFFIX, type ComponentEntry, type ComponentSet } from '../contracts/component-types.js';
import { checkComponentReferences, checkOverrideRules } from '../contracts/cross-references.js';
import { parseRules, type RuleSet } from '../contracts/rules.js';
import { createContractValidator } from '../contracts/schema-validation.js';
import { parseTokens, type TokenSet } from '../contracts/tokens.js';
import type { JsonDocument } from '../diagnostics/json-source.js';
import type { Config } from './config-schema.js';
import { loadConfig } from './config.js';
import { deepFreeze } from './deep-freeze.js';
import { PolicySchema, type Policy } from './policy-schema.js';
import { invalidFileError, parseConfigDocument, readJsonDocument } from './read-json.js';

/** Config, policy and every contract, loaded and validated once. Immutable. */
export interface Project {
  /** Folder of dsctl.config.json; every path in the project is relative to it. */
  readonly root: string;
  readonly configPath: string;
  readonly config: Config;
  readonly policy: Policy;
  readonly tokens: TokenSet;
  readonly rules: RuleSet;
  readonly components: ComponentSet;
  /** Everything `dsctl check` reports, sorted. Errors mean the contracts must not be trusted. */
  readonly problems: readonly Problem[];
  /** Every file and folder read, for cache invalidation and reload. */
  readonly sources: readonly string[];
}

export interface LoadOptions {
  readonly cwd: string;
  readonly configPath?: string | undefined;
}

const cache = new Map<string, { stamp: string; project: Project }>();

/**
 * Loads the project around `cwd`. Unusable input (no config, malformed JSON, invalid config or policy,
 * missing files) throws a UserError; contract problems are collected in `problems`. A second call
 * returns the same object unless a source file changed.
 */
export function loadProject(options: LoadOptions): Project {
  const { path: configPath, root, config, doc: configDoc } = loadConfig(options);
  const cached = cache.get(configPath);
  if (cached && cached.stamp === stampOf(cached.project.sources)) return cached.project;

  const display = (abs: string) => relative(root, abs).split(sep).join('/') || '.';
  const abs = (p: string) => join(root, p);
  const sources = [configPath];
  const read = (p: string, what: string): JsonDocument => {
    sources.push(abs(p));
    return readJsonDocument(abs(p), display(abs(p)), what);
  };

  const policyDoc = read(config.policy, 'policy file');
  const policy = parseConfigDocument(policyDoc, PolicySchema, 'policy/invalid', 'policy');

  sources.push(abs(config.contracts.schemas));
  const validator = createContractValidator(abs(config.contracts.schemas), display(abs(config.contracts.schemas)));
  const problems: Problem[] = [...validator.problems];

  const tokensDoc = read(config.contracts.tokens, 'token file');
  const parsedTokens = parseTokens(tokensDoc);
  const notDtcg = parsedTokens.problems.filter((p) => p.code === 'token/not-dtcg').map((p) => p.pointer?.replace(/\/value$/, '') ?? '');
  problems.push(
    ...validator.validate('tokens', tokensDoc).filter((p) => !notDtcg.some((prefix) => (p.pointer ?? '').startsWith(prefix))),
    ...parsedTokens.problems,
  );

  problems.push(...checkThemeGroups(config, configDoc, parsedTokens.declared));

  const rulesDoc = read(config.contracts.rules, 'rules file');
  const parsedRules = parseRules(rulesDoc);
  problems.push(...validator.validate('rules', rulesDoc), ...parsedRules.problems);
  problems.push(...checkOverrideRules(config, configDoc, parsedRules.rules));

  const componentsDir = abs(config.contracts.components);
  sources.push(componentsDir);
  let files: string[];
  try {
    files = readdirSync(componentsDir)
      .filter((f) => f.endsWith(CONTRACT_SUFFIX))
      .sort();
  } catch (error) {
    throw fileError(error, display(componentsDir), 'components folder');
  }
  const entries: ComponentEntry[] = [];
  const byId = new Map<string, ComponentEntry>();
  const byName = new Map<string, string>();
  for (const file of files) {
    const doc = read(join(config.contracts.components, file), 'component contract');
    const schemaProblems = validator.validate('component', doc);
    problems.push(...schemaProblems);
    if (typeof doc.value !== 'object' || doc.value === null || Array.isArray(doc.value)) continue;
    const { entry, problems: own } = checkComponent(doc, file);
    problems.push(...own);
    const { id, name } = entry.contract;
    if (typeof id === 'string') {
      const first = byId.get(id);
      if (first) problems.push(problem(doc, 'component/duplicate', 'error', `component id "${id}" is also used by ${first.file}`, '/id'));
      else byId.set(id, entry);
    }
    if (typeof name === 'string') {
      const first = byName.get(name.toLowerCase());
      if (first) problems.push(problem(doc, 'component/duplicate', 'error', `component name "${name}" is also used by ${first}`, '/name'));
      else byName.set(name.toLowerCase(), doc.file);
    }
    problems.push(...checkComponentReferences(entry, doc, parsedRules.rules, parsedTokens.tokens, parsedTokens.declared));
    entries.push(entry);
  }
  entries.sort((a, b) => String(a.contract.id).localeCompare(String(b.contract.id)));

  const project: Project = deepFreeze({
    root,
    configPath,
    config,
    policy,
    tokens: parsedTokens.tokens,
    rules: parsedRules.rules,
    components: { dir: display(componentsDir), components: entries, byId },
    problems: sortProblems(problems),
    sources,
  });
  cache.set(configPath, { stamp: stampOf(sources), project });
  return project;
}

/** A project whose contracts have no errors — what every command but `check` works on. */
export function loadValidProject(options: LoadOptions): Project {
  const project = loadProject(options);
  const errors = project.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw invalidFileError(
      'contracts/invalid',
      `the design system's contracts have ${errors.length} error(s); run \`dsctl check\` for details`,
      errors,
    );
  }
  return project;
}

/** A theme namespace naming a group with no tokens would silently switch off contrast and suggestions. */
function checkThemeGroups(config: Config, doc: JsonDocument, declared: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  for (const [namespace, groups] of Object.entries(config.theme)) {
    groups.forEach((group, index) => {
      const prefix = `${group}.`;
      if (![...declared].some((path) => path.startsWith(prefix))) {
        problems.push(problem(doc, 'config/theme-group', 'error', `theme.${namespace} names "${group}", which holds no token`, `/theme/${namespace}/${index}`));
      }
    });
  }
  return problems;
}

function stampOf(paths: readonly string[]): string {
  return paths
    .map((p) => {
      if (!existsSync(p)) return `${p}:-`;
      const s = statSync(p);
      return `${p}:${s.mtimeMs}:${s.size}`;
    })
    .join('|');
}
