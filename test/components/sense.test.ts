import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { senseComponent, writeSnapshot } from '../../src/components/sense.js';
import { loadProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';
import { thrownUserError } from '../support/user-error.js';

const project = (dir: string) => loadProject({ cwd: dir });
const NOW = new Date('2026-12-01T12:00:00Z');

describe('dsctl component sense', () => {
  it('builds the snapshot from the contract and the committed memory: token status and usage, deprecated tokens with successors, siblings', () => {
    const dir = starterProject();
    editJson(dir, 'design/memory/governance.json', (v: Record<string, any>) => {
      delete v.tokens['spacing.1'];
    });
    const s = senseComponent(project(dir), 'badge', { now: NOW });
    expect(s).toMatchObject({ schema: 'dsctl.component-snapshot/v1', component: 'Badge', greenfield: null, risk: { risk: 'display' }, target: 'src/components/Badge/index.tsx', schemaPath: 'design/schemas/component.schema.json' });
    expect(s.contract?.file).toBe('design/contracts/components/badge.contract.json');
    expect(s.tokens.find((t) => t.token === 'color.semantic.light.info.bg')).toEqual({ token: 'color.semantic.light.info.bg', status: 'proposed', usage: 1, defined: true });
    expect(s.tokens.find((t) => t.token === 'spacing.1')).toEqual({ token: 'spacing.1', status: 'untracked', usage: 40, defined: true });
    expect(s.deprecatedTokens).toEqual([{ token: 'color.legacy.accent', successor: 'color.semantic.light.primary', reason: 'The pre-Tessera link blue.' }]);
    expect(s.designTool).toMatchObject({ file: 'design/memory/design-tool-variables.json', tool: 'figma', capturedAt: '2026-11-20T09:00:00Z', ageDays: 11, stale: false });
    // Only the variables that mirror the component's tokens.
    expect(s.designTool?.variables.map((v) => v.token)).toEqual(['color.semantic.light.fg-muted', 'color.semantic.light.bg-subtle', 'radius.full']);
    expect(s.siblings.map((x) => x.name)).toEqual(['Button', 'Card', 'Checkbox', 'Dialog', 'IconButton', 'Tabs', 'TextField']);
    // No other feedback or display component: the model is one of the same risk tier, with code.
    const closest = s.siblings.find((x) => x.name === s.closest?.name);
    expect(closest).toMatchObject({ risk: 'display', hasCode: true, source: s.closest?.source });
    expect(Object.keys(s.memory.read).sort()).toEqual(['design/memory/design-tool-variables.json', 'design/memory/governance.json', 'design/memory/token-usage.json']);
    expect(s.memory.missing).toEqual([]);
  });

  it('marks the design-tool snapshot stale after 30 days (an injected clock)', () => {
    const p = project(starterProject());
    expect(senseComponent(p, 'Badge', { now: new Date('2026-12-20T09:00:00Z') }).designTool).toMatchObject({ ageDays: 30, stale: false });
    expect(senseComponent(p, 'Badge', { now: new Date('2026-12-20T09:00:01Z') }).designTool).toMatchObject({ ageDays: 30, stale: true });
  });

  it('a component without a contract is greenfield; missing memory files are listed, not fatal', () => {
    const dir = starterProject();
    rmSync(join(dir, 'design/memory/token-usage.json'));
    const s = senseComponent(project(dir), 'DatePicker', { now: NOW });
    expect(s.contract).toBeNull();
    expect(s.greenfield).toContain('DatePicker has no contract');
    expect(s.risk.risk).toBe('interactive');
    expect(s.target).toBe('src/components/DatePicker/index.tsx');
    expect(s.tokens).toEqual([]);
    expect(s.memory.missing).toEqual(['design/memory/token-usage.json']);
    expect(thrownUserError(() => senseComponent(project(dir), 'date-picker')).message).toMatch(/not a component name/);
  });

  it('writes .dsctl/handoff/<Name>.snapshot.json, byte-identical when nothing changed', () => {
    const dir = starterProject();
    const first = writeSnapshot(project(dir), 'Tabs', { now: NOW });
    expect(first.file).toBe('.dsctl/handoff/Tabs.snapshot.json');
    const text = readFileSync(join(dir, first.file), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ component: 'Tabs', risk: { risk: 'interactive' } });
    writeSnapshot(project(dir), 'Tabs', { now: NOW });
    expect(readFileSync(join(dir, first.file), 'utf8')).toBe(text);
  });

  it.each([
    ['governance.json', (v: Record<string, any>) => (v.tokens['radius.full'].status = 'retired'), '/tokens/radius.full/status'],
    ['token-usage.json', (v: Record<string, any>) => (v.counts['spacing.1'] = -1), '/counts/spacing.1'],
    ['design-tool-variables.json', (v: Record<string, any>) => (v.capturedAt = 'last week'), '/capturedAt'],
  ])('an invalid %s is a UserError naming the file and the location', (file, edit, pointer) => {
    const dir = starterProject();
    editJson(dir, `design/memory/${file}`, edit);
    const error = thrownUserError(() => senseComponent(project(dir), 'Badge'));
    expect(error.code).toBe('memory/invalid');
    expect(error.message).toContain(`design/memory/${file}`);
    expect(error.location).toMatchObject({ file: `design/memory/${file}`, pointer });
    expect(error.location?.line).toBeGreaterThan(0);
  });

  it('malformed JSON in a memory file is a located UserError too', () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'design/memory/governance.json'), '{ "version": 1,\n  "tokens": { ');
    const error = thrownUserError(() => senseComponent(project(dir), 'Badge'));
    expect(error.location).toMatchObject({ file: 'design/memory/governance.json', line: 2 });
  });
});
