import { readFileSync } from 'node:fs';
import AjvDraft04Module from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { chooseFormatter, FORMAT_IDS, FORMATTERS } from '../../../src/diagnostics/formatters/index.js';
import { defineFormatter, type FileResult, type FormatContext } from '../../../src/diagnostics/results.js';
import { isUserError } from '../../../src/diagnostics/user-error.js';

const AjvDraft04 = AjvDraft04Module.default;
const plain = new Proxy({} as FormatContext['colors'], { get: () => (s: string) => s });
const context = (over: Partial<FormatContext> = {}): FormatContext => ({ command: 'check', ok: true, data: { n: 1 }, toolVersion: '9.9.9', colors: plain, ...over });

const results: FileResult[] = [
  {
    file: 'src/page.html',
    source: '<p class="text-black">hi</p>\n',
    problems: [
      { severity: 'error', code: 'COLOR_NO_RAW', message: '"text-black": raw colour', file: 'src/page.html', line: 1, column: 11, endLine: 1, endColumn: 21, fingerprint: 'abc', hint: 'text-fg' },
      { severity: 'warn', code: 'drift/stale', message: 'the view is stale', file: 'src/page.html', details: ['- a', '+ b'] },
    ],
  },
  { file: 'big.html', problems: [], notChecked: { code: 'lint/too-large', message: 'not linted: 9 bytes is over lint.maxFileSize (1)' } },
];

describe.each(Object.values(FORMATTERS))('formatter $id', (formatter) => {
  it('is registered under its own id and documents itself', () => {
    expect(FORMATTERS[formatter.id]).toBe(formatter);
    expect(formatter.meta.docs.length).toBeGreaterThan(20);
  });

  it('handles zero results', () => {
    expect(() => formatter.format([], context())).not.toThrow();
    expect(typeof formatter.format([], context())).toBe('string');
  });

  it('is deterministic', () => {
    expect(formatter.format(results, context())).toBe(formatter.format(results, context()));
  });

  it('ends every non-empty output with a newline', () => {
    const text = formatter.format(results, context());
    expect(text === '' || text.endsWith('\n')).toBe(true);
  });
});

describe('the registry', () => {
  it('is sorted, and --format choices come from it', () => {
    expect(FORMAT_IDS).toEqual([...FORMAT_IDS].sort());
    expect(FORMAT_IDS).toEqual(['github', 'json', 'sarif', 'stylish']);
  });

  it.each([
    [{}, 'stylish'],
    [{ json: true }, 'json'],
    [{ format: 'sarif' }, 'sarif'],
  ])('%j chooses %s', (options, id) => expect(chooseFormatter(options).id).toBe(id));

  it.each([
    [{ format: 'sarfi' }, 'usage/format', /did you mean "sarif"/],
    [{ format: 'xml' }, 'usage/format', /one of github, json, sarif, stylish/],
    [{ json: true, format: 'json' }, 'usage/json-format', /both choose the output/],
  ])('%j is a usage error', (options, code, message) => {
    let caught: unknown;
    try {
      chooseFormatter(options);
    } catch (error) {
      caught = error;
    }
    expect(isUserError(caught) && caught.code).toBe(code);
    expect((caught as Error).message).toMatch(message);
  });

  it('refuses a formatter without docs', () => {
    expect(() => defineFormatter({ id: 'bare', meta: { docs: ' ' }, format: () => '' })).toThrow(/no docs/);
  });
});

describe('stylish', () => {
  const format = (r: readonly FileResult[], over: Partial<FormatContext> = {}) => (FORMATTERS['stylish'] as (typeof FORMATTERS)[string]).format(r, context(over));

  it('lists findings by file with place, severity, message, code, the hint, details and a code frame', () => {
    expect(format(results)).toBe(
      [
        'src/page.html',
        '  1:11    error  "text-black": raw colour  COLOR_NO_RAW',
        '                 → text-fg',
        '    > 1 | <p class="text-black">hi</p>',
        '        |           ^',
        '  -       warn   the view is stale  drift/stale',
        '                 - a',
        '                 + b',
        '',
        'big.html',
        '  error  not linted: 9 bytes is over lint.maxFileSize (1)  lint/too-large',
        '',
        '✖ 2 problems (1 error, 1 warning), 1 file(s) not checked',
        '',
      ].join('\n'),
    );
  });

  it('says nothing for no findings, unless the command has a clean line; notes come last', () => {
    expect(format([])).toBe('');
    expect(format([{ file: 'a.html', problems: [] }], { clean: '✔ 1 file: clean', notes: ['coverage: 3 rules'] })).toBe('✔ 1 file: clean\ncoverage: 3 rules\n');
  });
});

describe('github', () => {
  it('annotates each finding with what is known of its place, escaped as the toolkit does', () => {
    const text = (FORMATTERS['github'] as (typeof FORMATTERS)[string]).format(results, context());
    expect(text.split('\n')).toEqual([
      '::error file=src/page.html,line=1,col=11,endLine=1,endColumn=21,title=COLOR_NO_RAW::"text-black": raw colour%0Atext-fg',
      '::warning file=src/page.html,title=drift/stale::the view is stale',
      '::error file=big.html,title=lint/too-large::not linted: 9 bytes is over lint.maxFileSize (1)',
      '',
    ]);
  });
});

describe('json', () => {
  it('prints the command envelope with its data, whatever the results', () => {
    expect(JSON.parse((FORMATTERS['json'] as (typeof FORMATTERS)[string]).format(results, context({ command: 'drift', ok: false })))).toEqual({ type: 'dsctl/drift', ok: false, data: { n: 1 } });
  });
});

describe('sarif', () => {
  it('validates against the SARIF 2.1.0 schema, one check per code when the command has no table', () => {
    const log = JSON.parse((FORMATTERS['sarif'] as (typeof FORMATTERS)[string]).format(results, context())) as {
      runs: { results: { ruleId: string; ruleIndex: number; locations: { physicalLocation: { region?: object } }[]; partialFingerprints?: object }[]; tool: { driver: { rules: { id: string }[] } }; invocations: { toolExecutionNotifications: object[] }[] }[];
    };
    const schema = JSON.parse(readFileSync(new URL('../../fixtures/sarif-2.1.0-rtm.5.schema.json', import.meta.url), 'utf8')) as object;
    const validate = new AjvDraft04({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(schema);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const run = log.runs[0];
    expect(run?.tool.driver.rules.map((r) => r.id)).toEqual(['COLOR_NO_RAW', 'drift/stale']);
    expect(run?.results.map((r) => [r.ruleId, r.ruleIndex, r.locations[0]?.physicalLocation.region === undefined, r.partialFingerprints !== undefined])).toEqual([
      ['COLOR_NO_RAW', 0, false, true],
      ['drift/stale', 1, true, false],
    ]);
    expect(run?.invocations[0]?.toolExecutionNotifications).toHaveLength(1);
  });
});
