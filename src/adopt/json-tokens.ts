import { toPointer } from '../diagnostics/pointer.js';
import { aliasTarget, checkValue, isTokenType, TOKEN_TYPES, type TokenType } from '../contracts/token-types.js';
import type { JsonDocument } from '../diagnostics/json-source.js';
import { cssColourToDtcg } from './colour-value.js';
import { readCssValue } from './css-value.js';
import { importProblem, type ImportedToken, type ImportResult } from './token-importer.js';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parsed object of a JSON file, for detect(); undefined for anything else. */
export function jsonObject(file: string, text: string): Record<string, unknown> | undefined {
  if (!/\.json$/i.test(file)) return undefined;
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One token of a JSON token tree: DTCG (`$value`) or pre-DTCG (`value`, Style Dictionary v3, Tokens Studio). */
export interface JsonLeaf {
  readonly path: readonly string[];
  readonly pointer: string;
  /** Of the value itself (`…/$value`, `…/value`), for errors about it. */
  readonly valuePointer: string;
  readonly value: unknown;
  /** `$type` / `type`, or the nearest group's `$type`. */
  readonly type: string | undefined;
  readonly description: string | undefined;
}

const META_KEYS = new Set(['attributes', '$extensions', 'extensions']);

function isLeaf(node: Record<string, unknown>): boolean {
  if ('$value' in node) return true;
  return 'value' in node && !Object.entries(node).some(([k, v]) => k !== 'value' && !META_KEYS.has(k) && isObject(v));
}

/** Every token under `root`, in document order. */
export function jsonLeaves(root: unknown, start: readonly (string | number)[] = []): JsonLeaf[] {
  const out: JsonLeaf[] = [];
  const walk = (node: Record<string, unknown>, path: string[], at: (string | number)[], groupType: string | undefined) => {
    const type = typeof node.$type === 'string' ? node.$type : groupType;
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('$') || !isObject(child)) continue;
      if (isLeaf(child)) {
        const dtcg = '$value' in child;
        const own = dtcg ? child.$type : (child.type ?? child.$type);
        const description = dtcg ? child.$description : (child.description ?? child.comment);
        out.push({
          path: [...path, key],
          pointer: toPointer([...at, key]),
          valuePointer: toPointer([...at, key, dtcg ? '$value' : 'value']),
          value: dtcg ? child.$value : child.value,
          type: typeof own === 'string' ? own : type,
          description: typeof description === 'string' && description.trim() !== '' ? description.trim() : undefined,
        });
      } else walk(child, [...path, key], [...at, key], type);
    }
  };
  if (isObject(root)) walk(root, [], [...start], undefined);
  return out;
}

/** Source type names (Style Dictionary, Tokens Studio, Figma) → DTCG types. */
const TYPE_NAMES: Readonly<Record<string, TokenType>> = {
  size: 'dimension',
  sizing: 'dimension',
  spacing: 'dimension',
  borderradius: 'dimension',
  borderwidth: 'dimension',
  fontsize: 'dimension',
  fontsizes: 'dimension',
  letterspacing: 'dimension',
  paragraphspacing: 'dimension',
  fontfamilies: 'fontFamily',
  fontweights: 'fontWeight',
  lineheight: 'number',
  lineheights: 'number',
  opacity: 'number',
  boxshadow: 'shadow',
  time: 'duration',
};

export function dtcgType(name: string | undefined): TokenType | undefined {
  if (name === undefined) return undefined;
  if (isTokenType(name)) return name;
  const lower = name.toLowerCase();
  return TYPE_NAMES[lower] ?? TOKEN_TYPE_BY_LOWER.get(lower);
}
const TOKEN_TYPE_BY_LOWER = new Map<string, TokenType>(TOKEN_TYPES.map((t) => [t.toLowerCase(), t]));

/** A path segment as a DTCG name: `.` (Tailwind's `0.5`) becomes `_`; a leading `$` is dropped. */
export const segmentName = (segment: string): string => segment.trim().replace(/\./g, '_').replace(/^\$+/, '').replace(/[{}]/g, '');

/**
 * A source value as a DTCG value of `type` (or of the type the value shows): valid DTCG passes; CSS
 * strings are read as in CSS; bare numbers are px / ms; `{a.b.value}` (Style Dictionary v3) is an alias.
 */
export function normaliseValue(type: TokenType | undefined, raw: unknown): { type: TokenType | undefined; value: unknown } | { error: string } {
  if (typeof raw === 'string') {
    const target = aliasTarget(raw.trim());
    if (target !== undefined) return { type, value: `{${target.replace(/\.value$/, '')}}` };
    if (raw.includes('{')) return { error: `"${raw}" computes with references; DTCG has no expressions` };
  }
  if (typeof raw === 'string' && type === 'color') {
    const colour = cssColourToDtcg(raw);
    if (colour !== undefined) return { type, value: colour };
  }
  if (typeof raw === 'string' && type === 'fontFamily' && raw.includes(',')) return { type, value: raw.split(',').map((s) => s.trim().replace(/^(['"])(.*)\1$/, '$2')).filter(Boolean) };
  // Tokens Studio writes unitless numbers as strings ("16" for 16px).
  if (typeof raw === 'string' && /^-?(?:\d+\.?\d*|\.\d+)$/.test(raw.trim()) && type !== undefined && type !== 'color') return normaliseValue(type, Number(raw));
  if (type !== undefined && checkValue(type, raw).issues.length === 0) return { type, value: raw };
  if (typeof raw === 'number') {
    if (type === 'dimension') return { type, value: { value: raw, unit: 'px' } };
    if (type === 'duration') return { type, value: { value: raw, unit: 'ms' } };
    if (type === undefined) return { type: 'number', value: raw };
  }
  if (typeof raw === 'string') {
    if (type === 'number' && /%$/.test(raw.trim()) && Number.isFinite(parseFloat(raw))) return { type, value: parseFloat(raw) / 100 };
    const read = readCssValue(raw, type);
    if (read.kind === 'value' && (type === undefined || read.type === type)) return { type: read.type, value: read.value };
    if (read.kind === 'value' && type === 'fontWeight' && read.type === 'number') return { type, value: read.value };
    if (read.kind === 'unsupported') return { error: read.reason };
  }
  if (type === 'shadow') {
    const layers = (Array.isArray(raw) ? raw : [raw]).map(studioShadow);
    if (layers.every((l) => l !== undefined)) return { type, value: layers.length === 1 ? layers[0] : layers };
  }
  return { error: `${JSON.stringify(raw)} is not a ${type ?? 'token'} value` };
}

/** Tokens Studio's `{ x, y, blur, spread, color, type: dropShadow | innerShadow }`. */
function studioShadow(layer: unknown): unknown {
  if (!isObject(layer) || !('x' in layer) || !('y' in layer)) return undefined;
  const dim = (v: unknown) => normaliseValue('dimension', typeof v === 'string' && /^-?[\d.]+$/.test(v) ? Number(v) : (v ?? 0));
  const parts = [dim(layer.x), dim(layer.y), dim(layer.blur), dim(layer.spread)];
  const color = normaliseValue('color', layer.color ?? '#000000');
  if (parts.some((p) => 'error' in p) || 'error' in color) return undefined;
  const [offsetX, offsetY, blur, spread] = parts.map((p) => ('value' in p ? p.value : undefined));
  return { color: color.value, offsetX, offsetY, blur, spread, ...(layer.type === 'innerShadow' ? { inset: true } : {}) };
}

/**
 * Leaves → tokens: a value that cannot be read is a located error (the source declared it a token). An
 * alias without a type takes its target's, followed through the file.
 */
export function leavesToTokens(doc: JsonDocument, leaves: readonly JsonLeaf[], mode: (leaf: JsonLeaf) => readonly (string | undefined)[] = () => [undefined]): ImportResult {
  const tokens: ImportedToken[] = [];
  const problems: ImportResult['problems'] = [];
  const read: { leaf: JsonLeaf; path: string; type: TokenType | undefined; value: unknown; at: { file: string; pointer: string; line: number; column: number } }[] = [];
  for (const leaf of leaves) {
    const declared = dtcgType(leaf.type);
    const at = { file: doc.file, pointer: leaf.pointer, ...doc.locateKey(leaf.pointer) };
    if (leaf.type !== undefined && declared === undefined) {
      problems.push(importProblem('warn', 'tokens/import-skipped', `${leaf.path.join('.')} was not imported: type "${leaf.type}" has no DTCG equivalent`, at));
      continue;
    }
    const result = normaliseValue(declared, leaf.value);
    if ('error' in result) {
      problems.push(importProblem('error', 'tokens/import-invalid-value', `${leaf.path.join('.')}: ${result.error}`, { ...at, pointer: leaf.valuePointer, ...doc.locate(leaf.valuePointer) }));
      continue;
    }
    read.push({ leaf, path: leaf.path.map(segmentName).join('.'), type: result.type, value: result.value, at });
  }
  const byPath = new Map(read.map((r) => [r.path, r]));
  const typeOf = (path: string, seen: Set<string>): TokenType | undefined => {
    const entry = byPath.get(path);
    if (!entry || seen.has(path)) return undefined;
    if (entry.type) return entry.type;
    const target = aliasTarget(entry.value);
    return target === undefined ? undefined : typeOf(target, new Set([...seen, path]));
  };
  for (const r of read) {
    const type = typeOf(r.path, new Set());
    if (type === undefined) {
      problems.push(importProblem('error', 'tokens/import-missing-type', `${r.path} is an alias of a token this file does not define; give it "type" or "$type"`, r.at));
      continue;
    }
    for (const m of mode(r.leaf)) {
      tokens.push({
        path: r.path,
        type,
        value: r.value,
        ...(r.leaf.description ? { description: r.leaf.description } : {}),
        ...(m === undefined ? {} : { mode: m }),
        location: { file: r.at.file, line: r.at.line, column: r.at.column },
      });
    }
  }
  return { tokens, problems };
}
