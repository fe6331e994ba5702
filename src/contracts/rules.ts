import { compile } from 'css-select';
import safeRegex from 'safe-regex2';
import type { JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import { CHECK_OBJECT_KEYS, DETECTOR_INPUTS, PATTERN_FIELDS, type Rule } from './rule-types.js';

export interface RuleSet {
  readonly file: string;
  readonly version: string;
  /** In file order. */
  readonly rules: readonly Rule[];
  readonly byId: ReadonlyMap<string, Rule>;
}

/**
 * Semantic checks on a schema-valid rules document: ids unique, patterns compile and cannot
 * backtrack catastrophically, and each detector has exactly the inputs it reads.
 */
export function parseRules(doc: JsonDocument): { rules: RuleSet; problems: Problem[] } {
  const problems: Problem[] = [];
  const data = doc.value as { version?: unknown; rules?: unknown };
  const list = Array.isArray(data.rules) ? (data.rules as Rule[]) : [];
  const byId = new Map<string, Rule>();
  const firstIndex = new Map<string, number>();

  list.forEach((rule, index) => {
    if (typeof rule !== 'object' || rule === null || typeof rule.id !== 'string') return; // the schema reports it
    const at = `/rules/${index}`;
    const report = (code: string, message: string, pointer: string, atKey = false, hint?: string) =>
      problems.push(problem(doc, code, 'error', message, pointer, atKey, hint));

    const earlier = firstIndex.get(rule.id);
    if (earlier !== undefined) {
      report('rule/duplicate-id', `rule id "${rule.id}" is used twice (first at /rules/${earlier})`, `${at}/id`);
    } else {
      firstIndex.set(rule.id, index);
      byId.set(rule.id, rule);
    }

    for (const [pointer, source] of patternsOf(rule, at)) {
      let compiled = true;
      try {
        new RegExp(source);
      } catch (error) {
        compiled = false;
        report('rule/pattern-invalid', `rule ${rule.id}: pattern ${JSON.stringify(source)} does not compile: ${(error as Error).message}`, pointer);
      }
      if (compiled && !safeRegex(source)) {
        report(
          'rule/pattern-redos',
          `rule ${rule.id}: pattern ${JSON.stringify(source)} can backtrack catastrophically (ReDoS) on hostile input`,
          pointer,
          false,
          'Remove nested quantifiers such as (a+)+ or (a*)*; anchor and simplify the pattern.',
        );
      }
    }

    for (const [pointer, selector] of selectorsOf(rule, at)) {
      try {
        compile(selector);
      } catch (error) {
        report('rule/selector-invalid', `rule ${rule.id}: selector ${JSON.stringify(selector)} is not a supported CSS selector: ${(error as Error).message}`, pointer);
      }
    }

    const inputs = DETECTOR_INPUTS[rule.detector];
    if (!inputs) return; // unknown detector: the schema reports it
    if (inputs.check && rule[inputs.check] === undefined) {
      report('rule/check-missing', `rule ${rule.id}: detector "${rule.detector}" needs "${inputs.check}"`, at);
    }
    for (const key of CHECK_OBJECT_KEYS) {
      if (key !== inputs.check && rule[key] !== undefined) {
        report('rule/check-unused', `rule ${rule.id}: detector "${rule.detector}" does not read "${key}"`, `${at}/${key}`, true);
      }
    }
    for (const key of PATTERN_FIELDS) {
      if (rule[key] !== undefined && !inputs.patterns.includes(key)) {
        report('rule/check-unused', `rule ${rule.id}: detector "${rule.detector}" does not read "${key}"`, `${at}/${key}`, true);
      }
    }
    if (inputs.patterns.length > 0 && !inputs.patterns.some((key) => rule[key] !== undefined)) {
      report('rule/check-missing', `rule ${rule.id}: detector "${rule.detector}" needs one of ${inputs.patterns.join(', ')}`, at);
    }
    if (rule.detector === 'manual' && rule.automationStatus === 'auto') {
      report(
        'rule/automation-mismatch',
        `rule ${rule.id}: a manual rule cannot have automationStatus "auto"`,
        `${at}/automationStatus`,
        false,
        'Say how it is covered instead: covered-by-test, impossible-static, llm-judge-candidate or human-only.',
      );
    }
  });

  return {
    rules: { file: doc.file, version: typeof data.version === 'string' ? data.version : '', rules: list, byId },
    problems,
  };
}

function* patternsOf(rule: Rule, at: string): Generator<[string, string]> {
  if (typeof rule.pattern === 'string') yield [`${at}/pattern`, rule.pattern];
  const check = rule.htmlAttrCheck;
  if (check?.kind === 'attr-value-forbidden' && typeof check.valuePattern === 'string') {
    yield [`${at}/htmlAttrCheck/valuePattern`, check.valuePattern];
  }
}

function* selectorsOf(rule: Rule, at: string): Generator<[string, string]> {
  const html = rule.htmlAttrCheck;
  if (html?.kind === 'element-present' && typeof html.selector === 'string') yield [`${at}/htmlAttrCheck/selector`, html.selector];
  const composition = rule.compositionCheck as Record<string, unknown> | undefined;
  for (const key of ['selector', 'nested', 'excludeWhen']) {
    const value = composition?.[key];
    if (typeof value === 'string') yield [`${at}/compositionCheck/${key}`, value];
  }
}
