import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadValidProject } from '../../src/project/project.js';
import { VIEWS } from '../../src/views/registry.js';
import { sharedStarterProject } from '../support/project.js';

const dir = sharedStarterProject();
const GENERATORS = new URL('../../src/views/generators/', import.meta.url);
const generatorFiles = readdirSync(GENERATORS).map((f) => f.replace(/\.ts$/, ''));

describe('the view registry', () => {
  it('is sorted by name, one entry per name', () => {
    const names = VIEWS.map((v) => v.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('registers every generator module that declares a view, under its file name', async () => {
    for (const file of generatorFiles) {
      const module = (await import(new URL(`${file}.ts`, GENERATORS).href)) as { view?: { name: string } };
      if (module.view === undefined) continue;
      expect(module.view.name).toBe(file);
      expect(VIEWS).toContain(module.view);
    }
  });
});

describe.each(VIEWS.map((view) => ({ name: view.name, view })))('view $name', ({ view }) => {
  it('documents itself and is a config key', () => {
    expect(view.description.length).toBeGreaterThan(10);
    expect(Object.keys(loadValidProject({ cwd: dir }).config.views)).toContain(view.name);
  });

  it('is deterministic: two loads of the same project generate the same outputs, byte for byte', () => {
    const first = view.generate(loadValidProject({ cwd: dir }));
    const second = view.generate(loadValidProject({ cwd: dir }));
    expect(second).toEqual(first);
    expect(JSON.stringify(second, (_k, v: unknown) => (v instanceof Map ? [...v] : v))).toBe(JSON.stringify(first, (_k, v: unknown) => (v instanceof Map ? [...v] : v)));
  });

  it('writes only project-relative paths, and reads sources that exist', () => {
    const project = loadValidProject({ cwd: dir });
    for (const output of view.generate(project)) {
      expect(isAbsolute(output.path)).toBe(false);
      expect(output.path.split('/')).not.toContain('..');
    }
    for (const source of view.sources(project)) expect(existsSync(join(dir, source)), source).toBe(true);
  });
});
