import { describe, expect, it } from 'vitest';
import { loadValidProject, type Project } from '../../../src/project/project.js';
import { view } from '../../../src/views/generators/components-json.js';
import type { ViewOutput } from '../../../src/views/view.js';
import { editJson, starterProject } from '../../support/project.js';

interface Component {
  id: string;
  tokens: string[];
  tokenValues: Record<string, string>;
  [key: string]: unknown;
}
interface Document {
  version: number;
  designSystem: string;
  components: Component[];
}

function file(project: Project): Extract<ViewOutput, { kind: 'file' }> {
  const outputs = view.generate(project);
  expect(outputs).toHaveLength(1);
  const out = outputs[0];
  if (!out || out.kind !== 'file') throw new Error('expected a file');
  return out;
}
const json = (project: Project) => JSON.parse(file(project).text) as Document;

/** Leaf key paths → JSON of the value, as the drift check flattens JSON. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) out.set(prefix, JSON.stringify(value));
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, JSON.stringify(value));
  return out;
}

describe('components-json', () => {
  const starter = () => loadValidProject({ cwd: starterProject() });

  it('writes 2-space JSON with a trailing newline to the configured path', () => {
    const project = starter();
    expect(view.name).toBe('components-json');
    expect(view.sources(project)).toEqual(['dsctl.config.json', 'design/contracts/tokens.json', ...project.components.components.map((c) => c.file)]);
    const out = file(project);
    expect(out.path).toBe('design/generated/components.json');
    expect(out.format).toBe('json');
    expect(out.text).toBe(`${JSON.stringify(JSON.parse(out.text), null, 2)}\n`);
  });

  it('holds every component, sorted by id, in one shape', () => {
    const doc = json(starter());
    expect(doc.version).toBe(1);
    expect(doc.designSystem).toBe('Tessera');
    expect(doc.components.map((c) => c.id)).toEqual(['badge', 'button', 'card', 'checkbox', 'dialog', 'icon-button', 'tabs', 'text-field']);
    const shape = [
      'id',
      'name',
      'category',
      'type',
      'status',
      'description',
      'contract',
      'variants',
      'sizes',
      'states',
      'tokens',
      'tokenValues',
      'accessibility',
      'composition',
      'rules',
      'usage',
      'htmlSample',
    ];
    for (const c of doc.components) expect(Object.keys(c)).toEqual(shape);
    const checkbox = doc.components.find((c) => c.id === 'checkbox');
    expect(checkbox?.sizes).toBeNull();
    expect(doc.components.find((c) => c.id === 'dialog')?.variants).toEqual({});
  });

  it('copies the contract as written', () => {
    const project = starter();
    const button = json(project).components.find((c) => c.id === 'button');
    const contract = project.components.byId.get('button')?.contract;
    expect(button?.contract).toBe('design/contracts/components/button.contract.json');
    expect(button?.variants).toEqual(contract?.variants);
    expect(button?.sizes).toEqual(contract?.sizes);
    expect(button?.tokens).toEqual(contract?.tokens);
    expect(button?.rules).toEqual(contract?.rules);
    expect(button?.usage).toEqual(contract?.usage);
    expect(button?.htmlSample).toBe(contract?.htmlSample);
    expect((button?.accessibility as { keyboardInteractions: unknown[] }).keyboardInteractions).toEqual(contract?.accessibility.keyboardInteractions);
  });

  it.each([
    ['color.semantic.light.primary', '#3549cf'],
    ['color.semantic.light.on-primary', '#ffffff'],
    ['radius.md', '6px'],
    ['spacing.4', '16px'],
    ['font.size.sm', '0.875rem'],
    ['font.weight.medium', '500'],
    ['motion.duration.fast', '120ms'],
    ['motion.easing.standard', 'cubic-bezier(0.2, 0, 0, 1)'],
  ])('resolves button token %s to %s', (path, value) => {
    const button = json(starter()).components.find((c) => c.id === 'button');
    expect(button?.tokenValues[path]).toBe(value);
  });

  it('resolves every listed token, in the listed order', () => {
    for (const c of json(starter()).components) expect(Object.keys(c.tokenValues)).toEqual(c.tokens);
    const card = json(starter()).components.find((c) => c.id === 'card');
    expect(card?.tokenValues['shadow.sm']).toBe('0px 1px 2px 0px #13121024');
  });

  it('names the origin of every token value, and nothing else', () => {
    const out = file(starter());
    const keys = [...flatten(JSON.parse(out.text)).keys()].filter((k) => /^components\.\d+\.tokenValues\./.test(k));
    expect([...(out.origins?.keys() ?? [])]).toEqual(keys);
    expect(out.origins?.get('components.1.tokenValues.color.semantic.light.primary')).toBe('color.semantic.light.primary');
  });

  it('is deterministic', () => {
    const a = starter();
    expect(file(a).text).toBe(file(a).text);
    expect(file(a).text).toBe(file(starter()).text);
  });

  it('changes exactly the token values resolving through a changed token', () => {
    const dir = starterProject();
    const project = loadValidProject({ cwd: dir });
    const before = flatten(JSON.parse(file(project).text));
    editJson<{ color: { brand: Record<string, { $value: unknown }> } }>(dir, 'design/contracts/tokens.json', (t) => {
      const step = t.color.brand['600'];
      if (step) step.$value = '#ff0000';
    });
    const changed = file(loadValidProject({ cwd: dir }));
    const after = flatten(JSON.parse(changed.text));
    const keys = [...after.keys()].filter((k) => before.get(k) !== after.get(k));
    const expected = json(project)
      .components.map((c, i) => (c.tokens.includes('color.semantic.light.primary') ? `components.${i}.tokenValues.color.semantic.light.primary` : undefined))
      .filter((k): k is string => k !== undefined);
    expect(expected.length).toBeGreaterThan(2);
    expect(keys).toEqual(expected);
    for (const key of keys) {
      expect(after.get(key)).toBe('"#ff0000"');
      expect(changed.origins?.get(key)).toBe('color.semantic.light.primary');
    }
  });
});
