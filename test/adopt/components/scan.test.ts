import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanComponents, type ScanReport } from '../../../src/adopt/components/scan.js';
import type { ComponentContract } from '../../../src/contracts/component-types.js';
import { loadProject } from '../../../src/project/project.js';
import { editJson, readJson } from '../../support/project.js';
import { BUTTON, cli, fixtureApp, PERSON } from './fixture.js';

const CONTRACTS = 'design/contracts/app-components';
const scan = (dir: string, dryRun = false) => scanComponents({ root: dir, contractsDir: CONTRACTS, schemasDir: 'design/schemas', dirs: [], dryRun });
const contract = (dir: string, id: string) => readJson<ComponentContract>(dir, `${CONTRACTS}/${id}.contract.json`);
const snapshot = (dir: string) => Object.fromEntries(readdirSync(join(dir, CONTRACTS)).sort().map((f) => [f, readFileSync(join(dir, CONTRACTS, f), 'utf8')]));
const actions = (report: ScanReport) => Object.fromEntries(report.components.map((c) => [c.id, c.action]));

describe('dsctl components scan', () => {
  it('drafts a contract per exported component: import path, export, props, cva variants, example, ARIA', () => {
    const dir = fixtureApp();
    const report = scan(dir);
    expect(report.folders).toEqual(['src/components']);
    expect(report.tsconfig).toBe('tsconfig.json');
    expect(actions(report)).toEqual({ disclosure: 'created', 'status-tag': 'created', button: 'created', card: 'created', 'card-header': 'created', 'card-title': 'created' });

    const button = contract(dir, 'button');
    expect(button).toMatchObject({
      id: 'button',
      name: 'Button',
      status: 'draft',
      source: 'src/components/ui/button.tsx',
      importPath: '@/components/ui/button',
      exportName: 'Button',
      extendsProps: ['React.ComponentProps<"button">'],
      example: '<Button variant="destructive" size="sm">…</Button>',
      type: 'interactive',
      accessibility: { role: 'button', keyboardInteractions: [{ key: 'Enter' }, { key: 'Space' }] },
    });
    expect(button.sourceHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(button.variants).toEqual({
      variant: {
        options: ['default', 'destructive', 'outline'],
        default: 'default',
        classes: { default: 'bg-primary text-on-primary hover:bg-primary-hover', destructive: 'bg-danger-solid text-on-primary', outline: 'border border-border bg-surface' },
      },
      size: { options: ['default', 'sm', 'lg'], default: 'default', classes: { default: 'h-10 px-4', sm: 'h-8 px-3', lg: 'h-12 px-6' } },
    });
    expect(button.props).toEqual([
      { name: 'variant', type: '"default" | "destructive" | "outline"', required: false },
      { name: 'size', type: '"default" | "sm" | "lg"', required: false },
      { name: 'asChild', type: 'boolean', required: false, description: 'Render the child element instead of a <button>.', default: 'false' },
    ]);
    expect(button.htmlSample).toBe('<button type="button" class="inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium bg-primary text-on-primary hover:bg-primary-hover h-10 px-4">Button</button>');

    // Several named exports of one file: one contract each, the same import path.
    for (const [id, exportName] of [['card', 'Card'], ['card-header', 'CardHeader'], ['card-title', 'CardTitle']] as const) {
      expect(contract(dir, id)).toMatchObject({ exportName, importPath: '@/components/ui/card', source: 'src/components/ui/card.tsx' });
    }
    expect(contract(dir, 'card-title').accessibility.role).toBe('heading');
    // The root's literal classes (inside cn(…)) make the sample.
    expect(contract(dir, 'card').htmlSample).toBe('<div class="rounded-lg border">Card</div>');

    // A default export, an interface's props (a method signature too), an explicit role, aria-*, a key handler.
    expect(contract(dir, 'disclosure')).toMatchObject({
      exportName: 'default',
      importPath: '@/components/disclosure',
      props: [
        { name: 'title', type: 'string', required: true },
        { name: 'children', type: 'ReactNode', required: false },
        { name: 'onToggle', type: '(open: boolean) => void', required: false },
      ],
      example: '<Disclosure title="…">…</Disclosure>',
      accessibility: { role: 'group', ariaAttributes: ['aria-expanded'], keyboardInteractions: [{ key: 'Escape' }] },
    });

    // Vue: defineProps<…>() in <script setup>, imported with its extension.
    expect(contract(dir, 'status-tag')).toMatchObject({
      name: 'StatusTag',
      exportName: 'default',
      importPath: '@/components/StatusTag.vue',
      props: [
        { name: 'label', type: 'string', required: true },
        { name: 'disabled', type: 'boolean', required: false },
      ],
      accessibility: { role: 'generic', ariaAttributes: ['aria-disabled'] },
      htmlSample: '<span class="badge">StatusTag</span>',
    });

    // The drafts are valid contracts: dsctl check has nothing to say.
    expect(loadProject({ cwd: dir }).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('reads forwardRef with an interface that extends DOM props, tv() recipes, and plain JSX without types', () => {
    const dir = fixtureApp();
    writeFileSync(
      join(dir, 'src/components/ui/input.tsx'),
      `import * as React from "react"
import { tv, type VariantProps } from "tailwind-variants"

const field = tv({ base: "h-10 rounded-md border", variants: { tone: { neutral: "border-border", danger: "border-danger" } }, defaultVariants: { tone: "neutral" } })

export interface InputProps extends React.InputHTMLAttributes<HTMLInputElement>, VariantProps<typeof field> {
  invalid?: boolean
}

const Input = React.forwardRef<HTMLInputElement, InputProps>(({ className, tone, invalid = false, ...props }, ref) => (
  <input ref={ref} aria-invalid={invalid} className={field({ tone, className })} {...props} />
))
Input.displayName = "Input"

export { Input }
`,
    );
    // Exported twice, one component: the named export is what the app imports.
    writeFileSync(join(dir, 'src/components/tag.jsx'), `export const Tag = ({ tone = "info", children }) => <span className="tag">{children}</span>\nexport default Tag\n`);
    const report = scan(dir);
    expect(contract(dir, 'input')).toMatchObject({
      exportName: 'Input',
      importPath: '@/components/ui/input',
      type: 'input',
      props: [
        { name: 'tone', type: '"neutral" | "danger"', required: false },
        { name: 'invalid', type: 'boolean', required: false, default: 'false' },
      ],
      extendsProps: ['React.InputHTMLAttributes<HTMLInputElement>'],
      variants: { tone: { options: ['neutral', 'danger'], default: 'neutral' } },
      example: '<Input tone="danger" />',
      accessibility: { role: 'textbox', ariaAttributes: ['aria-invalid'] },
      htmlSample: '<input class="h-10 rounded-md border border-border">',
    });
    expect(report.components.filter((c) => c.id === 'tag')).toHaveLength(1);
    expect(contract(dir, 'tag')).toMatchObject({
      exportName: 'Tag',
      importPath: '@/components/tag',
      props: [
        { name: 'tone', type: 'unknown', required: false, default: '"info"' },
        { name: 'children', type: 'unknown', required: false },
      ],
      example: '<Tag>…</Tag>',
    });
    expect(loadProject({ cwd: dir }).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('re-scans byte-identically, keeps what a person added to a draft, and rewrites a draft whose component changed', () => {
    const dir = fixtureApp();
    scan(dir);
    editJson(dir, `${CONTRACTS}/card.contract.json`, (c) => {
      c.description = 'A surface that groups related content.';
      c.category = 'layout';
      c.tokens = ['radius.md'];
    });
    const before = snapshot(dir);
    const again = scan(dir);
    expect(again.written).toBe(0);
    expect(new Set(Object.values(actions(again)))).toEqual(new Set(['unchanged']));
    expect(snapshot(dir)).toEqual(before);

    writeFileSync(join(dir, 'src/components/ui/button.tsx'), BUTTON.replace('outline: "border border-border bg-surface",', 'outline: "border border-border bg-surface",\n        ghost: "hover:bg-bg-subtle",'));
    const changed = scan(dir);
    expect(changed.components.find((c) => c.id === 'button')).toMatchObject({ action: 'updated', changed: expect.arrayContaining(['sourceHash', 'props', 'variants']) });
    expect(contract(dir, 'button').variants?.variant?.options).toEqual(['default', 'destructive', 'outline', 'ghost']);
    expect(contract(dir, 'card')).toMatchObject({ description: 'A surface that groups related content.', category: 'layout', tokens: ['radius.md'] });
  });

  it('never writes a contract a person marked ready: it reports the drift (exit 1)', async () => {
    const dir = fixtureApp();
    scan(dir);
    editJson(dir, `${CONTRACTS}/button.contract.json`, (c) => {
      c.status = 'ready';
      c.description = 'Triggers an action.';
    });
    const ready = readFileSync(join(dir, CONTRACTS, 'button.contract.json'), 'utf8');
    expect(actions(scan(dir)).button).toBe('in-step');

    writeFileSync(join(dir, 'src/components/ui/button.tsx'), BUTTON.replace('lg: "h-12 px-6",', 'lg: "h-12 px-6",\n        icon: "size-10",'));
    const report = scan(dir);
    expect(report.components.find((c) => c.id === 'button')).toMatchObject({ action: 'drift', changed: ['sourceHash', 'props', 'variants'] });
    expect(report.drift).toBe(1);
    expect(readFileSync(join(dir, CONTRACTS, 'button.contract.json'), 'utf8')).toBe(ready);

    const run = await cli(dir, ['components', 'scan', '--json']);
    expect(run.code).toBe(1);
    const envelope = JSON.parse(run.stdout) as { type: string; ok: boolean; data: ScanReport };
    expect(envelope).toMatchObject({ type: 'dsctl/components-scan', ok: false, data: { drift: 1 } });
    expect(readFileSync(join(dir, CONTRACTS, 'button.contract.json'), 'utf8')).toBe(ready);
  });

  it('hashes each component, not its file: editing CardTitle leaves a ready Card in step', () => {
    const dir = fixtureApp();
    scan(dir);
    editJson(dir, `${CONTRACTS}/card.contract.json`, (c) => {
      c.status = 'ready';
    });
    const card = join(dir, 'src/components/ui/card.tsx');
    writeFileSync(card, readFileSync(card, 'utf8').replace('"font-semibold"', '"font-semibold leading-none"'));
    const report = scan(dir);
    expect(actions(report)).toMatchObject({ card: 'in-step', 'card-header': 'unchanged', 'card-title': 'updated' });
    expect(report.drift).toBe(0);
  });

  it('reports a scanned contract whose component is gone; a ready one is drift', () => {
    const dir = fixtureApp();
    scan(dir);
    editJson(dir, `${CONTRACTS}/card-title.contract.json`, (c) => {
      c.status = 'ready';
    });
    writeFileSync(join(dir, 'src/components/ui/card.tsx'), readFileSync(join(dir, 'src/components/ui/card.tsx'), 'utf8').replace('export { Card, CardHeader, CardTitle }', 'export { Card }'));
    const report = scan(dir);
    expect(report.orphans.map((o) => [o.id, o.status])).toEqual([
      ['card-header', 'draft'],
      ['card-title', 'ready'],
    ]);
    expect(report.drift).toBe(1);
  });

  it('leaves a hand-written contract of the same id alone', () => {
    const dir = fixtureApp({ contracts: 'design/contracts/components' });
    const before = readFileSync(join(dir, 'design/contracts/components/button.contract.json'), 'utf8');
    const report = scanComponents({ root: dir, contractsDir: 'design/contracts/components', schemasDir: 'design/schemas', dirs: ['src/components/ui'], dryRun: false });
    expect(report.folders).toEqual(['src/components/ui']);
    expect(report.components.find((c) => c.id === 'button')).toMatchObject({ action: 'kept', message: expect.stringContaining('written by hand') });
    expect(readFileSync(join(dir, 'design/contracts/components/button.contract.json'), 'utf8')).toBe(before);
    expect(report.drift).toBe(0);
  });

  it('--dry-run writes nothing; writing is refused to agents (exit 2), a dry run is not', async () => {
    const dir = fixtureApp();
    const dry = await cli(dir, ['components', 'scan', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('button.contract.json');
    expect(readdirSync(join(dir, CONTRACTS))).toEqual([]);

    const agent = await cli(dir, ['components', 'scan'], { ...PERSON, CLAUDECODE: '1' });
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('CLAUDECODE');
    expect(readdirSync(join(dir, CONTRACTS))).toEqual([]);
    expect((await cli(dir, ['components', 'scan', '--dry-run'], { ...PERSON, CLAUDECODE: '1' })).code).toBe(0);

    const written = await cli(dir, ['components', 'scan']);
    expect(written.code).toBe(0);
    expect(written.stderr).toContain('wrote 6 draft(s)');
    expect((await cli(dir, ['components', 'scan', '--dir', 'nowhere'])).code).toBe(2);
  });
});
