import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft04Module from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterProject } from '../support/project.js';

interface Expected {
  clean: string[];
  violations: { file: string; ruleId: string; line: number; column: number; token: string }[];
}
interface LintEnvelope {
  ok: boolean;
  data: {
    errorCount: number;
    warnCount: number;
    fileProblemCount: number;
    baseline?: { accepted: number; prunable: { file: string; ruleId: string; reason: string }[] };
    coverage: { automated: string[]; notAutomated: unknown[] };
    results: { file: string; problem?: { code: string }; violations?: { ruleId: string; line: number; column: number; token: string; fingerprint: string }[]; coverage?: Record<string, unknown> }[];
  };
}

// ajv-draft-04 is CommonJS: under NodeNext its default import is the module object.
const AjvDraft04 = AjvDraft04Module.default;
const expected = JSON.parse(readFileSync(new URL('../fixtures/starter-expected-violations.json', import.meta.url), 'utf8')) as Expected;
const lintJson = (args: string[], cwd: string) => {
  const run = dsctl(['lint', '--format', 'json', ...args], cwd);
  return { code: run.code, stderr: run.stderr, envelope: JSON.parse(run.stdout) as LintEnvelope };
};
const keys = (envelope: LintEnvelope) =>
  envelope.data.results.flatMap((r) => (r.violations ?? []).map((v) => `${r.file} ${v.line}:${v.column} ${v.ruleId} ${v.token}`)).sort();

describe('dsctl lint on the starter (built binary)', () => {
  it("finds every seeded violation in examples/ at its line:column, and nothing on the clean page", () => {
    const dir = starterProject();
    const { code, envelope } = lintJson(['examples'], dir);
    expect(code).toBe(1);
    expect(keys(envelope)).toEqual(expected.violations.map((v) => `${v.file} ${v.line}:${v.column} ${v.ruleId} ${v.token}`).sort());
    for (const clean of expected.clean) expect(envelope.data.results.find((r) => r.file === clean)?.violations).toEqual([]);
    // The rules' coverage is said once per run; each file keeps only what it left unchecked.
    expect(envelope.data.coverage.notAutomated.length).toBeGreaterThan(0);
    expect(Object.keys(envelope.data.results[0]?.coverage ?? {})).toEqual(['unchecked']);
  });

  it('lints the config include globs when given no paths, with code frames in stylish', () => {
    const dir = starterProject();
    const run = dsctl(['lint'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('examples/violations-settings.html');
    expect(run.stdout).toMatch(/\n {4}> \d+ \| /);
    expect(run.stdout).toMatch(/✖ \d+ problems \(\d+ errors?, \d+ warnings?\)/);
    expect(run.stdout).toContain('rules checked automatically');
  });

  it('prints a lint-clean draft line for a clean file, and exits 0', () => {
    const dir = starterProject();
    const run = dsctl(['lint', 'examples/clean.html'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 file: lint-clean draft — not brand-approved');
  });

  it('writes SARIF 2.1.0 that validates against the official schema', () => {
    const dir = starterProject();
    const run = dsctl(['lint', 'examples', '--format', 'sarif'], dir);
    expect(run.code).toBe(1);
    const sarif = JSON.parse(run.stdout) as { runs: { results: { ruleId: string; partialFingerprints: Record<string, string>; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]; tool: { driver: { rules: { id: string; help: { text: string } }[] } } }[] };
    const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif-2.1.0-rtm.5.schema.json', import.meta.url), 'utf8')) as object;
    const validate = new AjvDraft04({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(schema);
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const [run0] = sarif.runs;
    expect(run0?.results).toHaveLength(expected.violations.length);
    expect(run0?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toMatch(/^examples\/violations-/);
    expect(Object.keys(run0?.results[0]?.partialFingerprints ?? {})).toEqual(['dsctlFingerprint/v1']);
    expect(run0?.tool.driver.rules.every((r) => r.help.text.length > 0)).toBe(true);
  });

  it('writes GitHub annotations', () => {
    const dir = starterProject();
    const run = dsctl(['lint', 'examples/violations-settings.html', '--format', 'github'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error file=examples\/violations-settings.html,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[A-Z_]+::/m);
  });

  it('finds violations in TSX (cn, conditionals, objects) and Vue (:class objects) at the right places', () => {
    const dir = starterProject();
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(
      join(dir, 'src/Banner.tsx'),
      "import { cn } from './cn';\n\nexport function Banner({ active, on }: { active: boolean; on: boolean }) {\n  return <div className={cn('p-4', active && 'text-black', { 'bg-blue-500': on })}>Hi</div>;\n}\n",
    );
    writeFileSync(join(dir, 'src/Note.vue'), '<template>\n  <p :class="{ \'text-black\': x }">Note</p>\n</template>\n');
    const { envelope } = lintJson(['src'], dir);
    expect(keys(envelope)).toEqual([
      'src/Banner.tsx 4:47 COLOR_NO_RAW_BLACK_WHITE text-black',
      'src/Banner.tsx 4:63 COLOR_NO_TAILWIND_PALETTE bg-blue-500',
      'src/Note.vue 2:17 COLOR_NO_RAW_BLACK_WHITE text-black',
    ]);
  });

  it('lints standard input', () => {
    const dir = starterProject();
    const run = dsctl(['lint', '--stdin', '--stdin-filename', 'page.html', '--format', 'json'], dir, {}, '<p class="text-black">x</p>');
    expect(run.code).toBe(1);
    expect(keys(JSON.parse(run.stdout) as LintEnvelope)).toEqual(['page.html 1:11 COLOR_NO_RAW_BLACK_WHITE text-black']);
  });

  it('reports unreadable, binary and too-large files once each and goes on', () => {
    const dir = starterProject({ components: 'none' });
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src/blob.html'), Buffer.from([60, 112, 0, 1, 2, 62]));
    writeFileSync(join(dir, 'src/huge.html'), `<p>${'x'.repeat(2_000_000)}</p>`);
    writeFileSync(join(dir, 'src/ok.html'), '<p class="text-black">x</p>');
    const { code, envelope } = lintJson(['src'], dir);
    expect(code).toBe(1);
    const byFile = Object.fromEntries(envelope.data.results.map((r) => [r.file, r.problem?.code ?? `${r.violations?.length} violation(s)`]));
    expect(byFile).toEqual({ 'src/blob.html': 'lint/binary', 'src/huge.html': 'lint/too-large', 'src/ok.html': '1 violation(s)' });
    expect(envelope.data.fileProblemCount).toBe(2);
  });

  it('splits files across shards deterministically', () => {
    const dir = starterProject();
    const all = lintJson(['examples'], dir).envelope.data.results.map((r) => r.file);
    const parts = [1, 2].map((k) => lintJson(['examples', '--shard', `${k}/2`], dir).envelope.data.results.map((r) => r.file));
    expect([...(parts[0] ?? []), ...(parts[1] ?? [])].sort()).toEqual(all);
    expect(parts[0]?.some((f) => parts[1]?.includes(f))).toBe(false);
    expect(dsctl(['lint', '--shard', '3/2'], dir).code).toBe(2);
  });

  it('lints only files changed in git with --changed', () => {
    const dir = starterProject();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init');
    expect(lintJson(['--changed'], dir).envelope.data.results).toEqual([]);
    writeFileSync(join(dir, 'examples/new.html'), '<p class="text-black">x</p>\n');
    const { envelope } = lintJson(['--changed'], dir);
    expect(envelope.data.results.map((r) => r.file)).toEqual(['examples/new.html']);
  });
});

describe('baseline round trip (built binary)', () => {
  it('write → a new violation fails naming only it → a fixed one passes and is prunable', () => {
    const dir = starterProject();
    const write = dsctl(['lint', 'examples', '--baseline-write', 'base.json'], dir);
    expect(write.code).toBe(0);
    expect(write.stderr).toContain(`wrote ${expected.violations.length} finding(s) to base.json`);
    const first = readFileSync(join(dir, 'base.json'), 'utf8');
    dsctl(['lint', 'examples', '--baseline-write', './base.json'], dir);
    expect(readFileSync(join(dir, 'base.json'), 'utf8')).toBe(first);

    expect(lintJson(['examples', '--baseline', 'base.json'], dir).code).toBe(0);

    const page = join(dir, 'examples/violations-settings.html');
    const original = readFileSync(page, 'utf8');
    writeFileSync(page, original.replace('</body>', '<p class="text-black">new</p>\n</body>'));
    const added = lintJson(['./examples', '--baseline', 'base.json'], dir);
    expect(added.code).toBe(1);
    expect(keys(added.envelope)).toEqual([expect.stringMatching(/^examples\/violations-settings.html \d+:\d+ COLOR_NO_RAW_BLACK_WHITE text-black$/)]);

    writeFileSync(page, original.replace('gap-5', 'gap-4'));
    const fixed = lintJson(['examples', '--baseline', 'base.json'], dir);
    expect(fixed.code).toBe(0);
    expect(fixed.envelope.data.baseline?.prunable).toEqual([expect.objectContaining({ file: 'examples/violations-settings.html', ruleId: 'SPACING_SCALE_ONLY' })]);
    const human = dsctl(['lint', 'examples', '--baseline', 'base.json'], dir);
    expect(human.stdout).toContain('1 baseline entry is fixed and can be pruned');
  });

  it('moving code does not break the baseline', () => {
    const dir = starterProject();
    dsctl(['lint', 'examples', '--baseline-write', 'base.json'], dir);
    const page = join(dir, 'examples/violations-marketing.html');
    writeFileSync(page, '\n\n\n' + readFileSync(page, 'utf8').replace(/\n {2}/g, '\n    '));
    expect(lintJson(['examples', '--baseline', 'base.json'], dir).code).toBe(0);
  });
});

interface BaselineFile {
  version: 1;
  entries: { file: string; ruleId: string; fingerprint: string; token: string; severity: string }[];
}
const SETTINGS = 'examples/violations-settings.html';
const MARKETING = 'examples/violations-marketing.html';
const readEntries = (dir: string, name = 'base.json') => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as BaselineFile).entries;
const entriesOf = (dir: string, file: string) => readEntries(dir).filter((e) => e.file === file);
const addBlack = (dir: string, file: string) => {
  const path = join(dir, file);
  writeFileSync(path, readFileSync(path, 'utf8').replace('</body>', '<p class="text-black">new</p>\n</body>'));
};

describe('--baseline-write with paths updates only their entries (built binary)', () => {
  it.each([SETTINGS, `./${SETTINGS}`, 'examples/*-settings.html'])('%s: that file\'s entries are rewritten, every other entry stays', (path) => {
    const dir = starterProject();
    expect(dsctl(['lint', '--baseline-write', 'base.json'], dir).code).toBe(0);
    const marketing = entriesOf(dir, MARKETING);
    expect(marketing.length).toBeGreaterThan(0);
    const settings = entriesOf(dir, SETTINGS);
    addBlack(dir, SETTINGS);
    addBlack(dir, MARKETING);

    const write = dsctl(['lint', '--baseline-write', 'base.json', path], dir);
    expect(write.code, write.stderr).toBe(0);
    expect(write.stderr).toBe(`✔ wrote ${settings.length + 1} finding(s) to base.json: entries of 1 file(s) replaced, ${marketing.length} entries of other files kept\n`);
    expect(entriesOf(dir, MARKETING)).toEqual(marketing);
    expect(entriesOf(dir, SETTINGS)).toEqual(expect.arrayContaining([...settings, expect.objectContaining({ ruleId: 'COLOR_NO_RAW_BLACK_WHITE', token: 'text-black' })]));
    expect(entriesOf(dir, SETTINGS)).toHaveLength(settings.length + 1);

    // Only the file left out still fails, on its new finding alone.
    const after = lintJson(['--baseline', 'base.json'], dir);
    expect(after.code).toBe(1);
    expect(keys(after.envelope)).toEqual([expect.stringMatching(/^examples\/violations-marketing.html \d+:\d+ COLOR_NO_RAW_BLACK_WHITE text-black$/)]);
  });

  it('updating every file in turn gives the bytes of a full rewrite; without paths the whole file is rewritten, as before', () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'base.json'), JSON.stringify({ version: 1, entries: [{ file: 'examples/gone.html', ruleId: 'TOKEN_RAW_COLOR', fingerprint: 'f', token: '#000', severity: 'error' }] }));
    addBlack(dir, SETTINGS);
    expect(dsctl(['lint', '--baseline-write', 'base.json', SETTINGS], dir).code).toBe(0);
    expect(dsctl(['lint', '--baseline-write', 'base.json', MARKETING, 'examples/clean.html'], dir).code).toBe(0);
    // A deleted file the paths do not name keeps its entries.
    const partial = readEntries(dir);
    expect(partial.filter((e) => e.file === 'examples/gone.html')).toHaveLength(1);
    expect(dsctl(['lint', '--baseline-write', 'base.json'], dir).code).toBe(0);
    expect(readEntries(dir)).toEqual(partial.filter((e) => e.file !== 'examples/gone.html'));
    const full = readFileSync(join(dir, 'base.json'), 'utf8');
    expect(dsctl(['lint', '--baseline-write', 'base.json', SETTINGS], dir).code).toBe(0);
    expect(readFileSync(join(dir, 'base.json'), 'utf8')).toBe(full);
  });

  it('any narrower run (--shard, --changed) also updates only the entries of the files it linted', () => {
    const dir = starterProject({ components: 'none' });
    expect(dsctl(['lint', '--baseline-write', 'base.json'], dir).code).toBe(0);
    const settings = entriesOf(dir, SETTINGS);
    const marketing = entriesOf(dir, MARKETING);
    addBlack(dir, SETTINGS);
    addBlack(dir, MARKETING);
    const shard = lintJson(['--shard', '2/2'], dir).envelope.data.results.map((r) => r.file);
    expect(shard).toEqual([MARKETING]);
    expect(dsctl(['lint', '--baseline-write', 'base.json', '--shard', '2/2'], dir).code).toBe(0);
    expect(entriesOf(dir, SETTINGS)).toEqual(settings);
    expect(entriesOf(dir, MARKETING)).toHaveLength(marketing.length + 1);

    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'init');
    writeFileSync(join(dir, 'examples/new.html'), '<p class="text-black">x</p>\n');
    expect(dsctl(['lint', '--baseline-write', 'base.json', '--changed'], dir).code).toBe(0);
    expect(entriesOf(dir, 'examples/new.html')).toEqual([expect.objectContaining({ ruleId: 'COLOR_NO_RAW_BLACK_WHITE', token: 'text-black' })]);
    expect(entriesOf(dir, SETTINGS)).toEqual(settings);
    expect(entriesOf(dir, MARKETING)).toHaveLength(marketing.length + 1);
  });

  it.each([['--baseline-write'], ['--baseline']])('%s with a UI file as its value is bad usage, and the page is left alone', (flag) => {
    const dir = starterProject();
    const before = readFileSync(join(dir, SETTINGS), 'utf8');
    const run = dsctl(['lint', flag, SETTINGS], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${flag} takes the baseline file, and "${SETTINGS}" is a file dsctl lints: give the baseline file first (${flag} .design-baseline.json ${SETTINGS}) or put the paths before ${flag}`);
    expect(readFileSync(join(dir, SETTINGS), 'utf8')).toBe(before);
    // Paths first, the flag without a value: the configured baseline.
    expect(dsctl(['lint', SETTINGS, '--baseline-write'], dir).stderr).toMatch(/^✔ wrote \d+ finding\(s\) to \.design-baseline\.json: entries of 1 file\(s\) replaced, \d+ entries of other files kept\n$/);
  });

  it('a path naming nothing lintable and no baseline entry is still bad usage', () => {
    const dir = starterProject();
    expect(dsctl(['lint', '--baseline-write', 'base.json'], dir).code).toBe(0);
    const before = readFileSync(join(dir, 'base.json'), 'utf8');
    const run = dsctl(['lint', '--baseline-write', 'base.json', 'examples/nothing-here.html'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('none of the given paths is a file dsctl can lint (lint/no-files)');
    expect(readFileSync(join(dir, 'base.json'), 'utf8')).toBe(before);
  });
});

describe('--baseline reports entries of deleted files as prunable (built binary)', () => {
  it('says so in JSON and stylish; the hinted command prunes exactly them', () => {
    const dir = starterProject();
    expect(dsctl(['lint', '--baseline-write', 'base.json'], dir).code).toBe(0);
    const settings = entriesOf(dir, SETTINGS);
    const marketing = entriesOf(dir, MARKETING);
    rmSync(join(dir, MARKETING));

    const json = lintJson(['--baseline', 'base.json'], dir);
    expect(json.code).toBe(0);
    const prunable = json.envelope.data.baseline?.prunable ?? [];
    expect(prunable).toHaveLength(marketing.length);
    expect(prunable.every((e) => e.file === MARKETING && e.reason === 'file-deleted')).toBe(true);

    const human = dsctl(['lint', '--baseline', 'base.json'], dir);
    expect(human.code).toBe(0);
    const hint = `dsctl lint --baseline-write base.json ${MARKETING}`;
    expect(human.stdout).toContain(`${marketing.length} baseline entries are of a file that no longer exists and can be pruned (${hint}):\n  ${MARKETING}  `);
    expect(human.stdout).not.toContain('fixed and can be pruned');

    const prune = dsctl(hint.split(' ').slice(1), dir);
    expect(prune.code, prune.stderr).toBe(0);
    expect(prune.stderr).toBe(`✔ wrote 0 finding(s) to base.json: entries of 1 file(s) replaced, ${settings.length} entries of other files kept\n`);
    expect(readEntries(dir)).toEqual(settings);
    expect(lintJson(['--baseline', 'base.json'], dir).envelope.data.baseline?.prunable).toEqual([]);
  });

  it('tells a fixed finding from a deleted file, and a folder path prunes the deleted files under it', () => {
    const dir = starterProject();
    expect(dsctl(['lint', '--baseline-write', 'base.json'], dir).code).toBe(0);
    const page = join(dir, SETTINGS);
    writeFileSync(page, readFileSync(page, 'utf8').replace('gap-5', 'gap-4'));
    rmSync(join(dir, MARKETING));
    const { envelope } = lintJson(['--baseline', 'base.json'], dir);
    const reasons = (envelope.data.baseline?.prunable ?? []).map((e) => `${e.reason} ${e.file}${e.reason === 'fixed' ? ` ${e.ruleId}` : ''}`);
    expect([...new Set(reasons)].sort()).toEqual([`file-deleted ${MARKETING}`, `fixed ${SETTINGS} SPACING_SCALE_ONLY`]);
    const human = dsctl(['lint', '--baseline', 'base.json'], dir).stdout;
    expect(human).toContain(`1 baseline entry is fixed and can be pruned (dsctl lint --baseline-write base.json ${SETTINGS}):`);
    expect(human).toContain(`of a file that no longer exists and can be pruned (dsctl lint --baseline-write base.json ${MARKETING}):`);

    expect(dsctl(['lint', '--baseline-write', 'base.json', 'examples'], dir).code).toBe(0);
    expect(readEntries(dir).filter((e) => e.file === MARKETING)).toEqual([]);
    expect(lintJson(['--baseline', 'base.json'], dir).envelope.data.baseline?.prunable).toEqual([]);
  });
});

describe('--json with --format is bad usage (built binary)', () => {
  it.each(['stylish', 'json', 'sarif', 'github'])('--json --format %s: exit 2, one clear message, nothing linted', (format) => {
    const dir = starterProject();
    const run = dsctl(['lint', 'examples', '--json', '--format', format], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error --json and --format ${format} both choose the output: give one of them (--json is --format json) (usage/json-format)\n`);
    expect(JSON.parse(run.stdout)).toEqual({ type: 'dsctl/error', ok: false, error: { code: 'usage/json-format', message: `--json and --format ${format} both choose the output: give one of them (--json is --format json)` } });
  });

  it('either one alone still works', () => {
    const dir = starterProject();
    expect(JSON.parse(dsctl(['lint', 'examples', '--json'], dir).stdout)).toMatchObject({ type: 'dsctl/lint', ok: false });
    expect(dsctl(['lint', 'examples', '--format', 'github'], dir).stdout).toMatch(/^::error /);
  });
});
