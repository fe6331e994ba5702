import { describe, expect, it } from 'vitest';
import { scanComponents } from '../../../src/adopt/components/scan.js';
import { call, connect } from '../../mcp/connect.js';
import { starterProject } from '../../support/project.js';
import { fixtureApp } from './fixture.js';

describe('MCP answers with the scanned component', () => {
  it('get_component Button: the import line, props with types, variants and the example', async () => {
    const dir = fixtureApp();
    scanComponents({ root: dir, contractsDir: 'design/contracts/app-components', schemasDir: 'design/schemas', dirs: [], dryRun: false });
    const { client } = await connect(dir);
    const result = await call(client, 'get_component', { id: 'Button' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      file: 'design/contracts/app-components/button.contract.json',
      import: "import { Button } from '@/components/ui/button'",
      component: {
        importPath: '@/components/ui/button',
        props: [
          { name: 'variant', type: '"default" | "destructive" | "outline"' },
          { name: 'size', type: '"default" | "sm" | "lg"' },
          { name: 'asChild', type: 'boolean', default: 'false' },
        ],
        variants: { variant: { options: ['default', 'destructive', 'outline'], default: 'default' } },
        example: '<Button variant="destructive" size="sm">…</Button>',
      },
    });
    const disclosure = await call(client, 'get_component', { id: 'disclosure' });
    expect(disclosure.structuredContent).toMatchObject({ import: "import Disclosure from '@/components/disclosure'" });

    const listed = (await call(client, 'list_components', {})).structuredContent as { components: { id: string; import?: string; example?: string }[] };
    expect(listed.components.find((c) => c.id === 'card-title')).toMatchObject({ import: "import { CardTitle } from '@/components/ui/card'", example: '<CardTitle>…</CardTitle>' });
  });

  it("keeps the starter's hand-written answers as they were: no import, no example", async () => {
    const { client } = await connect(starterProject());
    const result = await call(client, 'get_component', { id: 'button' });
    expect(Object.keys(result.structuredContent ?? {}).sort()).toEqual(['component', 'file']);
    const listed = (await call(client, 'list_components', {})).structuredContent as { components: Record<string, unknown>[] };
    expect(listed.components.every((c) => Object.keys(c).sort().join() === 'category,description,id,name,status,type')).toBe(true);
  });
});
