import { createTwoFilesPatch } from 'diff';
import postcss from 'postcss';
import { parse as parseYaml } from 'yaml';
import type { Origins, ViewFormat } from './view.js';

const MAX_LINES = 12;

/**
 * What changed between a view as it is and as it would be generated, in the view's own terms:
 * key paths for YAML, JSON and CSS (named with the token they come from), a unified diff excerpt for text.
 * Returns the changed keys (for the message) and lines for people.
 */
export function semanticDiff(
  format: ViewFormat,
  before: string,
  after: string,
  origins: Origins | undefined,
  describeOrigin: (origin: string) => string = (origin) => origin,
): { keys: string[]; details: string[] } {
  const flat = format === 'css' ? flattenCss : format === 'yaml' ? (t: string) => flattenValue(parseYaml(t)) : format === 'json' ? (t: string) => flattenValue(JSON.parse(t)) : undefined;
  if (flat) {
    let a: Map<string, string>;
    let b: Map<string, string>;
    try {
      a = flat(before);
      b = flat(after);
    } catch {
      return { keys: [], details: textDiff(before, after) };
    }
    const keys = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
    const name = (key: string) => {
      const origin = origins?.get(key);
      return origin ? `${key} (${describeOrigin(origin)})` : key;
    };
    const details = keys.slice(0, MAX_LINES).map((k) => `${name(k)}: ${a.get(k) ?? '(absent)'} → ${b.get(k) ?? '(absent)'}`);
    if (keys.length > MAX_LINES) details.push(`… and ${keys.length - MAX_LINES} more`);
    return { keys: keys.map(name), details };
  }
  return { keys: [], details: textDiff(before, after) };
}

function flattenValue(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) out.set(prefix, JSON.stringify(value));
    for (const [k, v] of entries) flattenValue(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

/** `:root --color-brand-600` → value; at-rules prefix their selectors (`@media (…) :root --x`). */
export function flattenCss(text: string): Map<string, string> {
  const out = new Map<string, string>();
  postcss.parse(text).walkDecls((decl) => {
    const scopes: string[] = [];
    for (let node = decl.parent; node && node.type !== 'root'; node = node.parent as typeof node) {
      if (node.type === 'rule') scopes.unshift((node as postcss.Rule).selector);
      else if (node.type === 'atrule') scopes.unshift(`@${(node as postcss.AtRule).name} ${(node as postcss.AtRule).params}`.trim());
    }
    out.set(`${scopes.join(' ')} ${decl.prop}`.trim(), decl.value);
  });
  return out;
}

function textDiff(before: string, after: string): string[] {
  const patch = createTwoFilesPatch('current', 'generated', before, after, '', '', { context: 1 });
  const lines = patch.split('\n').slice(4).filter((l) => l !== '' && !l.startsWith('\\'));
  return lines.length > MAX_LINES * 2 ? [...lines.slice(0, MAX_LINES * 2), `… ${lines.length - MAX_LINES * 2} more diff lines`] : lines;
}
