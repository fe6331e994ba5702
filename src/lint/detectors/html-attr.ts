import type { Element } from 'domhandler';
import { z } from 'zod';
import { nonEmptyString, stringList } from '../../contracts/rule-fields.js';
import { defineDetector, type CheckOf, type Finding } from '../detector.js';
import { spreadOn, type LintDocument } from '../document.js';
import { attributeNameRange, elementsWithAttribute, elementsWithTags, isDynamic, tagMatches, tagRange } from './markup.js';
import { compileSelector, type CompiledSelector } from './selector.js';

const htmlAttrCheck = z.discriminatedUnion('kind', [
  z
    .strictObject({ kind: z.literal('attr-value-forbidden'), attr: nonEmptyString, values: stringList.optional(), valuePattern: nonEmptyString.optional(), tags: stringList.optional() })
    .describe('An attribute whose value equals one of `values` (or matches `valuePattern`).')
    // JSON Schema only (zod does not validate rules): one of the two is needed.
    .meta({ anyOf: [{ required: ['values'] }, { required: ['valuePattern'] }] }),
  z
    .strictObject({ kind: z.literal('attr-value-contains'), attr: nonEmptyString, values: stringList, tags: stringList.optional() })
    .describe('An attribute whose value contains one of `values`.'),
  z.strictObject({ kind: z.literal('attr-present'), attr: nonEmptyString, tags: stringList.optional() }).describe('An attribute that must not be present at all.'),
  z.strictObject({ kind: z.literal('tag-present'), tags: stringList }).describe('A tag that must not be used.'),
  z.strictObject({ kind: z.literal('tag-missing-attr'), tags: stringList, attrs: stringList }).describe('A tag that must carry one of `attrs`.'),
  z.strictObject({ kind: z.literal('element-present'), selector: nonEmptyString }).describe('An element matching a CSS selector that must not be present.'),
]);
type HtmlAttrCheck = CheckOf<typeof htmlAttrCheck>;

const messages = {
  'attr-value-forbidden': '{attr}="{value}" on <{tag}>: {description}',
  'attr-value-contains': '{attr} on <{tag}> contains "{needle}": {description}',
  'attr-present': '{attr} on <{tag}>: {description}',
  'tag-present': '<{tag}>: {description}',
  'tag-missing-attr': '<{tag}> without {attrs}: {description}',
  'element-present': '<{tag}> matches "{selector}": {description}',
} as const;
type MessageId = keyof typeof messages;

interface Prepared {
  readonly check: HtmlAttrCheck;
  readonly valuePattern?: RegExp;
  readonly selector?: CompiledSelector;
}

export const detector = defineDetector({
  id: 'html-attr',
  meta: {
    docs: { description: 'Attributes and tags on the parsed DOM (HTML, JSX, Vue templates alike), as `htmlAttrCheck.kind` says.' },
    check: { key: 'htmlAttrCheck', schema: htmlAttrCheck },
    patterns: [],
    messages,
  },
  prepare(rule): Prepared {
    const check = rule.htmlAttrCheck;
    return {
      check,
      ...(check.kind === 'attr-value-forbidden' && check.valuePattern ? { valuePattern: new RegExp(check.valuePattern) } : {}),
      ...(check.kind === 'element-present' ? { selector: compileSelector(check.selector) } : {}),
    };
  },
  run(doc, _rule, { check, valuePattern, selector }) {
    const findings: Finding<MessageId>[] = [];
    const selected = selector?.matcherIn(doc);
    for (const element of candidates(doc, check, selector)) {
      const finding = inspect(doc, element, check, valuePattern, selected);
      if (finding) findings.push(finding);
    }
    return findings;
  },
});

/** Only the elements a check can be about: those with its attribute, or with one of its tags. */
function candidates(doc: LintDocument, check: HtmlAttrCheck, selector: CompiledSelector | undefined): readonly Element[] {
  switch (check.kind) {
    case 'attr-value-forbidden':
    case 'attr-value-contains':
    case 'attr-present':
      return elementsWithAttribute(doc, check.attr);
    case 'tag-present':
    case 'tag-missing-attr':
      return elementsWithTags(doc, check.tags);
    case 'element-present':
      return selector?.candidates(doc) ?? [];
  }
}

function inspect(
  doc: LintDocument,
  element: Element,
  check: HtmlAttrCheck,
  valuePattern: RegExp | undefined,
  selected: ((element: Element) => boolean) | undefined,
): Finding<MessageId> | undefined {
  const tag = element.name;
  switch (check.kind) {
    case 'attr-value-forbidden': {
      const value = staticValue(doc, element, check.attr);
      if (value === undefined || !tagMatches(element, check.tags)) return undefined;
      const trimmed = value.trim();
      const hit = (check.values ?? []).some((v) => v.toLowerCase() === trimmed.toLowerCase()) || (valuePattern?.test(trimmed) ?? false);
      return hit ? attrFinding(doc, element, check.attr, 'attr-value-forbidden', { attr: check.attr, value: trimmed, tag }) : undefined;
    }
    case 'attr-value-contains': {
      const value = staticValue(doc, element, check.attr);
      if (value === undefined || !tagMatches(element, check.tags)) return undefined;
      const needle = check.values.find((v) => value.toLowerCase().includes(v.toLowerCase()));
      return needle === undefined ? undefined : attrFinding(doc, element, check.attr, 'attr-value-contains', { attr: check.attr, needle, tag });
    }
    case 'attr-present':
      return check.attr in element.attribs && tagMatches(element, check.tags)
        ? attrFinding(doc, element, check.attr, 'attr-present', { attr: check.attr, tag })
        : undefined;
    case 'tag-present':
      return check.tags.includes(tag) ? { range: tagRange(doc, element), token: tag, messageId: 'tag-present', data: { tag } } : undefined;
    case 'tag-missing-attr': {
      // Presence is what counts: alt="" is a decorative image, and a dynamic value is a value.
      if (!check.tags.includes(tag) || hasAnyAttribute(element, check.attrs)) return undefined;
      const attrs = check.attrs.join(' or ');
      const finding: Finding<MessageId> = { range: tagRange(doc, element), token: tag, messageId: 'tag-missing-attr', data: { tag, attrs } };
      // A spread may supply the attribute: not judged, but said.
      const spread = spreadOn(doc, element);
      return spread ? { ...finding, unchecked: `<${tag}> without ${attrs}: ${spread.text} may supply it` } : finding;
    }
    case 'element-present':
      return selected?.(element)
        ? { range: tagRange(doc, element), token: tag, messageId: 'element-present', data: { tag, selector: check.selector } }
        : undefined;
  }
}

function hasAnyAttribute(element: Element, attrs: readonly string[]): boolean {
  for (const attr of attrs) if (attr in element.attribs) return true;
  return false;
}

/** The attribute's value when the source states it; undefined when absent or dynamic (unknowable). */
function staticValue(doc: LintDocument, element: Element, attr: string): string | undefined {
  if (!(attr in element.attribs) || isDynamic(doc, element, attr)) return undefined;
  return element.attribs[attr];
}

function attrFinding(doc: LintDocument, element: Element, attr: string, messageId: MessageId, data: Record<string, string>): Finding<MessageId> {
  return { range: attributeNameRange(doc, element, attr), token: attr, messageId, data };
}
