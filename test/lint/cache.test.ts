import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_LOCATION, openLintCache } from '../../src/lint/cache.js';
import { lintProject } from '../../src/lint/run.js';
import { loadValidProject } from '../../src/project/project.js';
import { dsctl } from '../support/cli.js';
import { editJson, starterProject } from '../support/project.js';

const PAGE = '<p class="text-black">x</p>\n';

function setUp() {
  const dir = starterProject();
  writeFileSync(join(dir, 'page.html'), PAGE);
  return dir;
}

const entriesOf = (dir: string) => {
  const root = join(dir, DEFAULT_CACHE_LOCATION);
  return readdirSync(root).flatMap((generation) => readdirSync(join(root, generation)).map((f) => join(root, generation, f)));
};

/** Marks every stored result, so that a run that reads the cache shows the mark. */
const mark = (dir: string) => {
  for (const file of entriesOf(dir)) {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { result: { label: string } };
    entry.result.label = 'from the cache';
    writeFileSync(file, JSON.stringify(entry));
  }
};

async function run(dir: string, version = '1.0.0') {
  const project = loadValidProject({ cwd: dir });
  const { reports } = await lintProject(project, { cwd: dir, paths: ['page.html', 'binary.html'], cache: openLintCache(project, DEFAULT_CACHE_LOCATION, version) });
  return reports.map((r) => r.result?.label ?? r.problem?.code);
}

describe('the lint cache', () => {
  it.each<[string, (dir: string) => void, string | undefined, boolean]>([
    ['unchanged: a hit', () => undefined, undefined, true],
    ['the file changed', (dir) => writeFileSync(join(dir, 'page.html'), PAGE + '<p>more</p>\n'), undefined, false],
    ['a contract changed', (dir) => editJson(dir, 'design/contracts/rules.json', (rules) => void (rules['version'] = 'edited')), undefined, false],
    ['the config changed', (dir) => editJson(dir, 'dsctl.config.json', (config) => void (config['name'] = 'Renamed')), undefined, false],
    ['the policy changed', (dir) => editJson(dir, 'design/policy.json', (policy) => void (policy['version'] = '2')), undefined, false],
    ['another dsctl version', () => undefined, '2.0.0', false],
  ])('%s', async (_name, change, version, hit) => {
    const dir = setUp();
    writeFileSync(join(dir, 'binary.html'), Buffer.from([60, 0, 62]));
    expect(await run(dir)).toEqual(['lint/binary', 'needs repair']);
    // A file that could not be read is not stored.
    expect(entriesOf(dir)).toHaveLength(1);
    mark(dir);
    change(dir);
    expect(await run(dir, version)).toEqual(['lint/binary', hit ? 'from the cache' : 'needs repair']);
    // One generation is kept: the folder of the old one goes when the contracts change.
    expect(readdirSync(join(dir, DEFAULT_CACHE_LOCATION))).toHaveLength(1);
  });

  it('dsctl lint --cache gives the same output as without, and --cache-location puts it elsewhere', () => {
    const dir = setUp();
    const plain = dsctl(['lint', '--format', 'json', 'page.html'], dir);
    const cold = dsctl(['lint', '--cache', '--format', 'json', 'page.html'], dir);
    const warm = dsctl(['lint', '--cache', '--format', 'json', 'page.html'], dir);
    expect(cold.stdout).toBe(plain.stdout);
    expect(warm.stdout).toBe(plain.stdout);
    expect(warm.code).toBe(1);
    expect(existsSync(join(dir, DEFAULT_CACHE_LOCATION))).toBe(true);
    dsctl(['lint', '--cache', '--cache-location', 'elsewhere', 'page.html'], dir);
    expect(readdirSync(join(dir, 'elsewhere'))).toHaveLength(1);
    expect(dsctl(['lint', '--cache-location', 'elsewhere', 'page.html'], dir).code).toBe(2);
  });
});
