import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl, type CliRun } from '../support/cli.js';
import { editJson, starterProject } from '../support/project.js';

/** No user mistake may surface as a stack trace. */
function expectNoStackTrace(run: CliRun): void {
  expect(run.stdout + run.stderr).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);
  expect(run.stderr).not.toContain('internal error');
}

interface ErrorEnvelope {
  type: string;
  ok: boolean;
  error: { code: string; message: string; file?: string; pointer?: string; line?: number; column?: number; details?: string[] };
}

describe('bad input is exit 2 with the file and place (built binary)', () => {
  it.each([
    {
      name: 'malformed JSON in the token file',
      arrange: (dir: string) => writeFileSync(join(dir, 'design/contracts/tokens.json'), '{\n  "color": {\n    "a": { "$value": "#fff", }\n  }\n}\n'),
      want: { code: 'json/syntax', file: 'design/contracts/tokens.json', line: 3, column: 30 },
      text: 'design/contracts/tokens.json:3:30',
    },
    {
      name: 'malformed JSON in a component contract',
      arrange: (dir: string) => writeFileSync(join(dir, 'design/contracts/components/badge.contract.json'), '{"id": "badge" "name": "Badge"}'),
      want: { code: 'json/syntax', file: 'design/contracts/components/badge.contract.json', line: 1, column: 16 },
      text: 'badge.contract.json:1:16',
    },
    {
      name: 'a config pointing at a missing file',
      arrange: (dir: string) =>
        editJson<{ contracts: Record<string, string> }>(dir, 'dsctl.config.json', (c) => {
          c.contracts.rules = 'design/contracts/nope.json';
        }),
      want: { code: 'file/not-found', file: 'design/contracts/nope.json', message: 'design/contracts/nope.json: rules file not found' },
      text: 'rules file not found',
    },
    {
      name: 'a config pointing at a missing components folder',
      arrange: (dir: string) =>
        editJson<{ contracts: Record<string, string> }>(dir, 'dsctl.config.json', (c) => {
          c.contracts.components = 'design/parts';
        }),
      want: { code: 'file/not-found', message: 'design/parts: components folder not found' },
      text: 'components folder not found',
    },
    {
      name: 'an unreadable rules file (a directory in its place)',
      arrange: (dir: string) => {
        rmSync(join(dir, 'design/contracts/rules.json'));
        mkdirSync(join(dir, 'design/contracts/rules.json'));
      },
      want: { code: 'file/unreadable', message: 'design/contracts/rules.json: expected a rules file, found a directory' },
      text: 'found a directory',
    },
    {
      name: 'an unreadable token file (a symlink loop)',
      arrange: (dir: string) => {
        rmSync(join(dir, 'design/contracts/tokens.json'));
        symlinkSync('tokens.json', join(dir, 'design/contracts/tokens.json'));
      },
      want: { code: 'file/unreadable', message: 'design/contracts/tokens.json: token file could not be read (ELOOP)' },
      text: 'could not be read (ELOOP)',
    },
    {
      name: 'an unknown config key',
      arrange: (dir: string) =>
        editJson<Record<string, unknown>>(dir, 'dsctl.config.json', (c) => {
          (c.lint as Record<string, unknown>).inclde = ['x'];
        }),
      want: { code: 'config/invalid', file: 'dsctl.config.json', pointer: '/lint/inclde' },
      text: 'unknown key "inclde" at /lint',
    },
    {
      name: 'a wrong-typed policy value',
      arrange: (dir: string) =>
        editJson<Record<string, unknown>>(dir, 'design/policy.json', (p) => {
          (p.loops as Record<string, unknown>).maxRepairAttempts = 'three';
        }),
      want: { code: 'policy/invalid', file: 'design/policy.json', pointer: '/loops/maxRepairAttempts' },
      text: 'expected number at /loops/maxRepairAttempts',
    },
    {
      name: 'no config anywhere',
      arrange: (dir: string) => rmSync(join(dir, 'dsctl.config.json')),
      want: { code: 'config/not-found' },
      text: 'run `dsctl init`',
    },
  ])('$name', ({ arrange, want, text }) => {
    const dir = starterProject();
    arrange(dir);
    const human = dsctl(['check'], dir);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain(text);
    expectNoStackTrace(human);

    const machine = dsctl(['check', '--json'], dir);
    expect(machine.code).toBe(2);
    const envelope = JSON.parse(machine.stdout) as ErrorEnvelope;
    expect(envelope).toMatchObject({ type: 'dsctl/error', ok: false, error: want });
  });

  it('shows a code frame for a syntax error', () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'design/contracts/rules.json'), '{\n  "version": "1",\n  "rules": [\n    { "id": "A" ]\n}\n');
    const run = dsctl(['check'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("invalid JSON: expected ',' between values");
    expect(run.stderr).toContain('design/contracts/rules.json:4:17');
    expect(run.stderr).toContain('> 4 |     { "id": "A" ]');
  });
});

describe('invalid contracts are exit 1 with every problem located (built binary)', () => {
  const check = (dir: string) => {
    const run = dsctl(['check', '--json'], dir);
    expectNoStackTrace(run);
    return { code: run.code, problems: (JSON.parse(run.stdout) as { data: { problems: Record<string, unknown>[] } }).data.problems };
  };

  it('a token file that is not DTCG', () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'design/contracts/tokens.json'), JSON.stringify({ color: { primary: { value: '#0055ff', type: 'color' } } }, null, 2));
    const { code, problems } = check(dir);
    expect(code).toBe(1);
    expect(problems).toContainEqual(expect.objectContaining({ code: 'token/not-dtcg', file: 'design/contracts/tokens.json', line: 4, column: 7 }));
  });

  it('an alias cycle, naming both tokens', () => {
    const dir = starterProject();
    editJson<Record<string, unknown>>(dir, 'design/contracts/tokens.json', (t) => {
      t.loop = { $type: 'color', ping: { $value: '{loop.pong}' }, pong: { $value: '{loop.ping}' } };
    });
    const { code, problems } = check(dir);
    expect(code).toBe(1);
    expect(problems).toEqual([expect.objectContaining({ code: 'token/alias-cycle', message: 'alias cycle: "loop.ping" → "loop.pong" → "loop.ping"', pointer: '/loop/ping/$value' })]);
  });

  it('a rule with an unknown detector', () => {
    const dir = starterProject();
    editJson<{ rules: Record<string, unknown>[] }>(dir, 'design/contracts/rules.json', (r) => {
      (r.rules[0] as Record<string, unknown>).detector = 'regex-soup';
    });
    const { code, problems } = check(dir);
    expect(code).toBe(1);
    expect(problems).toEqual([expect.objectContaining({ code: 'schema/invalid', pointer: '/rules/0/detector', line: expect.any(Number) })]);
  });

  it('a component naming a missing rule, with a suggestion', () => {
    const dir = starterProject();
    let missing = '';
    editJson<{ rules: string[] }>(dir, 'design/contracts/components/button.contract.json', (c) => {
      missing = `${c.rules[0] ?? 'SOME_RULE'}X`;
      c.rules.push(missing);
    });
    const { code, problems } = check(dir);
    expect(code).toBe(1);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'component/unknown-rule',
        file: 'design/contracts/components/button.contract.json',
        message: `component "Button" names rule "${missing}", which is not in design/contracts/rules.json`,
        hint: expect.stringContaining('did you mean'),
      }),
    ]);
  });

  it('a component using a deprecated token is a warning (exit 0) with the $deprecated text', () => {
    const dir = starterProject();
    const tokens = readFileSync(join(dir, 'design/contracts/tokens.json'), 'utf8');
    const deprecated = findDeprecated(JSON.parse(tokens) as Record<string, unknown>);
    expect(deprecated).toBeDefined();
    editJson<{ tokens: string[] }>(dir, 'design/contracts/components/badge.contract.json', (c) => {
      c.tokens.push(deprecated?.path ?? '');
    });
    const { code, problems } = check(dir);
    expect(code).toBe(0);
    expect(problems).toEqual([expect.objectContaining({ severity: 'warn', code: 'component/deprecated-token', hint: deprecated?.text })]);
  });

  it('an htmlSample that is not well-formed HTML', () => {
    const dir = starterProject();
    editJson<{ htmlSample: string }>(dir, 'design/contracts/components/card.contract.json', (c) => {
      c.htmlSample = '<div class="card"><p>Unclosed</div>';
    });
    const { code, problems } = check(dir);
    expect(code).toBe(1);
    expect(problems).toEqual([expect.objectContaining({ code: 'component/html-sample-invalid', pointer: '/htmlSample', message: 'htmlSample at 1:19 of the sample: <p> is not closed before </div>' })]);
  });
});

function findDeprecated(group: Record<string, unknown>, path: string[] = []): { path: string; text: string } | undefined {
  for (const [name, child] of Object.entries(group)) {
    if (name.startsWith('$') || typeof child !== 'object' || child === null) continue;
    const node = child as Record<string, unknown>;
    if ('$value' in node) {
      if (typeof node.$deprecated === 'string') return { path: [...path, name].join('.'), text: node.$deprecated };
    } else {
      const found = findDeprecated(node, [...path, name]);
      if (found) return found;
    }
  }
  return undefined;
}

describe('config cross-references (built binary)', () => {
  it('a theme group that holds no token is an error pointing into the config', () => {
    const dir = starterProject();
    editJson<{ theme: Record<string, string[]> }>(dir, 'dsctl.config.json', (c) => {
      c.theme.color = ['color.semantic.lite'];
    });
    const run = dsctl(['check', '--json'], dir);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as { data: { problems: unknown[] } }).data.problems).toEqual([
      expect.objectContaining({ code: 'config/theme-group', file: 'dsctl.config.json', pointer: '/theme/color/0', message: 'theme.color names "color.semantic.lite", which holds no token' }),
    ]);
  });
});
