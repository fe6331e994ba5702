import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/governance/soft-gates/mcp-public-contract.js';
import { memoryView, type MemoryChange } from './memory-view.js';
import { findings } from './run-gate.js';

const GOLDEN = 'test/golden/mcp-contract.json';
// dsctl's own golden contract: the shape test/mcp/server.test.ts writes.
const real = JSON.parse(readFileSync(new URL('../../golden/mcp-contract.json', import.meta.url), 'utf8')) as { tools: Record<string, unknown>[]; resources: string[]; resourceTemplates: string[] };
const text = (value: unknown) => JSON.stringify(value, null, 2);
const edit = (change: (c: typeof real) => void): MemoryChange => {
  const after = structuredClone(real);
  change(after);
  return { before: { [GOLDEN]: text(real) }, after: { [GOLDEN]: text(after) } };
};

describe('soft gate mcp-public-contract', () => {
  it.each<{ name: string; view: MemoryChange; want: string[] }>([
    { name: 'a tool renamed: one removed, one added', view: edit((c) => ((c.tools[0] as { name: string }).name = 'check_markup')), want: [`${GOLDEN}: tool check_html is removed`, `${GOLDEN}: tool check_markup is added`] },
    { name: "a tool's input schema", view: edit((c) => ((c.tools[1] as { inputSchema: Record<string, unknown> }).inputSchema.required = [])), want: [`${GOLDEN}: tool get_component: inputSchema changes`] },
    { name: "a tool's output schema and annotations", view: edit((c) => Object.assign(c.tools[2] as object, { outputSchema: {}, annotations: { readOnlyHint: false } })), want: [`${GOLDEN}: tool get_rules: annotations changes`, `${GOLDEN}: tool get_rules: outputSchema changes`] },
    { name: 'a resource removed, a template added', view: edit((c) => { c.resources.pop(); c.resourceTemplates.push('dsctl://x/{id}'); }), want: [`${GOLDEN}: resource ${real.resources.at(-1)} is removed`, `${GOLDEN}: resource template dsctl://x/{id} is added`] },
    { name: 'the same tools in another order', view: edit((c) => c.tools.reverse()), want: [`${GOLDEN}: the golden MCP contract changes`] },
    { name: 'only whitespace', view: { before: { [GOLDEN]: text(real) }, after: { [GOLDEN]: JSON.stringify(real) } }, want: [] },
    { name: 'not JSON after the change', view: { before: { [GOLDEN]: text(real) }, after: { [GOLDEN]: '{' } }, want: [`${GOLDEN}: the golden MCP contract is not valid JSON after the change: what changes cannot be told`] },
    { name: 'removed', view: { before: { [GOLDEN]: text(real) } }, want: [`${GOLDEN}: the golden MCP contract is removed: nothing pins the public contract any more`] },
    { name: 'added', view: { after: { [GOLDEN]: text(real) } }, want: [`${GOLDEN}: the golden MCP contract is added: the public contract it pins is new`] },
    { name: 'other files', view: { before: { 'src/mcp/server.ts': 'a' }, after: { 'src/mcp/server.ts': 'b' } }, want: [] },
  ])('$name', ({ view, want }) => {
    expect(findings(gate, memoryView(view), { contract: GOLDEN })).toEqual(want);
  });

  it('does not run without a contract file, and says why', () => {
    const options = gate.meta.options.parse({}) as never;
    expect(gate.cannotRun(options)).toContain('set options.contract');
    expect(gate.cannotRun(gate.meta.options.parse({ contract: GOLDEN }) as never)).toBeUndefined();
    expect(findings(gate, memoryView(edit((c) => c.tools.pop())))).toEqual([]);
  });
});
