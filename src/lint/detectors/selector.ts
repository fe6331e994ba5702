import { compile } from 'css-select';
import { isTraversal, parse, type Selector } from 'css-what';
import type { Element } from 'domhandler';
import type { LintDocument } from '../document.js';
import { classMatcherIn, elementsWith, type ElementKeys } from './markup.js';

export interface CompiledSelector {
  readonly matches: (element: Element) => boolean;
  /** A superset of the elements that match, in document order: most selectors name a tag or an attribute. */
  candidates(doc: LintDocument): readonly Element[];
  /** matches() for this document's elements, cheaper where it can be: a bare tag, a bare `.class`. */
  matcherIn(doc: LintDocument): (element: Element) => boolean;
}

/** css-select's matcher, plus what any matching element must carry, so rules test only those. */
export function compileSelector(selector: string): CompiledSelector {
  const matches = compile<Element, Element>(selector);
  const keys = requiredKeys(selector);
  const sole = soleKey(selector);
  const tagMatcher = (element: Element) => element.name === sole?.name;
  return {
    matches,
    candidates: (doc) => elementsWith(doc, keys),
    matcherIn:
      sole?.kind === 'tags' ? () => tagMatcher : sole?.kind === 'classes' ? (doc) => classMatcherIn(doc, sole.name, matches) : () => matches,
  };
}

/** The key of a selector that is nothing else: `button` (as css-select compares tags), `.card`. */
function soleKey(selector: string): { kind: 'tags' | 'classes'; name: string } | undefined {
  const alternatives = parse(selector);
  const token = alternatives.length === 1 && alternatives[0]?.length === 1 ? alternatives[0][0] : undefined;
  if (token?.type === 'tag' && token.namespace === null) return { kind: 'tags', name: token.name.toLowerCase() };
  const key = token ? subjectKey([token]) : undefined;
  return key?.kind === 'classes' ? { kind: 'classes', name: key.name } : undefined;
}

/**
 * Per comma-separated alternative, the tag, class or attribute its subject (the compound after the
 * last combinator) requires; undefined when some alternative requires none (`*`, `:is(…)`, `[a!=b]`).
 * Tag and attribute names are lower-cased as css-select compares them in HTML mode.
 */
export function requiredKeys(selector: string): ElementKeys | undefined {
  const keys = { tags: [] as string[], classes: [] as string[], attributes: [] as string[] };
  for (const alternative of parse(selector)) {
    const key = subjectKey(alternative);
    if (key === undefined) return undefined;
    keys[key.kind].push(key.name);
  }
  return keys;
}

/** The most selective key of a subject: its tag, else a class, else an attribute. */
function subjectKey(alternative: readonly Selector[]): { kind: keyof ElementKeys; name: string } | undefined {
  let subject = 0;
  alternative.forEach((token, i) => {
    if (isTraversal(token)) subject = i + 1;
  });
  let className: string | undefined;
  let attribute: string | undefined;
  for (const token of alternative.slice(subject)) {
    if (token.type === 'tag' && token.namespace === null) return { kind: 'tags', name: token.name.toLowerCase() };
    if (token.type !== 'attribute' || token.action === 'not') continue;
    // `.card` and `[class~=card]`, compared case-sensitively as css-select does outside quirks mode.
    if (token.name === 'class' && token.action === 'element' && token.ignoreCase !== true && token.value !== '') className ??= token.value;
    // `[a!=b]` also matches elements without the attribute; a name on Object.prototype reads as present.
    else if (!(token.name.toLowerCase() in Object.prototype)) attribute ??= token.name.toLowerCase();
  }
  if (className !== undefined) return { kind: 'classes', name: className };
  return attribute === undefined ? undefined : { kind: 'attributes', name: attribute };
}
