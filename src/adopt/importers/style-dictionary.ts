import { parseJsonDocument } from '../../diagnostics/json-source.js';
import { isFigmaExport } from './figma-variables.js';
import { isTokensStudio } from './tokens-studio.js';
import { jsonLeaves, jsonObject, leavesToTokens } from '../json-tokens.js';
import { defineTokenImporter } from '../token-importer.js';

/**
 * Style Dictionary token trees: v3 (`value`, `type`, `comment`, aliases `{a.b.value}`) and DTCG
 * (`$value`, `$type`, `$description`, group `$type`). No modes: one file is one set.
 */
export const importer = defineTokenImporter({
  id: 'style-dictionary',
  meta: {
    docs: { description: 'Style Dictionary JSON: v3 value/type/comment trees and DTCG $value/$type files.' },
    detect: (file, text) => {
      const json = jsonObject(file, text);
      return json !== undefined && !isTokensStudio(json) && !isFigmaExport(json) && jsonLeaves(json).length > 0;
    },
  },
  import(file, text) {
    const doc = parseJsonDocument(text, file);
    return leavesToTokens(doc, jsonLeaves(doc.value));
  },
});
