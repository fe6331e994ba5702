import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ComponentContract } from '../contracts/component-types.js';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { parseJsonDocument, type JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import { git, gitShow } from '../io/git.js';
import type { Project } from '../project/project.js';
import { readJsonDocument } from '../project/read-json.js';
import { componentRisk, type ComponentRisk } from './risk.js';

export type CoverageStatus = 'covered' | 'missing' | 'waived' | 'no-code' | 'display';

export interface CoverageEntry {
  readonly name: string;
  readonly risk: ComponentRisk;
  readonly status: CoverageStatus;
  readonly source?: string;
  /** Project-relative test file: the one found, or the one expected. */
  readonly test?: string;
}

export interface CoverageResult {
  readonly components: readonly CoverageEntry[];
  /** Errors fail the check; `info` notes say what could not be checked. */
  readonly problems: readonly Problem[];
}

export interface CoverageOptions {
  /** `a11yWaivers` of the policy at the merge base (`--base`): the list may only shrink from it. */
  readonly baseWaivers?: readonly string[];
  /** For messages: the ref the base waivers came from. */
  readonly baseRef?: string;
}

/**
 * ADR-008's Tier-2 gate: every interactive component (by `componentRisk`) has its behavioural test
 * `<Name>.a11y.test.tsx` beside its `source`. Components are located by the contract's `source` only:
 * a contract without one has no code here to check, which is a note, not a failure.
 */
export function a11yCoverage(project: Project, options: CoverageOptions = {}): CoverageResult {
  const problems: Problem[] = [];
  const waivers = project.policy.a11yWaivers;
  const policy = policyDocument(project);
  const entries: CoverageEntry[] = [];
  for (const { contract, file } of project.components.components) {
    const { risk } = componentRisk(contract);
    const waived = waivers.includes(contract.name);
    if (risk === 'display') {
      entries.push({ name: contract.name, risk, status: 'display' });
      continue;
    }
    if (contract.source === undefined) {
      entries.push({ name: contract.name, risk, status: waived ? 'waived' : 'no-code' });
      problems.push({ severity: 'info', code: 'a11y/no-code', message: `${contract.name} is interactive, but its contract has no "source": no component code to check`, file, pointer: '/source' });
      continue;
    }
    const candidates = testFilesFor(contract);
    const found = candidates.find((t) => existsSync(join(project.root, t)));
    const test = found ?? (candidates[0] as string);
    if (found && waived) {
      entries.push({ name: contract.name, risk, status: 'covered', source: contract.source, test });
      problems.push(waiverProblem(policy, waivers, contract.name, 'a11y/waiver-stale', `${contract.name} has its test ${test} now, so its waiver is stale: remove "${contract.name}" from a11yWaivers`));
    } else if (found) {
      entries.push({ name: contract.name, risk, status: 'covered', source: contract.source, test });
    } else if (waived) {
      entries.push({ name: contract.name, risk, status: 'waived', source: contract.source, test });
    } else {
      entries.push({ name: contract.name, risk, status: 'missing', source: contract.source, test });
      problems.push({
        severity: 'error',
        code: 'a11y/test-missing',
        message: `${contract.name} is interactive (${componentRisk(contract).reasons.join('; ')}) but has no ${test}`,
        file: contract.source,
        hint: `Write ${test}: assert every keyboardInteraction of the contract, the state attributes and focus movement (vitest + Testing Library + vitest-axe).`,
      });
    }
  }

  const names = project.components.components.map((e) => e.contract.name);
  for (const name of waivers) {
    const contract = project.components.components.find((e) => e.contract.name === name)?.contract;
    if (!contract) {
      const near = nearestNames(name, names);
      problems.push(waiverProblem(policy, waivers, name, 'a11y/waiver-unknown', `a11yWaivers names "${name}", which is no component${near ? `: ${near}` : ''}`));
    } else if (componentRisk(contract).risk !== 'interactive') {
      problems.push(waiverProblem(policy, waivers, name, 'a11y/waiver-not-interactive', `a11yWaivers names ${name}, which is not interactive and needs no a11y test: remove it`));
    }
    if (options.baseWaivers && !options.baseWaivers.includes(name)) {
      problems.push(waiverProblem(policy, waivers, name, 'a11y/waiver-added', `waiver "${name}" is not in a11yWaivers at ${options.baseRef ?? 'the merge base'}: waivers may not be added, only removed; write the test instead`));
    }
  }
  return { components: entries, problems };
}

/** `a11yWaivers` of the policy at the merge base of `ref` and HEAD; empty when the policy or the key did not exist there. */
export function waiversAtBase(project: Project, ref: string): string[] {
  const base = git(project.root, ['merge-base', ref, 'HEAD'], 'a11y/git').trim();
  // `rev:./path` is relative to git's working directory: the project root, wherever the repository's top is.
  const text = gitShow(project.root, base, `./${project.config.policy}`);
  if (text === undefined) return [];
  const value: unknown = parseJsonDocument(text, `${project.config.policy} at ${ref}`).value;
  const list = typeof value === 'object' && value !== null ? (value as { a11yWaivers?: unknown }).a11yWaivers : undefined;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

/** `<Name>.a11y.test.tsx` beside the source; a kebab-case file (`button.tsx`) may name its test the same way. */
function testFilesFor(contract: ComponentContract): string[] {
  const source = contract.source as string;
  const dir = dirname(source);
  const stem = basename(source).replace(/\.(?:tsx|jsx|ts|js|vue)$/, '');
  const at = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
  return [...new Set([`${contract.name}.a11y.test.tsx`, `${stem}.a11y.test.tsx`])].map(at);
}

function policyDocument(project: Project): JsonDocument {
  return readJsonDocument(join(project.root, project.config.policy), project.config.policy, 'policy file');
}

function waiverProblem(doc: JsonDocument, waivers: readonly string[], name: string, code: string, message: string): Problem {
  return problem(doc, code, 'error', message, `/a11yWaivers/${waivers.indexOf(name)}`);
}
