import { z } from 'zod';
import { defineSoftGate, pathOption, type SoftGateFinding } from './define.js';
import { jsonSides } from './json-sides.js';
import { changeOf } from './match.js';
import { byKey, differs } from './value-change.js';

type Contract = Record<string, unknown>;

const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
/** Resources and resource templates are URIs (strings), or objects with a uri / uriTemplate. */
const uriOf = (item: unknown): string => (typeof item === 'string' ? item : JSON.stringify(item));

/** What differs between two golden contracts (`{ tools: [{ name, … }], resources: [uri], resourceTemplates: [uri] }`). */
function contractChanges(file: string, a: Contract, b: Contract): SoftGateFinding[] {
  const out: SoftGateFinding[] = [];
  const was = byKey(list(a.tools), 'name');
  const now = byKey(list(b.tools), 'name');
  for (const name of was.keys()) if (!now.has(name)) out.push({ path: file, reason: `tool ${name} is removed`, detail: { tool: name, change: 'removed' } });
  for (const [name, tool] of now) {
    const old = was.get(name);
    if (old === undefined) {
      out.push({ path: file, reason: `tool ${name} is added`, detail: { tool: name, change: 'added' } });
      continue;
    }
    for (const field of [...new Set([...Object.keys(old), ...Object.keys(tool)])].sort()) {
      if (differs(old[field], tool[field])) out.push({ path: file, reason: `tool ${name}: ${field} changes`, detail: { tool: name, field, change: 'changed' } });
    }
  }
  for (const [key, what] of [['resources', 'resource'], ['resourceTemplates', 'resource template']] as const) {
    const before = new Set(list(a[key]).map(uriOf));
    const after = new Set(list(b[key]).map(uriOf));
    for (const uri of before) if (!after.has(uri)) out.push({ path: file, reason: `${what} ${uri} is removed`, detail: { [key]: uri, change: 'removed' } });
    for (const uri of after) if (!before.has(uri)) out.push({ path: file, reason: `${what} ${uri} is added`, detail: { [key]: uri, change: 'added' } });
  }
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (key !== 'tools' && key !== 'resources' && key !== 'resourceTemplates' && differs(a[key], b[key])) out.push({ path: file, reason: `${key} changes`, detail: { field: key, change: 'changed' } });
  }
  return out;
}

const object = (v: unknown): Contract => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Contract) : {});

export const gate = defineSoftGate({
  id: 'mcp-public-contract',
  meta: {
    docs: 'Compares the golden MCP contract file (tool names with their input schemas, output schemas and annotations; resource URIs; resource templates) between the two sides of the change: a tool, resource or template added or removed, or a tool\'s schema changed, is flagged. Needs options.contract; without it the gate does not run and says so. Externally visible response semantics that the file does not pin are for a person to judge.',
    needs: 'approval',
    blocking: true,
    stuck: 'a change alters the public MCP contract',
    question: 'Should the public MCP contract (tool names, schemas, resources) change as shown?',
    options: z.strictObject({
      contract: pathOption('The golden MCP contract file, project-relative (dsctl\'s own: test/golden/mcp-contract.json). Without it the gate does not run.').optional(),
    }),
  },
  cannotRun: (options) => (options.contract === undefined ? 'no golden contract file is named: set options.contract (e.g. "test/golden/mcp-contract.json") for it to compare, or take the gate out of policy.softGates' : undefined),
  detect(change, options) {
    if (options.contract === undefined) return [];
    const file = change.inProject(options.contract);
    const c = changeOf(change, file);
    if (c === undefined) return [];
    if (!change.compares) return [{ path: file, reason: 'the golden MCP contract is written: with no old side to compare, what changes is for a person to check', detail: { change: 'file' } }];
    const { before, after } = jsonSides(change, c, file);
    if (before.state === 'absent' && after.state === 'absent') return [];
    if (before.state === 'absent') return [{ path: file, reason: 'the golden MCP contract is added: the public contract it pins is new', detail: { change: 'added' } }];
    if (after.state === 'absent') return [{ path: file, reason: 'the golden MCP contract is removed: nothing pins the public contract any more', detail: { change: 'removed' } }];
    if (before.state === 'invalid' || after.state === 'invalid') return [{ path: file, reason: `the golden MCP contract is not valid JSON ${before.state === 'invalid' ? 'before' : 'after'} the change: what changes cannot be told`, detail: { change: 'file' } }];
    const found = contractChanges(file, object(before.value), object(after.value));
    // Same items in another order, tools without names, not an object at all: still a change of the pinned file.
    return found.length === 0 && differs(before.value, after.value) ? [{ path: file, reason: 'the golden MCP contract changes', detail: { change: 'file' } }] : found;
  },
});
