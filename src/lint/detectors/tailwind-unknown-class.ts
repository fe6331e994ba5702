/**
 * tailwind-unknown-class: a class Tailwind does not generate (with the project's theme) and that no
 * project CSS or component contract defines — a typo, a utility of another theme (`bg-background` of
 * shadcn), a palette colour the theme reset. Needs Tailwind's class model (LintContext.tailwind);
 * without one it reports nothing, and the lint result's coverage summary says why.
 *
 * It is the catch-all: a name that one of the project's class-name rules (tailwind-class,
 * -prefix, -segment) reports is left to that rule and its more specific advice, not reported twice.
 */
import { z } from 'zod';
import { parseClassToken } from '../class-token.js';
import { isAutomated, type Rule } from '../../contracts/rule-types.js';
import { defineDetector, type CheckOf, type LintContext } from '../detector.js';
import { view, type LintDocument } from '../document.js';
import { styleBlockClassNames } from '../tailwind/component-classes.js';
import type { TailwindModel } from '../tailwind/model.js';
import { detector as tailwindClass } from './tailwind-class.js';
import { detector as tailwindClassPrefix } from './tailwind-class-prefix.js';
import { detector as tailwindClassSegment } from './tailwind-class-segment.js';

const CLASS_RULES: Readonly<Record<string, (rule: Rule, context: LintContext) => (name: string) => boolean>> = {
  'tailwind-class': (rule, context) => tailwindClass.prepare(rule, context),
  'tailwind-class-prefix': (rule, context) => tailwindClassPrefix.prepare(rule, context),
  'tailwind-class-segment': (rule, context) => tailwindClassSegment.prepare(rule, context),
};

const unknownClassCheck = z.strictObject({
  ignore: z.array(z.string().min(1)).optional().describe('Class names never reported (hooks for scripts: js-toggle, is-open).'),
  ignorePattern: z.string().min(1).optional().describe('A regular expression: class names matching it in whole are never reported.'),
});

const messages = { unknown: '"{token}" is not a class: Tailwind does not generate it with this theme, and no project CSS defines it' } as const;

// Template fragments and the like that reached the class list: not class names to judge.
const NOT_A_NAME = /[{}$<>"'`]|^[:/]|:$|^[-!]?$/;
const MEMO_LIMIT = 50_000;

interface Prepared {
  readonly ignored: (name: string) => boolean;
  readonly verdicts: Map<string, boolean>;
}

export const detector = defineDetector({
  id: 'tailwind-unknown-class',
  meta: {
    docs: {
      description:
        "A class that Tailwind's own class model of the project does not generate and that no project CSS, page <style> or component contract defines; names the project's tailwind-class* rules report are left to them.",
    },
    check: { key: 'unknownClassCheck', schema: unknownClassCheck },
    patterns: [],
    messages,
  },
  prepare(rule, context): Prepared {
    const check: CheckOf<typeof unknownClassCheck> = rule.unknownClassCheck ?? {};
    const exact = new Set(check.ignore ?? []);
    const pattern = check.ignorePattern === undefined ? undefined : new RegExp(`^(?:${check.ignorePattern})$`);
    const others = context.project.rules.rules
      .filter((other) => other.id !== rule.id && isAutomated(other) && other.detector in CLASS_RULES)
      .map((other) => (CLASS_RULES[other.detector] as (typeof CLASS_RULES)[string])(other, context));
    return { ignored: (name) => exact.has(name) || (pattern?.test(name) ?? false) || others.some((reports) => reports(name)), verdicts: new Map() };
  },
  run(doc, _rule, prepared, context) {
    const model = context.tailwind;
    if (!model) return [];
    const findings = [];
    const table = doc.classes;
    let local: ReadonlySet<string> | undefined;
    for (let i = 0; i < table.names.length; i++) {
      const name = table.names[i] as string;
      if (!isUnknown(name, model, prepared)) continue;
      local ??= view(doc, localClasses);
      if (local.has(name) || local.has(parseClassToken(name).base)) continue;
      for (const k of table.occurrencesOf(i)) findings.push({ range: table.range(k), token: name, messageId: 'unknown' as const });
    }
    return findings;
  },
});

/** Unknown to Tailwind and to the project's CSS, memoised by name (a page's own <style> is asked after). */
function isUnknown(name: string, model: TailwindModel, prepared: Prepared): boolean {
  let verdict = prepared.verdicts.get(name);
  if (verdict === undefined) {
    verdict = !NOT_A_NAME.test(name) && !prepared.ignored(name) && !model.classify(name).known && !model.isComponentClass(name) && !model.isComponentClass(parseClassToken(name).base);
    if (prepared.verdicts.size >= MEMO_LIMIT) prepared.verdicts.clear();
    prepared.verdicts.set(name, verdict);
  }
  return verdict;
}

/** Classes the document's own <style> blocks define. */
function localClasses(doc: LintDocument): ReadonlySet<string> {
  return styleBlockClassNames(doc.text);
}
