import { basename } from 'node:path';
import type { TokenType } from '../../contracts/token-types.js';
import { parseJsonDocument, type JsonDocument } from '../../diagnostics/json-source.js';
import { toPointer } from '../../diagnostics/pointer.js';
import { rgbaToDtcg } from '../colour-value.js';
import { isObject, jsonLeaves, jsonObject, leavesToTokens, segmentName } from '../json-tokens.js';
import { defineTokenImporter, importProblem, type ImportedToken, type ImportResult } from '../token-importer.js';

/** The REST API's `GET /v1/files/:key/variables/local` answer, or a DTCG file of Figma's own export. */
export const isFigmaExport = (json: Record<string, unknown>): boolean =>
  (isObject(json.meta) && isObject(json.meta.variables)) || JSON.stringify(json).includes('"com.figma');

/**
 * Figma variables. The REST answer: every variable's `valuesByMode`, one mode per collection mode
 * (lower-cased name; a collection with one mode has none), colours as 0–1 `{ r, g, b, a }`, and
 * `VARIABLE_ALIAS` values as aliases. FLOATs are px dimensions when their scopes or name say size
 * (radius, gap, spacing, width, font size), else numbers. Figma's DTCG export (one file per mode) is
 * read like Style Dictionary's DTCG, its mode taken from `$extensions["com.figma"].modeName` or a
 * `light`/`dark` file name.
 */
export const importer = defineTokenImporter({
  id: 'figma-variables',
  meta: {
    docs: { description: 'Figma variables: the REST API variables/local JSON (collections, modes, valuesByMode, aliases) and DTCG files of Figma\'s export.' },
    detect: (file, text) => {
      const json = jsonObject(file, text);
      return json !== undefined && isFigmaExport(json);
    },
  },
  import(file, text) {
    const doc = parseJsonDocument(text, file);
    const root = isObject(doc.value) ? doc.value : {};
    if (isObject(root.meta)) return fromRest(doc, root.meta);
    const ext = isObject(root.$extensions) ? root.$extensions : {};
    const named = (isObject(ext['com.figma']) ? ext['com.figma'].modeName : undefined) ?? ext['com.figma.modeName'];
    const stem = basename(file).split('.')[0]?.toLowerCase() ?? '';
    const mode = typeof named === 'string' ? modeName(named) : ['light', 'dark'].includes(stem) ? stem : undefined;
    return leavesToTokens(doc, jsonLeaves(root), () => [mode]);
  },
});

const modeName = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');
const SIZE_SCOPES = new Set(['CORNER_RADIUS', 'GAP', 'WIDTH_HEIGHT', 'FONT_SIZE', 'LETTER_SPACING', 'STROKE_FLOAT', 'PARAGRAPH_SPACING', 'PARAGRAPH_INDENT']);
const SIZE_NAME = /radius|spacing|space|gap|padding|margin|width|height|size|inset/i;

function floatType(name: string, scopes: unknown): TokenType {
  const list = Array.isArray(scopes) ? scopes.map(String) : [];
  if (list.includes('FONT_WEIGHT') || /font-?weight/i.test(name)) return 'fontWeight';
  if (list.some((s) => SIZE_SCOPES.has(s)) || SIZE_NAME.test(name)) return 'dimension';
  return 'number';
}

function fromRest(doc: JsonDocument, meta: Record<string, unknown>): ImportResult {
  const tokens: ImportedToken[] = [];
  const problems: ImportResult['problems'] = [];
  const at = (pointer: string) => ({ file: doc.file, pointer, ...doc.locate(pointer) });
  const variables = isObject(meta.variables) ? meta.variables : undefined;
  const collections = isObject(meta.variableCollections) ? meta.variableCollections : {};
  if (!variables) return { tokens, problems: [importProblem('error', 'tokens/import-invalid', 'expected meta.variables: an object of variables by id', at('/meta'))] };

  const pathOf = (v: Record<string, unknown>) => String(v.name ?? '').split('/').map((s) => segmentName(modeName(s))).filter(Boolean).join('.');
  for (const [id, variable] of Object.entries(variables)) {
    const pointer = toPointer(['meta', 'variables', id]);
    if (!isObject(variable) || typeof variable.name !== 'string' || !isObject(variable.valuesByMode)) {
      problems.push(importProblem('error', 'tokens/import-invalid', `variable ${id}: expected { name, resolvedType, valuesByMode }`, at(pointer)));
      continue;
    }
    if (variable.remote === true && Object.keys(variable.valuesByMode).length === 0) continue;
    const path = pathOf(variable);
    const resolvedType = String(variable.resolvedType);
    const type: TokenType | undefined =
      resolvedType === 'COLOR' ? 'color' : resolvedType === 'FLOAT' ? floatType(variable.name, variable.scopes) : resolvedType === 'STRING' && (/font/i.test(variable.name) || (Array.isArray(variable.scopes) && variable.scopes.includes('FONT_FAMILY'))) ? 'fontFamily' : undefined;
    if (!type) {
      problems.push(importProblem('warn', 'tokens/import-skipped', `${variable.name} was not imported: a ${resolvedType.toLowerCase()} variable has no DTCG type`, at(pointer)));
      continue;
    }
    const collection = isObject(collections[String(variable.variableCollectionId)]) ? (collections[String(variable.variableCollectionId)] as Record<string, unknown>) : {};
    const modes = Array.isArray(collection.modes) ? collection.modes.filter(isObject) : [];
    const description = typeof variable.description === 'string' && variable.description.trim() !== '' ? variable.description.trim() : undefined;
    for (const [modeId, raw] of Object.entries(variable.valuesByMode)) {
      const valuePointer = toPointer(['meta', 'variables', id, 'valuesByMode', modeId]);
      const declared = modes.find((m) => m.modeId === modeId);
      const mode = modes.length > 1 && typeof declared?.name === 'string' ? modeName(declared.name) : undefined;
      let value: unknown;
      if (isObject(raw) && raw.type === 'VARIABLE_ALIAS') {
        const target = variables[String(raw.id)];
        if (!isObject(target)) {
          problems.push(importProblem('error', 'tokens/import-alias-unknown', `${variable.name}: alias of ${String(raw.id)}, which is not in meta.variables`, at(valuePointer)));
          continue;
        }
        value = `{${pathOf(target)}}`;
      } else if (type === 'color' && isObject(raw) && ['r', 'g', 'b'].every((k) => typeof raw[k] === 'number')) {
        value = rgbaToDtcg(raw as { r: number; g: number; b: number; a?: number });
      } else if (typeof raw === 'number' && type !== 'color' && type !== 'fontFamily') {
        value = type === 'dimension' ? { value: raw, unit: 'px' } : raw;
      } else if (typeof raw === 'string' && type === 'fontFamily') {
        value = raw;
      } else {
        problems.push(importProblem('error', 'tokens/import-invalid-value', `${variable.name}: ${JSON.stringify(raw)} is not a ${resolvedType} value`, at(valuePointer)));
        continue;
      }
      tokens.push({ path, type, value, ...(description ? { description } : {}), ...(mode ? { mode } : {}), location: { file: doc.file, ...doc.locateKey(valuePointer) } });
    }
  }
  return { tokens, problems };
}
