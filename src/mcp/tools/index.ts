import { tool as checkHtml } from './check-html.js';
import { tool as getComponent } from './get-component.js';
import { tool as getRules } from './get-rules.js';
import { tool as getToken } from './get-token.js';
import { tool as listComponents } from './list-components.js';
import { tool as search } from './search.js';
import { tool as searchTokens } from './search-tokens.js';
import type { ToolModule } from './tool.js';

/** The public tool set, sorted by name. Names, schemas and output shapes are pinned by test/golden/mcp-contract.json. */
export const TOOLS: readonly ToolModule<never>[] = [checkHtml, getComponent, getRules, getToken, listComponents, search, searchTokens] as readonly ToolModule<never>[];
