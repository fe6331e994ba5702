import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics/user-error.js';
import { loadProject, loadValidProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';

describe('loadProject', () => {
  it('loads the starter with tokens, rules and components resolved', () => {
    const dir = starterProject();
    const project = loadProject({ cwd: dir });
    expect(project.problems).toEqual([]);
    expect(project.config.name).toBe('Tessera');
    expect(project.policy.hardGates.map((g) => g.id)).toContain('contracts');
    expect(project.components.components.map((c) => c.contract.id)).toEqual(['badge', 'button', 'card', 'checkbox', 'dialog', 'icon-button', 'tabs', 'text-field']);
    const aliased = [...project.tokens.tokens.values()].find((t) => t.aliasChain.length > 0);
    expect(aliased?.resolved).toBeDefined();
    expect(typeof aliased?.resolved === 'string' || typeof aliased?.resolved === 'object').toBe(true);
  });

  it('is immutable', () => {
    const project = loadProject({ cwd: starterProject() });
    expect(() => {
      (project.rules.rules as unknown[]).push({});
    }).toThrow(TypeError);
    expect(() => {
      (project.tokens.tokens as Map<string, unknown>).set('x', {});
    }).toThrow(TypeError);
    expect(() => {
      (project.config.lint as { include: string[] }).include = [];
    }).toThrow(TypeError);
  });

  it('returns the cached project until a source file changes', () => {
    const dir = starterProject();
    const first = loadProject({ cwd: dir });
    expect(loadProject({ cwd: dir })).toBe(first);
    editJson<{ rules: Record<string, unknown>[] }>(dir, 'design/contracts/rules.json', (r) => {
      (r.rules[0] as Record<string, unknown>).description = 'changed';
    });
    // Some file systems keep mtime at one-second resolution; make the change visible to the stamp.
    const future = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'design/contracts/rules.json'), future, future);
    const second = loadProject({ cwd: dir });
    expect(second).not.toBe(first);
    expect(second.rules.rules[0]?.description).toBe('changed');
  });

  it('loadValidProject refuses contracts with errors, listing them', () => {
    const dir = starterProject();
    editJson<{ rules: Record<string, unknown>[] }>(dir, 'design/contracts/rules.json', (r) => {
      (r.rules[0] as Record<string, unknown>).pattern = '(a+)+$';
      (r.rules[0] as Record<string, unknown>).detector = 'tailwind-class';
    });
    let error: unknown;
    try {
      loadValidProject({ cwd: dir });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('contracts/invalid');
    expect((error as UserError).details.join('\n')).toContain('can backtrack catastrophically');
  });
});
