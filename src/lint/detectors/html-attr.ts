import type { Element } from 'domhandler';
import type { HtmlAttrCheck } from '../../contracts/rule-types.js';
import type { DetectorModule, Finding } from '../detector.js';
import type { LintDocument } from '../document.js';
import { attributeNameRange, elementsWithAttribute, elementsWithTags, isDynamic, tagMatches, tagRange } from './markup.js';
import { compileSelector, type CompiledSelector } from './selector.js';

interface Prepared {
  readonly check: HtmlAttrCheck;
  readonly valuePattern?: RegExp;
  readonly selector?: CompiledSelector;
}

/** Attributes and tags on the parsed DOM (HTML, JSX, Vue templates alike). */
export const detector: DetectorModule<Prepared> = {
  id: 'html-attr',
  messages: {
    'attr-value-forbidden': '{attr}="{value}" on <{tag}>: {description}',
    'attr-value-contains': '{attr} on <{tag}> contains "{needle}": {description}',
    'attr-present': '{attr} on <{tag}>: {description}',
    'tag-present': '<{tag}>: {description}',
    'tag-missing-attr': '<{tag}> without {attrs}: {description}',
    'element-present': '<{tag}> matches "{selector}": {description}',
  },
  prepare(rule) {
    const check = rule.htmlAttrCheck as HtmlAttrCheck;
    return {
      check,
      ...(check.kind === 'attr-value-forbidden' && check.valuePattern ? { valuePattern: new RegExp(check.valuePattern) } : {}),
      ...(check.kind === 'element-present' ? { selector: compileSelector(check.selector) } : {}),
    };
  },
  run(doc, _rule, { check, valuePattern, selector }) {
    const findings: Finding[] = [];
    const selected = selector?.matcherIn(doc);
    for (const element of candidates(doc, check, selector)) {
      const finding = inspect(doc, element, check, valuePattern, selected);
      if (finding) findings.push(finding);
    }
    return findings;
  },
};

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
): Finding | undefined {
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
    case 'tag-missing-attr':
      // Presence is what counts: alt="" is a decorative image, and a dynamic value is a value.
      return check.tags.includes(tag) && !hasAnyAttribute(element, check.attrs)
        ? { range: tagRange(doc, element), token: tag, messageId: 'tag-missing-attr', data: { tag, attrs: check.attrs.join(' or ') } }
        : undefined;
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

function attrFinding(doc: LintDocument, element: Element, attr: string, messageId: string, data: Record<string, string>): Finding {
  return { range: attributeNameRange(doc, element, attr), token: attr, messageId, data };
}
