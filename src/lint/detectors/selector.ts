import { compile } from 'css-select';
import { isTraversal, parse, type Selector } from 'css-what';
import type { Element } from 'domhandler';
import type { LintDocument } from '../document.js';
import { elementsWith, type ElementKeys } from './markup.js';

export interface CompiledSelector {
  readonly matches: (element: Element) => boolean;
  /** A superset of the elements that match, in document order: most selectors name a tag or an attribute. */
  candidates(doc: LintDocument): readonly Element[];
}

/** css-select's matcher, plus what any matching element must carry, so rules test only those. */
export function compileSelector(selector: string): CompiledSelector {
  const matches = compile<Element, Element>(selector);
  const keys = requiredKeys(selector);
  return { matches, candidates: (doc) => elementsWith(doc, keys) };
}

/**
 * Per comma-separated alternative, the tag or an attribute its subject (the compound after the last
 * combinator) requires; undefined when some alternative requires neither (`*`, `:is(…)`, `[a!=b]`).
 * Names are lower-cased as css-select compares them in HTML mode.
 */
export function requiredKeys(selector: string): ElementKeys | undefined {
  const tags: string[] = [];
  const attributes: string[] = [];
  for (const alternative of parse(selector)) {
    const key = subjectKey(alternative);
    if (key === undefined) return undefined;
    (key.tag === undefined ? attributes : tags).push(key.tag ?? key.attribute);
  }
  return { tags, attributes };
}

function subjectKey(alternative: readonly Selector[]): { tag: string; attribute?: never } | { tag?: never; attribute: string } | undefined {
  let subject = 0;
  alternative.forEach((token, i) => {
    if (isTraversal(token)) subject = i + 1;
  });
  let attribute: string | undefined;
  for (const token of alternative.slice(subject)) {
    if (token.type === 'tag' && token.namespace === null) return { tag: token.name.toLowerCase() };
    // `[a!=b]` also matches elements without the attribute; a name on Object.prototype reads as present.
    if (token.type === 'attribute' && token.action !== 'not' && !(token.name.toLowerCase() in Object.prototype)) attribute ??= token.name.toLowerCase();
  }
  return attribute === undefined ? undefined : { attribute };
}
