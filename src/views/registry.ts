import type { Project } from '../project/project.js';
import { view as codeowners } from './generators/codeowners.js';
import { view as componentsJson } from './generators/components-json.js';
import { view as designMdFrontMatter } from './generators/design-md-front-matter.js';
import { view as llmsTxt } from './generators/llms-txt.js';
import { view as tailwindPreset } from './generators/tailwind-preset.js';
import { view as tailwindTheme } from './generators/tailwind-theme.js';
import { view as tokensCss } from './generators/tokens-css.js';
import { view as playbookSections } from './playbook-sections.js';
import type { ViewDefinition } from './view.js';

/** Every built-in view, by name (= config key = file name). */
export const VIEWS: readonly ViewDefinition[] = [codeowners, componentsJson, designMdFrontMatter, llmsTxt, playbookSections, tailwindPreset, tailwindTheme, tokensCss];

/** The views this project enables, in registry order. */
export function enabledViews(project: Project): ViewDefinition[] {
  return VIEWS.filter((v) => project.config.views[v.name].enabled);
}
