import { resolve } from 'node:path';
import type { Rule } from '../contracts/rule-types.js';
import { buildThemeIndex, type ThemeIndex } from '../contracts/theme-index.js';
import { themeTokenOfUtility, utilityPrefixOf } from '../contracts/utility-prefixes.js';
import type { JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import { readJsonDocument } from '../project/read-json.js';
import type { Project } from '../project/project.js';
import type { DetectorModule } from './detector.js';
import { detectorRegistry } from './detectors/index.js';

/*
 * Warnings about rules that look right but cannot do their job: a class pattern no class can match
 * (a whole-class pattern `\[#…\]` with no utility prefix), and an alternative that tells agents to
 * use a utility the theme does not define (they would then write a class the checker flags next).
 */

// Class bases as Tailwind writes them: plain utilities, theme and palette steps, arbitrary values
// (with and without an opacity modifier), arbitrary properties, fractions, negatives.
const PREFIXES = ['bg', 'text', 'border', 'ring', 'outline', 'fill', 'stroke', 'divide', 'accent', 'caret', 'decoration', 'placeholder', 'from', 'via', 'to', 'shadow', 'p', 'px', 'py', 'pt', 'm', 'mx', 'my', 'mt', 'gap', 'gap-x', 'space-x', 'w', 'h', 'size', 'min-w', 'max-w', 'inset', 'top', 'left', 'rounded', 'rounded-t', 'z', 'font', 'leading', 'tracking', 'duration', 'delay', 'ease', 'opacity', 'grid-cols', 'translate-x', 'drop-shadow', 'aspect'];
const VALUES = ['0', '0.5', '1', '4', '12', '1/2', 'px', 'sm', 'md', 'lg', 'xl', '2xl', 'full', 'none', 'black', 'white', 'red-500', 'slate-900', 'blue-500/50', 'primary', 'fg', 'fg-muted', '[13px]', '[#3b5998]', '[#3b5998]/90', '[var(--brand)]', '[0.5]', '[1.5rem]'];
const PLAIN = ['flex', 'block', 'hidden', 'grid', 'inline-flex', 'contents', 'sr-only', 'truncate', 'italic', 'underline', 'rounded', 'shadow', 'border', 'transition', 'transition-colors', 'container', 'btn', 'card', '[mask-type:luminance]', '[--gap:4px]'];
const SAMPLES: readonly string[] = [...PLAIN, ...PREFIXES.flatMap((p) => VALUES.flatMap((v) => [`${p}-${v}`, `-${p}-${v}`]))];
/** What a pattern written without its utility prefix matches: an arbitrary value alone is no class. */
const BARE_VALUES = ['[#3b5998]', '[#fff]', '[13px]', '[1.5rem]', '[var(--brand)]', '[0.5]', '[50%]'];

/** Values of these prefixes that are utilities of their own, not theme names (`text-center`, `border-t`). */
const STRUCTURAL = new Set(
  [
    'center left right justify start end wrap nowrap balance pretty ellipsis clip transparent current inherit none auto',
    't r b l x y s e 0 2 4 8 solid dashed dotted double hidden collapse separate full inner inset px',
    'fixed local scroll cover contain repeat no-repeat top bottom origin-border origin-padding origin-content',
  ]
    .join(' ')
    .split(' '),
);

/**
 * `bg-primary` / `text-fg-muted` in prose, also at the end of a sentence (`… use gap-x-4.`); a path such
 * as `color.semantic.light` or `z-index.modal` is not a class.
 */
const CLASS_IN_TEXT = /(?<![\w./-])([a-z][a-z0-9]*)-([a-z0-9]+(?:-[a-z0-9]+)*)(?![\w-]|[./][\w])/g;

const CLASS_DETECTORS = new Set(['tailwind-class', 'tailwind-class-prefix', 'tailwind-class-segment']);

/** The warnings of `dsctl check` about the project's rules (a valid project: the contracts load). */
export function ruleReachProblems(project: Project): Problem[] {
  const doc = readJsonDocument(resolve(project.root, project.config.contracts.rules), project.rules.file, 'rules file');
  const theme = buildThemeIndex(project);
  const context = { project, theme };
  // The rule's own matcher, as lint runs it: a class it forbids is never advice.
  const matchers = new Map<Rule, (name: string) => boolean>();
  const matches = (rule: Rule, name: string): boolean => {
    if (!CLASS_DETECTORS.has(rule.detector)) return false;
    let matcher = matchers.get(rule);
    if (matcher === undefined) {
      const detector = detectorRegistry[rule.detector as keyof typeof detectorRegistry] as DetectorModule<unknown>;
      matcher = detector.prepare(rule, context) as (name: string) => boolean;
      matchers.set(rule, matcher);
    }
    return matcher(name);
  };
  return checkRuleReach(doc, project.rules.rules, theme, matches);
}

export function checkRuleReach(doc: JsonDocument, rules: readonly Rule[], theme: ThemeIndex, matches: (rule: Rule, className: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  rules.forEach((rule, index) => {
    const at = `/rules/${index}`;
    if (typeof rule.pattern === 'string' && (rule.detector === 'tailwind-class' || rule.detector === 'tailwind-class-prefix') && isCompilable(rule.pattern)) {
      const anchored = new RegExp(rule.detector === 'tailwind-class' ? `^(?:${rule.pattern})$` : `^(?:${rule.pattern})`);
      // Precise on purpose: a pattern that matches a bare arbitrary value and no class of ours.
      const bare = BARE_VALUES.filter((v) => anchored.test(v));
      if (bare.length > 0 && !SAMPLES.some((v) => anchored.test(v))) {
        problems.push(
          problem(doc, 'rule/pattern-unreachable', 'warn', `rule ${rule.id}: pattern ${JSON.stringify(rule.pattern)} matches ${bare.map((v) => `"${v}"`).join(', ')} but no class: it is matched against the whole class (its variants such as hover: removed), and a class starts with its utility`, `${at}/pattern`, false, 'Put the utility in front: `(bg|text|border)-\\[#[0-9a-f]+\\]`, not `\\[#[0-9a-f]+\\]`.'),
        );
      }
    }
    if (typeof rule.alternative === 'string') {
      const unknown = [...new Set(classesIn(rule.alternative))].filter((cls) => {
        // A class the rule itself forbids is the "instead of" example, not advice.
        if (matches(rule, cls)) return false;
        const named = utilityPrefixOf(cls);
        if (named === undefined || named.entry.open || STRUCTURAL.has(named.name) || STRUCTURAL.has(named.name.split('-')[0] ?? '')) return false;
        return themeTokenOfUtility(named.entry, named.name, theme) === undefined;
      });
      if (unknown.length) {
        problems.push(problem(doc, 'rule/alternative-unknown', 'warn', `rule ${rule.id}: the alternative names ${unknown.map((c) => `"${c}"`).join(', ')}, which the theme does not define`, `${at}/alternative`, false, 'Name a utility of the theme (see the generated theme), or add the token first.'));
      }
    }
  });
  return problems;
}

function classesIn(text: string): string[] {
  return [...text.matchAll(CLASS_IN_TEXT)].map((m) => m[0]);
}

function isCompilable(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false; // rule/pattern-invalid says so
  }
}
