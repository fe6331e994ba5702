import type { Policy } from '../project/policy-schema.js';
import { splitGatePath } from './json-pointer-gate.js';

/**
 * Whether code an interpreter runs names a protected path, also when the name is spelled in pieces
 * (`'AGENT'+'S.md'`, `"AGENT" "S.md"`, `'AGENTS' . '.md'`, `join('design', 'contracts')`) or with
 * escapes (`\x41GENTS.md`). A name built any other way is not seen: this asks a person early, the
 * OS sandbox is what holds.
 */
export function mentionedGate(code: string, policy: Policy): string | undefined {
  const variants = spellings(code);
  const folder = folderLiteral(variants[1] ?? '', policy);
  if (folder) return folder;
  for (const gate of policy.hardGates) {
    for (const path of gate.paths) {
      const { glob, pointer } = splitGatePath(path);
      // A pointer gate is named by its last key (`design:drift`): the file (package.json) is everywhere.
      const name = pointer !== undefined ? (pointer.split('/').pop() ?? '').replace(/~1/g, '/').replace(/~0/g, '~') : glob.replace(/\/?[^/]*[*?[{].*$/, '');
      if (name.length < 3) continue;
      const needle = name.toLowerCase();
      const undotted = needle.replace(/\./g, '');
      if (variants.some((v, i) => v.includes(needle) || (i > 0 && v.replace(/\./g, '').includes(undotted)))) return name;
    }
  }
  return undefined;
}

function spellings(code: string): string[] {
  const bounded = code.length > 1_000_000 ? code.slice(0, 1_000_000) : code;
  const lower = bounded.toLowerCase();
  const decoded = lower
    .replace(/\\x([0-9a-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\\u\{?([0-9a-f]{4,6})\}?/g, (_, h: string) => String.fromCodePoint(Math.min(Number.parseInt(h, 16), 0x10ffff)))
    .replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)))
    .toLowerCase();
  const joined = decoded.replace(/[\s'"`+\\]/g, '');
  return [lower, decoded, joined, joined.replace(/,/g, '/')];
}

/** A string literal naming a folder that holds a gated path (`rmtree('design')`): the whole folder may go. */
function folderLiteral(code: string, policy: Policy): string | undefined {
  for (const gate of policy.hardGates) {
    for (const path of gate.paths) {
      const parts = splitGatePath(path).glob.split('/');
      for (let i = 1; i < parts.length; i++) {
        const dir = parts.slice(0, i).join('/');
        if (/[*?[{]/.test(dir) || dir === '' || dir === '.') break;
        const escaped = dir.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (new RegExp(`['"\`](?:\\./)?${escaped}/?['"\`]`).test(code)) return dir;
      }
    }
  }
  return undefined;
}
