import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics/user-error.js';
import { createLinter } from '../../src/lint/engine.js';
import { loadProject, loadValidProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';

function projectWith(overrides: unknown): string {
  const dir = starterProject();
  editJson(dir, 'dsctl.config.json', (config) => {
    config['overrides'] = overrides;
  });
  return dir;
}

describe('overrides: validation', () => {
  it('an unknown rule id is a located contract error with a did-you-mean', () => {
    const dir = projectWith([{ files: ['components/ui/**'], rules: { LAYER_NO_Z_UTILTY: 'off' } }]);
    const problems = loadProject({ cwd: dir }).problems.filter((p) => p.code === 'config/unknown-rule');
    expect(problems).toEqual([
      expect.objectContaining({ severity: 'error', file: 'dsctl.config.json', pointer: '/overrides/0/rules/LAYER_NO_Z_UTILTY', line: expect.any(Number), column: expect.any(Number), hint: expect.stringContaining('LAYER_NO_Z_UTILITY') }),
    ]);
    expect(() => loadValidProject({ cwd: dir })).toThrow(UserError);
  });

  it.each<[string, unknown, string]>([
    ['a setting other than off, warn, error', [{ files: ['a/**'], rules: { LAYER_NO_Z_UTILITY: 'of' } }], '/overrides/0/rules/LAYER_NO_Z_UTILITY'],
    ['no files', [{ files: [], rules: {} }], '/overrides/0/files'],
    ['an unknown key', [{ files: ['a/**'], rules: {}, severity: 'warn' }], '/overrides/0'],
  ])('%s is a config error at its pointer', (_name, overrides, pointer) => {
    const dir = projectWith(overrides);
    let error: unknown;
    try {
      loadProject({ cwd: dir });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    const text = `${(error as UserError).location?.pointer ?? ''} ${(error as UserError).details.join('\n')}`;
    expect(text).toContain(pointer);
  });
});

describe('overrides: effect', () => {
  const page = '<div class="z-50 text-black">x</div>';
  const ruleIds = async (overrides: unknown, filename: string) => {
    const linter = await createLinter(loadValidProject({ cwd: projectWith(overrides) }), ['html']);
    return linter.lint(page, { filename }).violations.map((v) => `${v.ruleId} ${v.severity}`);
  };

  it.each<[string, unknown, string, string[]]>([
    ['no overrides', undefined, 'components/ui/dialog.html', ['LAYER_NO_Z_UTILITY error', 'COLOR_NO_RAW_BLACK_WHITE error']],
    ['off in the glob', [{ files: ['components/ui/**'], rules: { LAYER_NO_Z_UTILITY: 'off' } }], 'components/ui/dialog.html', ['COLOR_NO_RAW_BLACK_WHITE error']],
    ['outside the glob', [{ files: ['components/ui/**'], rules: { LAYER_NO_Z_UTILITY: 'off' } }], 'pages/home.html', ['LAYER_NO_Z_UTILITY error', 'COLOR_NO_RAW_BLACK_WHITE error']],
    ['warn in the glob', [{ files: ['**/*.html'], rules: { COLOR_NO_RAW_BLACK_WHITE: 'warn' } }], 'pages/home.html', ['LAYER_NO_Z_UTILITY error', 'COLOR_NO_RAW_BLACK_WHITE warn']],
    [
      'later entries win',
      [
        { files: ['components/**'], rules: { LAYER_NO_Z_UTILITY: 'off' } },
        { files: ['components/legacy/**'], rules: { LAYER_NO_Z_UTILITY: 'warn' } },
      ],
      'components/legacy/old.html',
      ['LAYER_NO_Z_UTILITY warn', 'COLOR_NO_RAW_BLACK_WHITE error'],
    ],
  ])('%s', async (_name, overrides, filename, want) => {
    expect(await ruleIds(overrides ?? [], filename)).toEqual(want);
  });
});
