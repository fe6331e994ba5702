import type { ScannedComponent } from './types.js';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * A usage example: each variant axis set to its first option other than the default (the default
 * needs no prop), each required prop given a placeholder. JSX for React, a template tag for Vue.
 */
export function exampleOf(component: ScannedComponent): string {
  const attributes: string[] = [];
  const vue = component.framework === 'vue';
  for (const [axis, variant] of Object.entries(component.variants)) {
    const option = variant.options.find((o) => o !== variant.default);
    if (option !== undefined) attributes.push(`${axis}="${option}"`);
  }
  for (const prop of component.props) {
    if (!prop.required || prop.name === 'children' || prop.default !== undefined || component.variants[prop.name]) continue;
    const type = prop.type.replace(/\s*\|\s*undefined$/, '');
    if (type === 'boolean') attributes.push(prop.name);
    else if (type === 'string') attributes.push(`${prop.name}="…"`);
    else if (/^"[^"]*"( \|.*)?$/.test(type)) attributes.push(`${prop.name}=${type.split(' | ')[0]}`);
    else if (type === 'number') attributes.push(vue ? `:${prop.name}="0"` : `${prop.name}={0}`);
    else attributes.push(vue ? `:${prop.name}="…"` : `${prop.name}={…}`);
  }
  const open = [component.name, ...attributes].join(' ');
  const childless = !component.takesChildren || VOID.has(component.accessibility.element ?? '');
  return childless ? `<${open} />` : `<${open}>…</${open.split(' ')[0]}>`;
}

/** Canonical HTML for the contract: the root element with its literal, base and default-variant classes. */
export function htmlSampleOf(component: ScannedComponent): string {
  const element = component.accessibility.element ?? 'div';
  const classes = [component.rootClasses, component.baseClasses, ...Object.values(component.variants).map((v) => v.classes?.[v.default])].filter((c): c is string => !!c).join(' ');
  const attributes = [
    ...(element === 'button' ? [' type="button"'] : []),
    ...(component.accessibility.role ? [` role="${escape(component.accessibility.role)}"`] : []),
    ...(classes ? [` class="${escape(classes)}"`] : []),
  ].join('');
  return VOID.has(element) ? `<${element}${attributes}>` : `<${element}${attributes}>${escape(component.name)}</${element}>`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
