/**
 * The YAML front matter of DESIGN.md in the design.md format (version alpha), derived from the tokens
 * and component contracts:
 *
 * - `colors`: every colour role of config `theme.color` under its utility name (`primary`,
 *   `fg-muted`, `success-fg`), then every other non-deprecated colour token named by its path
 *   without the leading `color.` (`brand-600`, `semantic-dark-primary`); values are hex.
 * - `typography`: each composite `typography` token (named by its path below a `typography`
 *   group), then one level per font size of `theme.fontSize`, named after its utility
 *   (`text-sm`), set in the body family (`font.family.sans`: the first family of the list), the
 *   body weight (`regular`) and the body line height (`normal`), see BODY_TEXT_NAMES.
 * - `rounded` and `spacing`: `theme.radius` and `theme.spacing` under their utility names.
 * - `components`: per contract, the key `<id>` (the default option of every axis), `<id>-<option>`
 *   per variant and size option, and `<id>-<option>-<state>` for state-prefixed classes
 *   (`hover:bg-primary-hover`) whose prefix is one of the contract's states. Properties are read
 *   from the classes (CLASS_PROPERTIES) as references into this YAML tree (`{colors.primary}`,
 *   `{rounded.md}`, `{typography.text-sm}`); what no class says is left out rather than guessed.
 */
import { Document } from 'yaml';
import type { ComponentContract, VariantAxis } from '../../contracts/component-types.js';
import { buildThemeIndex, type ThemeIndex, type ThemeNamespace } from '../../contracts/theme-index.js';
import type { Project } from '../../project/project.js';
import type { ViewDefinition } from '../view.js';
import { bodyTextToken, colourRoles, conventionTokens, keyName, type NamedToken } from './conventions.js';
import { firstFontFamily, fontWeightNumber, hexColour, resolvedCss, unitValue } from './css-values.js';
import { componentFiles, componentsById, configFile, systemName } from './project-files.js';

type Section = 'colors' | 'typography' | 'rounded' | 'spacing';

/** A class prefix → the design.md component property it sets, and where its value lives. */
interface ClassProperty {
  readonly prefix: string;
  readonly namespace: ThemeNamespace;
  readonly property: string;
  /** The YAML section the reference points into; without one the value is written literally. */
  readonly section?: Section;
  /** Level names in `section` are the utility name with this prefix (`text-` for typography). */
  readonly levelPrefix?: string;
}

/** First match wins, so `text-sm` is a font size before it is a colour named `sm`. */
const CLASS_PROPERTIES: readonly ClassProperty[] = [
  { prefix: 'bg-', namespace: 'color', property: 'backgroundColor', section: 'colors' },
  { prefix: 'text-', namespace: 'fontSize', property: 'typography', section: 'typography', levelPrefix: 'text-' },
  { prefix: 'text-', namespace: 'color', property: 'textColor', section: 'colors' },
  { prefix: 'border-', namespace: 'color', property: 'borderColor', section: 'colors' },
  { prefix: 'rounded-', namespace: 'radius', property: 'rounded', section: 'rounded' },
  { prefix: 'p-', namespace: 'spacing', property: 'padding', section: 'spacing' },
  // px-N with py-N of the same step is a uniform padding; different steps have no single reference.
  { prefix: 'px-', namespace: 'spacing', property: 'padding-x', section: 'spacing' },
  { prefix: 'py-', namespace: 'spacing', property: 'padding-y', section: 'spacing' },
  { prefix: 'h-', namespace: 'spacing', property: 'height', section: 'spacing' },
  { prefix: 'w-', namespace: 'spacing', property: 'width', section: 'spacing' },
  { prefix: 'size-', namespace: 'spacing', property: 'size', section: 'spacing' },
  { prefix: 'gap-', namespace: 'spacing', property: 'gap', section: 'spacing' },
  { prefix: 'shadow-', namespace: 'shadow', property: 'shadow' },
];

/** The order properties are written in, whatever the order of the classes. */
const PROPERTY_ORDER = ['backgroundColor', 'textColor', 'borderColor', 'typography', 'rounded', 'padding', 'gap', 'height', 'width', 'size', 'shadow'];

/** A property value and the token it came from. */
interface Derived {
  readonly value: string;
  readonly origin: string;
}
type Properties = Map<string, Derived>;

export const view: ViewDefinition = {
  name: 'design-md-front-matter',
  description: 'YAML front matter of DESIGN.md (design.md format, version alpha): colours, typography, radii, spacing and component styles.',
  sources: (project) => [configFile(project), project.tokens.file, ...componentFiles(project)],
  generate(project) {
    const { yaml, origins } = frontMatter(project);
    return [{ kind: 'front-matter', path: project.config.views['design-md-front-matter'].path, yaml, origins }];
  },
};

function frontMatter(project: Project): { yaml: string; origins: Map<string, string> } {
  const index = buildThemeIndex(project);
  const origins = new Map<string, string>();
  /** Section → key → token path, so component references only point at keys that exist. */
  const keys = new Map<Section, Map<string, string>>([
    ['colors', new Map()],
    ['typography', new Map()],
    ['rounded', new Map()],
    ['spacing', new Map()],
  ]);
  const put = <V>(section: Section, target: Map<string, V>, key: string, value: V | undefined, origin: string) => {
    if (value === undefined || target.has(key)) return;
    target.set(key, value);
    keys.get(section)?.set(key, origin);
    origins.set(`${section}.${key}`, origin);
  };

  const colors = new Map<string, string>();
  const roles = colourRoles(index);
  for (const role of roles) put('colors', colors, keyName(role.name), hexColour(role.light.resolved), role.light.path);
  const rolePaths = new Set(roles.map((r) => r.light.path));
  for (const token of project.tokens.tokens.values()) {
    if (token.type !== 'color' || token.deprecated !== undefined || rolePaths.has(token.path)) continue;
    put('colors', colors, token.path.replace(/^color\./, '').split('.').join('-'), hexColour(token.resolved), token.path);
  }

  const typography = new Map<string, Map<string, string | number>>();
  const addLevel = (name: string, fields: readonly [string, string | number | undefined, string][]) => {
    if (typography.has(name)) return;
    const level = new Map<string, string | number>();
    for (const [field, value, origin] of fields) {
      if (value === undefined) continue;
      level.set(field, value);
      origins.set(`typography.${name}.${field}`, origin);
    }
    if (level.size === 0) return;
    typography.set(name, level);
    // A level is referenced through its font size (`text-sm` → font.size.sm).
    keys.get('typography')?.set(name, fields.find(([f]) => f === 'fontSize')?.[2] ?? '');
  };
  for (const { name, token } of conventionTokens(project, 'typography')) {
    const value = (token.resolved ?? {}) as Record<string, unknown>;
    const written = (typeof token.value === 'object' && token.value !== null ? token.value : {}) as Record<string, unknown>;
    const from = (field: string) => {
      const sub = written[field];
      return typeof sub === 'string' && sub.startsWith('{') && sub.endsWith('}') ? sub.slice(1, -1) : token.path;
    };
    addLevel(name, [
      ['fontFamily', firstFontFamily(value.fontFamily), from('fontFamily')],
      ['fontSize', unitValue(value.fontSize), from('fontSize')],
      ['fontWeight', fontWeightNumber(value.fontWeight), from('fontWeight')],
      ['lineHeight', typeof value.lineHeight === 'number' ? value.lineHeight : undefined, from('lineHeight')],
      ['letterSpacing', unitValue(value.letterSpacing), from('letterSpacing')],
    ]);
  }
  const family = bodyTextToken(project, 'fontFamily');
  const weight = bodyTextToken(project, 'fontWeight');
  const lineHeight = bodyTextToken(project, 'lineHeight');
  const field = <T>(named: NamedToken | undefined, read: (v: unknown) => T | undefined): [T | undefined, string] =>
    named ? [read(named.token.resolved), named.token.path] : [undefined, ''];
  for (const { utility, token } of index.candidates('font-size')) {
    addLevel(`text-${keyName(utility)}`, [
      ['fontSize', unitValue(token.resolved), token.path],
      ['fontFamily', ...field(family, firstFontFamily)],
      ['fontWeight', ...field(weight, fontWeightNumber)],
      ['lineHeight', ...field(lineHeight, (v) => (typeof v === 'number' ? v : undefined))],
    ]);
  }
  // Keep the conventional field order (family, size, weight, line height) in the output.
  for (const [name, level] of typography) typography.set(name, orderFields(level));

  const rounded = new Map<string, string>();
  for (const { utility, token } of index.candidates('radius')) put('rounded', rounded, keyName(utility), unitValue(token.resolved), token.path);
  const spacing = new Map<string, string>();
  for (const { utility, token } of index.candidates('spacing')) put('spacing', spacing, keyName(utility), unitValue(token.resolved), token.path);

  const components = new Map<string, Map<string, string>>();
  for (const { contract } of componentsById(project)) {
    for (const [key, properties] of componentKeys(contract, index, keys)) {
      if (components.has(key)) continue;
      const ordered = [...properties].sort(([a], [b]) => PROPERTY_ORDER.indexOf(a) - PROPERTY_ORDER.indexOf(b));
      components.set(key, new Map(ordered.map(([property, d]) => [property, d.value])));
      for (const [property, d] of ordered) origins.set(`components.${key}.${property}`, d.origin);
    }
  }

  const name = systemName(project);
  const doc = new Document(
    new Map<string, unknown>([
      ['version', 'alpha'],
      ['name', name],
      ['description', `${name} design tokens and component styles, generated by dsctl from the contracts.`],
      ['colors', colors],
      ['typography', typography],
      ['rounded', rounded],
      ['spacing', spacing],
      ['components', components],
    ]),
  );
  // No "generated" comment here: the front-matter writer adds dsctl's own marker line.
  return { yaml: doc.toString({ lineWidth: 0 }), origins: sortedOrigins(origins, doc) };
}

const FIELD_ORDER = ['fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing'];
function orderFields(level: Map<string, string | number>): Map<string, string | number> {
  return new Map([...level].sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b)));
}

/** Origins in the order their keys appear in the document. */
function sortedOrigins(origins: Map<string, string>, doc: Document): Map<string, string> {
  const order: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (!(value instanceof Map)) return;
    for (const [key, child] of value as Map<string, unknown>) {
      const path = prefix ? `${prefix}.${key}` : String(key);
      order.push(path);
      walk(child, path);
    }
  };
  walk(doc.toJS({ mapAsMap: true }), '');
  const sorted = new Map<string, string>();
  for (const key of order) {
    const origin = origins.get(key);
    if (origin !== undefined) sorted.set(key, origin);
  }
  return sorted;
}

/** The design.md component keys of one contract, in order: default, then each option and its states. */
function componentKeys(contract: ComponentContract, index: ThemeIndex, keys: ReadonlyMap<Section, ReadonlyMap<string, string>>): [string, Properties][] {
  const axes: VariantAxis[] = [...Object.values(contract.variants ?? {}), ...(contract.sizes ? [contract.sizes] : [])];
  const states = contract.states ?? [];
  const parse = (classes: string | undefined) => deriveProperties(classes ?? '', states, index, keys);

  const out: [string, Properties][] = [];
  const emit = (key: string, derived: ReturnType<typeof parse>, always: boolean) => {
    if (always || derived.base.size > 0) out.push([key, derived.base]);
    for (const state of states) {
      const props = derived.states.get(state);
      if (props && props.size > 0) out.push([`${key}-${state}`, props]);
    }
  };

  const defaults = { base: new Map() as Properties, states: new Map<string, Properties>() };
  for (const axis of axes) {
    const derived = parse(axis.classes?.[axis.default]);
    mergeInto(defaults.base, derived.base);
    for (const [state, props] of derived.states) {
      const into = defaults.states.get(state) ?? new Map<string, Derived>();
      mergeInto(into, props);
      defaults.states.set(state, into);
    }
  }
  emit(contract.id, defaults, true);
  for (const axis of axes) {
    for (const option of axis.options) emit(`${contract.id}-${option}`, parse(axis.classes?.[option]), false);
  }
  return out;
}

function mergeInto(into: Properties, from: Properties): void {
  for (const [property, derived] of from) if (!into.has(property)) into.set(property, derived);
}

/** The properties one class list sets, unprefixed and per state prefix. */
function deriveProperties(
  classes: string,
  states: readonly string[],
  index: ThemeIndex,
  keys: ReadonlyMap<Section, ReadonlyMap<string, string>>,
): { base: Properties; states: Map<string, Properties> } {
  const base: Properties = new Map();
  const byState = new Map<string, Properties>();
  for (const raw of classes.split(/\s+/)) {
    if (raw === '' || raw.includes('[') || raw.includes('/')) continue; // arbitrary values and opacity modifiers have no token
    const parts = raw.replace(/^!|!$/g, '').split(':');
    const utility = parts[parts.length - 1] ?? '';
    const variants = parts.slice(0, -1);
    let target: Properties;
    if (variants.length === 0) target = base;
    else if (variants.length === 1 && states.includes(variants[0] ?? '')) {
      const state = variants[0] ?? '';
      target = byState.get(state) ?? new Map();
      byState.set(state, target);
    } else continue;
    const derived = deriveOne(utility, index, keys);
    if (derived && !target.has(derived.property)) target.set(derived.property, derived);
  }
  for (const props of [base, ...byState.values()]) combinePadding(props);
  return { base, states: byState };
}

function deriveOne(utility: string, index: ThemeIndex, keys: ReadonlyMap<Section, ReadonlyMap<string, string>>): (Derived & { property: string }) | undefined {
  for (const rule of CLASS_PROPERTIES) {
    if (!utility.startsWith(rule.prefix)) continue;
    const name = utility.slice(rule.prefix.length);
    const token = index.lookup(rule.namespace, name);
    if (!token) continue;
    if (rule.section === undefined) {
      const value = resolvedCss(token);
      if (value !== undefined) return { property: rule.property, value, origin: token.path };
      continue;
    }
    const key = `${rule.levelPrefix ?? ''}${keyName(name)}`;
    if (keys.get(rule.section)?.get(key) !== token.path) continue;
    return { property: rule.property, value: `{${rule.section}.${key}}`, origin: token.path };
  }
  return undefined;
}

/** `px-N` with `py-N` (same step) is `padding: {spacing.N}`; a lone or mismatched axis is dropped. */
function combinePadding(props: Properties): void {
  const x = props.get('padding-x');
  const y = props.get('padding-y');
  props.delete('padding-x');
  props.delete('padding-y');
  if (x && y && x.value === y.value && !props.has('padding')) props.set('padding', x);
}
