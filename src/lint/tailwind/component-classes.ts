import { parse as parseSelector, type Selector } from 'css-what';
import postcss from 'postcss';
import type { ComponentSet } from '../../contracts/component-types.js';
import { splitClassList } from '../class-token.js';

/** The class names a stylesheet's selectors define (`.btn:hover > .icon` → btn, icon), nested rules and at-rules included. */
export function cssClassNames(css: string, into: Set<string> = new Set()): Set<string> {
  let root: postcss.Root;
  try {
    root = postcss.parse(css);
  } catch {
    // A stylesheet that does not parse defines nothing here; the css source reports it.
    return into;
  }
  root.walkRules((rule) => {
    try {
      for (const selector of parseSelector(rule.selector)) collect(selector, into);
    } catch {
      // `&`-nesting and other selectors css-what does not read: the rule's classes are not known.
    }
  });
  return into;
}

function collect(selector: readonly Selector[], into: Set<string>): void {
  for (const part of selector) {
    if (part.type === 'attribute' && part.name === 'class' && part.action === 'element') into.add(part.value);
    else if (part.type === 'pseudo' && Array.isArray(part.data)) for (const inner of part.data) collect(inner, into);
  }
}

const CLASS_ATTRIBUTE = /\bclass(?:Name)?\s*=\s*"([^"]*)"/g;
const STYLE_BLOCK = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * Every class a hand-written component contract names: its variant and size classes and its HTML
 * sample's class attributes. A contract scanned from code (it has a `source`) defines nothing: its
 * classes are copied from the very code the rule checks, typos included.
 */
export function contractClassNames(components: ComponentSet, into: Set<string> = new Set()): Set<string> {
  for (const { contract } of components.components) {
    if (typeof contract.source === 'string') continue;
    const lists: string[] = [];
    for (const axis of [...Object.values(contract.variants ?? {}), ...(contract.sizes ? [contract.sizes] : [])]) lists.push(...Object.values(axis.classes ?? {}));
    for (const match of contract.htmlSample.matchAll(CLASS_ATTRIBUTE)) lists.push(match[1] as string);
    for (const list of lists) for (const { name } of splitClassList(list, 0)) into.add(name);
  }
  return into;
}

/** The classes a markup source's own `<style>` blocks define (a page's local `.launch-ribbon`). */
export function styleBlockClassNames(text: string): ReadonlySet<string> {
  if (!text.includes('<style')) return EMPTY;
  const names = new Set<string>();
  for (const match of text.matchAll(STYLE_BLOCK)) cssClassNames(match[1] as string, names);
  return names;
}

const EMPTY: ReadonlySet<string> = new Set();
