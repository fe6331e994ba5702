import type { ComponentContract, ComponentType } from '../../contracts/component-types.js';
import { exampleOf, htmlSampleOf } from './example.js';
import type { ScannedComponent } from './types.js';

/** The implicit ARIA role of the elements components render (HTML-AAM); generic for the rest. */
const IMPLICIT_ROLES: Readonly<Record<string, string>> = {
  a: 'link', article: 'article', aside: 'complementary', button: 'button', dialog: 'dialog', fieldset: 'group', footer: 'contentinfo', form: 'form',
  h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', header: 'banner', hr: 'separator', img: 'img', input: 'textbox',
  li: 'listitem', main: 'main', nav: 'navigation', ol: 'list', progress: 'progressbar', section: 'region', select: 'combobox', table: 'table', textarea: 'textbox', ul: 'list',
};

/** What a native element does with keys, so a scanned <button> says what a person would. */
const NATIVE_KEYS: Readonly<Record<string, readonly { key: string; action: string }[]>> = {
  button: [
    { key: 'Enter', action: 'Activates the button (native <button>).' },
    { key: 'Space', action: 'Activates the button (native <button>).' },
  ],
  a: [{ key: 'Enter', action: 'Follows the link (native <a href>).' }],
};

const INTERACTIVE_ROLES = new Set(['button', 'link', 'tab', 'menuitem', 'option', 'treeitem']);
const INPUT_ROLES = new Set(['textbox', 'combobox', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton', 'searchbox', 'listbox']);

/** Keys the scan owns in a draft: a re-scan rewrites them. The rest (description, usage, rules, …) a person may fill in. */
export const SCANNED_KEYS = ['$schema', 'id', 'name', 'type', 'status', 'source', 'sourceHash', 'importPath', 'exportName', 'props', 'extendsProps', 'variants', 'example', 'accessibility', 'htmlSample'] as const;

/** The keys compared for a person's contract: a difference in any is drift. */
export const DRIFT_KEYS = ['sourceHash', 'importPath', 'exportName', 'props', 'extendsProps', 'variants'] as const;

export function componentId(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2').toLowerCase();
}

/** A draft contract for a scanned component: every required field filled, the unknowns said to be unknown. */
export function draftContract(component: ScannedComponent, schemaPath: string): ComponentContract & { $schema: string } {
  const { accessibility: a11y } = component;
  const role = a11y.role ?? (a11y.element ? (IMPLICIT_ROLES[a11y.element] ?? 'generic') : 'generic');
  const handled = a11y.keys.map((key) => ({ key, action: `Handled by the component's key handler (${component.source}).` }));
  const native = (a11y.element ? NATIVE_KEYS[a11y.element] : undefined)?.filter((n) => !a11y.keys.includes(n.key)) ?? [];
  const keyboard = [...native, ...handled];
  return {
    $schema: schemaPath,
    id: componentId(component.name),
    name: component.name,
    category: 'uncategorized',
    type: typeOf(role, component),
    status: 'draft',
    description: `${component.name}, scanned from ${component.source}. Draft: a person has not yet said what it is for.`,
    source: component.source,
    sourceHash: component.sourceHash,
    ...(component.importPath === undefined ? {} : { importPath: component.importPath }),
    exportName: component.exportName,
    props: component.props,
    ...(component.extendsProps.length ? { extendsProps: component.extendsProps } : {}),
    ...(Object.keys(component.variants).length ? { variants: component.variants } : {}),
    example: exampleOf(component),
    accessibility: {
      role,
      ...(a11y.ariaAttributes.length ? { ariaAttributes: a11y.ariaAttributes } : {}),
      ...(keyboard.length ? { keyboardInteractions: keyboard } : {}),
    },
    rules: [],
    usage: { when: [`Draft: say when to use ${component.name}.`] },
    htmlSample: htmlSampleOf(component),
  };
}

function typeOf(role: string, component: ScannedComponent): ComponentType {
  if (INPUT_ROLES.has(role)) return 'input';
  if (INTERACTIVE_ROLES.has(role)) return 'interactive';
  return component.takesChildren ? 'container' : 'display';
}
