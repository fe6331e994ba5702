import { applyEdits, modify } from 'jsonc-parser';
import { fromPointer } from '../diagnostics/pointer.js';
import { valueAt } from './json-pointer-gate.js';

/**
 * `now` with the values of `pointers` put back as they were in `saved`, keeping everything else of
 * `now` (the agent's new dependency stays, the script CI runs comes back) and its formatting.
 * Undefined when `now` is not JSON: then the caller puts back the whole saved file.
 */
export function restorePointers(saved: string, now: string, pointers: readonly string[]): string | undefined {
  let savedDoc: unknown;
  try {
    JSON.parse(stripBom(now));
    savedDoc = JSON.parse(stripBom(saved));
  } catch {
    return undefined;
  }
  let text = now;
  for (const pointer of pointers) {
    const was = valueAt(savedDoc, pointer);
    const path = fromPointer(pointer).map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) && isArrayParent(savedDoc, pointer) ? Number(segment) : segment));
    text = applyEdits(text, modify(text, path, was.found ? was.value : undefined, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  }
  return text;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Whether the pointer's last step indexes an array (then its segment is a number for jsonc-parser). */
function isArrayParent(doc: unknown, pointer: string): boolean {
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  const found = parent === '' ? { found: true as const, value: doc } : valueAt(doc, parent);
  return found.found && Array.isArray(found.value);
}
