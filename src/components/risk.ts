import type { ComponentContract } from '../contracts/component-types.js';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { UserError } from '../diagnostics/user-error.js';
import type { Project } from '../project/project.js';

/** ADR-007 (2026-10-09): interactive components get the adversarial reviewer and a behavioural a11y test. */
export type ComponentRisk = 'interactive' | 'display';

export interface RiskResult {
  readonly name: string;
  readonly risk: ComponentRisk;
  /** Why it is interactive; empty for display. */
  readonly reasons: readonly string[];
}

/** WAI-ARIA widget roles a person operates; `tablist`, `dialog` and friends are containers of them. */
const INTERACTIVE_ROLES = ['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'combobox', 'listbox', 'option', 'slider', 'textbox', 'spinbutton'];
const ROLE_WORDS = new RegExp(`(?<![\\w-])(${INTERACTIVE_ROLES.join('|')})(?![\\w-])`, 'gi');

/** Moving focus through the page is every element's, not a widget contract. */
const FOCUS_KEYS = new Set(['tab', 'shift+tab']);
/** The scanner writes what a native element does as "(native <button>)": the browser's, not the component's. */
const NATIVE = /\bnative\b/i;

/**
 * The one derivation of risk, shared by `component risk`, `a11y coverage` and the ledger: interactive
 * when the type says so, the role names an interactive ARIA role as a whole word, or the keyboard
 * contract handles a key beyond Tab/Shift+Tab that the browser does not already handle.
 */
export function componentRisk(contract: Pick<ComponentContract, 'name' | 'type' | 'accessibility'>): RiskResult {
  const reasons: string[] = [];
  if (contract.type === 'interactive' || contract.type === 'input') reasons.push(`type is "${contract.type}"`);
  // Defensive reads: `check` may have found the contract invalid, and risk is still asked of it.
  const role = contract.accessibility?.role;
  const roles = [...new Set([...(typeof role === 'string' ? role : '').matchAll(ROLE_WORDS)].map((m) => (m[1] as string).toLowerCase()))];
  if (roles.length) reasons.push(`accessibility role names ${roles.map((r) => `"${r}"`).join(', ')}`);
  const interactions = contract.accessibility?.keyboardInteractions;
  const keys = (Array.isArray(interactions) ? interactions : [])
    .filter((k) => typeof k?.key === 'string' && !FOCUS_KEYS.has(k.key.replace(/\s+/g, '').toLowerCase()) && !NATIVE.test(String(k.action ?? '')))
    .map((k) => k.key);
  if (keys.length) reasons.push(`keyboard contract handles ${[...new Set(keys)].map((k) => `"${k}"`).join(', ')}`);
  return { name: contract.name, risk: reasons.length ? 'interactive' : 'display', reasons };
}

/** The contract named `name` (or with that id), case-insensitive; a UserError with did-you-mean otherwise. */
export function findContract(project: Project, name: string): ComponentContract {
  const wanted = name.toLowerCase();
  const found = project.components.components.find((e) => e.contract.name.toLowerCase() === wanted || e.contract.id === wanted);
  if (found) return found.contract;
  const names = project.components.components.map((e) => e.contract.name);
  const hint = nearestNames(name, names);
  throw new UserError('component/unknown', `no component contract named "${name}" in ${project.components.dir}${hint ? `: ${hint}` : ''}`, {
    details: [names.length ? `known: ${names.join(', ')}` : 'the project has no component contracts'],
  });
}
