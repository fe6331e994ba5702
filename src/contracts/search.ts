import type { Project } from '../project/project.js';

export interface SearchHit {
  readonly kind: 'token' | 'component' | 'rule';
  readonly id: string;
  readonly title: string;
  readonly snippet: string;
  readonly score: number;
}

/**
 * Fuzzy search over tokens, components and rules: every query word must match somewhere (id, name,
 * description, category, value); ids that match whole or by prefix rank first. Deterministic order.
 */
export function searchContracts(project: Project, query: string, kinds: readonly SearchHit['kind'][] = ['token', 'component', 'rule']): SearchHit[] {
  const words = query.toLowerCase().split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: SearchHit[] = [];
  const consider = (kind: SearchHit['kind'], id: string, title: string, fields: readonly string[], snippet: string) => {
    const key = id.toLowerCase();
    const haystack = [key, ...fields.map((f) => f.toLowerCase())].join(' \u0000 ');
    let score = 0;
    for (const word of words) {
      if (key === word) score += 100;
      else if (key.split(/[.\-_]/).includes(word)) score += 40;
      else if (key.startsWith(word)) score += 30;
      else if (key.includes(word)) score += 20;
      else if (haystack.includes(word)) score += 8;
      else if (isSubsequence(word, key)) score += 3;
      else return;
    }
    hits.push({ kind, id, title, snippet: snippet.length > 160 ? `${snippet.slice(0, 157)}…` : snippet, score });
  };
  if (kinds.includes('token')) {
    for (const token of project.tokens.tokens.values()) {
      const value = typeof token.resolved === 'string' ? token.resolved : JSON.stringify(token.resolved);
      consider('token', token.path, `${token.path} (${token.type})`, [token.type, token.description ?? '', value], token.description ?? value);
    }
  }
  if (kinds.includes('component')) {
    for (const { contract } of project.components.components) {
      consider('component', contract.id, contract.name, [contract.name, contract.category, contract.type, contract.description, ...(contract.usage.when ?? [])], contract.description);
    }
  }
  if (kinds.includes('rule')) {
    for (const rule of project.rules.rules) {
      consider('rule', rule.id, rule.id, [rule.category, rule.description, rule.alternative ?? '', rule.detector], rule.description);
    }
  }
  return hits.sort((a, b) => b.score - a.score || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (let j = 0; j < haystack.length && i < needle.length; j++) if (haystack[j] === needle[i]) i++;
  return i === needle.length && needle.length >= 3;
}
