import { parseJsonDocument } from '../../diagnostics/json-source.js';
import { isObject, jsonLeaves, jsonObject, leavesToTokens, type JsonLeaf } from '../json-tokens.js';
import { defineTokenImporter } from '../token-importer.js';

/** Tokens Studio's multi-set file: token sets at the top, `$themes` and `$metadata` beside them. */
export const isTokensStudio = (json: Record<string, unknown>): boolean => '$themes' in json || '$metadata' in json;

type SetState = 'enabled' | 'source' | 'disabled';

/**
 * Tokens Studio (Figma plugin) JSON. Set names are not part of token paths (references omit them).
 * Modes come from `$themes`: a set enabled in some themes only belongs to those themes' modes (the
 * lower-cased theme name); a set enabled in every theme, or only a `source`, has no mode.
 */
export const importer = defineTokenImporter({
  id: 'tokens-studio',
  meta: {
    docs: { description: 'Tokens Studio JSON: token sets with value/type, $themes as modes, $metadata.tokenSetOrder.' },
    detect: (file, text) => {
      const json = jsonObject(file, text);
      return json !== undefined && isTokensStudio(json);
    },
  },
  import(file, text) {
    const doc = parseJsonDocument(text, file);
    const root = isObject(doc.value) ? doc.value : {};
    const themes = (Array.isArray(root.$themes) ? root.$themes : []).filter(isObject).map((t) => ({
      mode: String(t.name ?? '').trim().toLowerCase().replace(/\s+/g, '-'),
      sets: isObject(t.selectedTokenSets) ? (t.selectedTokenSets as Record<string, SetState>) : {},
    }));
    const order = isObject(root.$metadata) && Array.isArray(root.$metadata.tokenSetOrder) ? root.$metadata.tokenSetOrder.map(String) : [];
    const names = Object.keys(root).filter((k) => !k.startsWith('$') && isObject(root[k]));
    const sets = [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n))];
    const modesOf = (set: string): (string | undefined)[] => {
      const enabled = themes.filter((t) => t.sets[set] === 'enabled').map((t) => t.mode);
      return enabled.length === 0 || enabled.length === themes.length ? [undefined] : enabled;
    };
    const leaves: { leaf: JsonLeaf; modes: (string | undefined)[] }[] = sets.flatMap((set) => jsonLeaves(root[set], [set]).map((leaf) => ({ leaf, modes: modesOf(set) })));
    const modes = new Map(leaves.map((l) => [l.leaf, l.modes]));
    return leavesToTokens(doc, leaves.map((l) => l.leaf), (leaf) => modes.get(leaf) ?? [undefined]);
  },
});
