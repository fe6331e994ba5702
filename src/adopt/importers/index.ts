import { importer as cssVariables } from './css-variables.js';
import { importer as figmaVariables } from './figma-variables.js';
import { importer as styleDictionary } from './style-dictionary.js';
import { importer as tailwindV3Config } from './tailwind-v3-config.js';
import { importer as tailwindV4Theme } from './tailwind-v4-theme.js';
import { importer as tokensStudio } from './tokens-studio.js';
import type { TokenImporter } from '../token-importer.js';

/**
 * Every source format of `dsctl tokens import`, by id (= file name), sorted. Detection does not depend
 * on this order: each importer's detect() excludes the others', and a file two claim is an error.
 */
export const importerRegistry = {
  'css-variables': cssVariables,
  'figma-variables': figmaVariables,
  'style-dictionary': styleDictionary,
  'tailwind-v3-config': tailwindV3Config,
  'tailwind-v4-theme': tailwindV4Theme,
  'tokens-studio': tokensStudio,
} as const satisfies Record<string, TokenImporter>;

export type ImporterId = keyof typeof importerRegistry;
export const IMPORTER_IDS = Object.keys(importerRegistry) as ImporterId[];
