/**
 * components.json: every component contract with its tokens resolved to CSS values, sorted by id,
 * in one stable shape (absent optional parts are empty, not missing) — what the MCP server serves.
 */
import type { ComponentContract, VariantAxis } from '../../contracts/component-types.js';
import type { Project } from '../../project/project.js';
import type { ViewDefinition } from '../view.js';
import { resolvedCss } from './css-values.js';
import { componentFiles, componentsById, configFile, systemName } from './project-files.js';

export const view: ViewDefinition = {
  name: 'components-json',
  description: 'Component metadata with resolved token values, served over MCP.',
  sources: (project) => [configFile(project), project.tokens.file, ...componentFiles(project)],
  generate(project) {
    const { text, origins } = componentsJson(project);
    return [{ kind: 'file', path: project.config.views['components-json'].path, text, format: 'json', origins }];
  },
};

function componentsJson(project: Project): { text: string; origins: Map<string, string> } {
  const origins = new Map<string, string>();
  const components = componentsById(project).map(({ file, contract }, index) => {
    const tokenValues: Record<string, string> = {};
    for (const path of contract.tokens ?? []) {
      const token = project.tokens.tokens.get(path);
      const value = token ? resolvedCss(token) : undefined;
      if (value === undefined || Object.hasOwn(tokenValues, path)) continue;
      tokenValues[path] = value;
      origins.set(`components.${index}.tokenValues.${path}`, path);
    }
    return component(contract, file, tokenValues);
  });
  const document = { version: 1, designSystem: systemName(project), components };
  return { text: `${JSON.stringify(document, null, 2)}\n`, origins };
}

/** The contract in a fixed key order, with absent optional parts as empty values. */
function component(c: ComponentContract, file: string, tokenValues: Record<string, string>) {
  const composition = c.composition ?? {};
  return {
    id: c.id,
    name: c.name,
    category: c.category,
    type: c.type,
    status: c.status,
    description: c.description,
    contract: file,
    variants: Object.fromEntries(Object.entries(c.variants ?? {}).map(([axis, v]) => [axis, variantAxis(v)])),
    sizes: c.sizes ? variantAxis(c.sizes) : null,
    states: [...(c.states ?? [])],
    tokens: [...(c.tokens ?? [])],
    tokenValues,
    accessibility: {
      role: c.accessibility.role,
      ariaAttributes: [...(c.accessibility.ariaAttributes ?? [])],
      keyboardInteractions: (c.accessibility.keyboardInteractions ?? []).map((k) => ({ key: k.key, action: k.action })),
      ...(c.accessibility.notes === undefined ? {} : { notes: c.accessibility.notes }),
    },
    composition: {
      slots: [...(composition.slots ?? [])],
      allowedChildren: [...(composition.allowedChildren ?? [])],
      forbiddenChildren: [...(composition.forbiddenChildren ?? [])],
      ...(composition.notes === undefined ? {} : { notes: composition.notes }),
    },
    rules: [...c.rules],
    usage: { when: [...c.usage.when], antiPatterns: [...(c.usage.antiPatterns ?? [])] },
    htmlSample: c.htmlSample,
  };
}

function variantAxis(axis: VariantAxis) {
  return { options: [...axis.options], default: axis.default, classes: { ...(axis.classes ?? {}) } };
}
