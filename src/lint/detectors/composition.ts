import type { ChildNode, Element, Text } from 'domhandler';
import { z } from 'zod';
import { nonEmptyString, stringList } from '../../contracts/rule-fields.js';
import { hasClassName } from '../class-token.js';
import { defineDetector, type CheckOf, type Finding } from '../detector.js';
import { spreadOn, type LintDocument, type Spread } from '../document.js';
import { isDynamic, tagRange } from './markup.js';
import { compileSelector, type CompiledSelector } from './selector.js';

const compositionCheck = z.discriminatedUnion('kind', [
  z
    .strictObject({ kind: z.literal('nested-selector'), selector: nonEmptyString, nested: nonEmptyString })
    .describe('An element matching `nested` inside an element matching `selector`; one finding per nested occurrence.'),
  z
    .strictObject({
      kind: z.literal('dom-attr-required'),
      selector: nonEmptyString,
      requireAnyAttr: stringList,
      when: z.enum(['always', 'icon-only', 'text-glyph']).optional(),
      glyphs: stringList.optional(),
      scope: z.enum(['self', 'ancestor-or-self']).optional(),
    })
    .describe('Elements matching `selector` must carry a non-blank attribute of `requireAnyAttr`.')
    // JSON Schema only (zod does not validate rules): text-glyph needs its glyphs.
    .meta({ if: { properties: { when: { const: 'text-glyph' } }, required: ['when'] }, then: { required: ['glyphs'] } }),
  z
    .strictObject({ kind: z.literal('dom-class-required'), selector: nonEmptyString, requireAnyClass: stringList, excludeWhen: nonEmptyString.optional() })
    .describe('Elements matching `selector` must carry one of `requireAnyClass`, unless they match `excludeWhen`.'),
]);
type CompositionCheck = CheckOf<typeof compositionCheck>;

const messages = {
  'nested-selector': '<{tag}> matching "{nested}" inside "{selector}": {description}',
  'dom-attr-required': '<{tag}> needs one of {attrs}: {description}',
  'dom-class-required': '<{tag}> needs one of the classes {classes}: {description}',
} as const;

type Matcher = (element: Element) => boolean;

interface Prepared {
  readonly check: CompositionCheck;
  readonly selector: CompiledSelector;
  readonly nested?: CompiledSelector;
  readonly exclude?: Matcher;
}

// Text from a JSX or Vue expression: present but unknown (see the JSX and Vue sources).
const UNKNOWN_TEXT = '\u0000';

export const detector = defineDetector({
  id: 'composition',
  meta: {
    docs: { description: 'How components are put together: nesting, accessible names, required component classes, as `compositionCheck.kind` says.' },
    check: { key: 'compositionCheck', schema: compositionCheck },
    patterns: [],
    messages,
  },
  prepare(rule): Prepared {
    const check = rule.compositionCheck;
    return {
      check,
      selector: compileSelector(check.selector),
      ...(check.kind === 'nested-selector' ? { nested: compileSelector(check.nested) } : {}),
      ...(check.kind === 'dom-class-required' && check.excludeWhen ? { exclude: compileSelector(check.excludeWhen).matches } : {}),
    };
  },
  run(doc, _rule, prepared) {
    const findings: Finding<keyof typeof messages>[] = [];
    const { check, selector, nested, exclude } = prepared;
    const selected = selector.matcherIn(doc);
    const nestedSelected = nested?.matcherIn(doc);
    // Only the elements the check is about: those its selector (the nested one, for nesting) could match.
    for (const element of (nested ?? selector).candidates(doc)) {
      const tag = element.name;
      switch (check.kind) {
        case 'nested-selector':
          // One finding per nested occurrence: the inner element is the one to move.
          if (nestedSelected?.(element) && hasAncestor(element, selected)) {
            findings.push({ range: tagRange(doc, element), token: tag, messageId: 'nested-selector', data: { tag, nested: check.nested, selector: check.selector } });
          }
          break;
        case 'dom-attr-required': {
          if (!selected(element)) break;
          const when = check.when ?? 'always';
          if (when === 'icon-only' && !isIconOnly(element)) break;
          if (when === 'text-glyph' && !(check.glyphs ?? []).includes(accessibleText(element).trim())) break;
          const scope = check.scope ?? 'self';
          if (!hasNonBlankAttr(doc, element, check.requireAnyAttr, scope)) {
            const attrs = check.requireAnyAttr.join(', ');
            const finding: Finding<'dom-attr-required'> = { range: tagRange(doc, element), token: tag, messageId: 'dom-attr-required', data: { tag, attrs } };
            // A spread (on the element, or an ancestor the scope reaches) may supply it: not judged, but said.
            const spread = spreadInScope(doc, element, scope);
            findings.push(spread ? { ...finding, unchecked: `<${tag}> needs one of ${attrs}: ${spread.text} may supply it` } : finding);
          }
          break;
        }
        case 'dom-class-required': {
          if (!selected(element) || exclude?.(element)) break;
          // A class list built at run time cannot be judged.
          if (isDynamic(doc, element, 'class')) break;
          const list = element.attribs.class ?? '';
          if (!check.requireAnyClass.some((name) => hasClassName(list, name))) {
            findings.push({ range: tagRange(doc, element), token: tag, messageId: 'dom-class-required', data: { tag, classes: check.requireAnyClass.join(', ') } });
          }
          break;
        }
      }
    }
    return findings;
  },
});

function hasAncestor(element: Element, matches: Matcher): boolean {
  for (let node = element.parent; node && node.type !== 'root'; node = node.parent) {
    if (matches(node as Element)) return true;
  }
  return false;
}

function spreadInScope(doc: LintDocument, element: Element, scope: 'self' | 'ancestor-or-self'): Spread | undefined {
  for (let node: Element | null = element; node; node = scope === 'self' || !node.parent || node.parent.type === 'root' ? null : (node.parent as Element)) {
    const spread = spreadOn(doc, node);
    if (spread) return spread;
  }
  return undefined;
}

/** Blank values count as absent; a dynamic value counts as present (it cannot be judged). */
function hasNonBlankAttr(doc: LintDocument, element: Element, attrs: readonly string[], scope: 'self' | 'ancestor-or-self'): boolean {
  for (let node: Element | null = element; node; node = scope === 'self' || !node.parent || node.parent.type === 'root' ? null : (node.parent as Element)) {
    for (const attr of attrs) {
      if (!(attr in node.attribs)) continue;
      if (isDynamic(doc, node, attr) || (node.attribs[attr] ?? '').trim() !== '') return true;
    }
  }
  return false;
}

/** Has children but nothing a screen reader would read as its name. */
function isIconOnly(element: Element): boolean {
  return element.children.some((c) => c.type === 'tag') && accessibleText(element).trim() === '';
}

/** Text content a screen reader reads: text nodes and img alt, skipping aria-hidden subtrees. */
function accessibleText(element: Element): string {
  // Most buttons hold one text node: no walk.
  const only = element.children.length === 1 ? element.children[0] : undefined;
  if (only?.type === 'text') return plainText((only as Text).data);
  let text = '';
  const stack: ChildNode[] = [...element.children].reverse();
  while (stack.length) {
    const node = stack.pop() as ChildNode;
    if (node.type === 'text') text += node.data;
    else if (node.type === 'tag') {
      const child = node as Element;
      if (child.attribs['aria-hidden'] === 'true') continue;
      if (child.name === 'img' && child.attribs.alt) text += child.attribs.alt;
      for (let i = child.children.length - 1; i >= 0; i--) stack.push(child.children[i] as ChildNode);
    }
  }
  return plainText(text);
}

function plainText(text: string): string {
  return text.includes(UNKNOWN_TEXT) ? text.replaceAll(UNKNOWN_TEXT, '?') : text;
}
