import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterProject } from '../support/project.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ESLINT = join(REPO, 'node_modules/.bin/eslint');
const require = createRequire(import.meta.url);
const moduleUrl = (name: string) => pathToFileURL(require.resolve(name)).href;

const FILES: Record<string, string> = {
  'src/Page.tsx': [
    "import { cn } from './cn';",
    'export function Page({ on }: { on: boolean }) {',
    '  return (',
    '    <main className="bg-brand-600 p-4">',
    '      <p className={cn("text-black", on && "z-50")}>Hello</p>',
    '      {/* dsctl-disable-next-line LAYER_NO_Z_UTILITY -- the toast layer, tracked in DS-12 */}',
    '      <div className="z-40">toast</div>',
    '    </main>',
    '  );',
    '}',
    '',
  ].join('\n'),
  'src/Card.jsx': ['export const Card = () => (', '  <section className="shadow-2xl rounded-3xl">', '    <h2 className="text-neutral-600">Title</h2>', '  </section>', ');', ''].join('\n'),
  'src/Banner.vue': [
    '<template>',
    '  <div :class="[\'bg-white\', { \'text-black\': true }]">',
    '    <!-- dsctl-disable-next-line COLOR_NO_RAW_BLACK_WHITE -->',
    '    <span class="z-10">x</span>',
    '  </div>',
    '</template>',
    '<script setup lang="ts">',
    "const size: number = 2;",
    '</script>',
    '',
  ].join('\n'),
};

const CONFIG = `import dsctl from 'dsctl/eslint';
import tsParser from '${moduleUrl('@typescript-eslint/parser')}';
import vueParser from '${moduleUrl('vue-eslint-parser')}';

export default [
  { files: ['**/*.jsx'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  { files: ['**/*.tsx'], languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } } },
  { files: ['**/*.vue'], languageOptions: { parser: vueParser, parserOptions: { parser: tsParser } } },
  { files: ['**/*.{jsx,tsx,vue}'], ...dsctl.configs.recommended },
];
`;

function setUp(): string {
  const dir = starterProject();
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  writeFileSync(join(dir, 'eslint.config.js'), CONFIG);
  // The package as a project installs it: `dsctl/eslint` resolves through package.json "exports".
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(dir, 'node_modules/dsctl'), 'dir');
  return dir;
}

interface EslintFile {
  filePath: string;
  messages: { ruleId: string | null; message: string; line: number; column: number; endLine?: number; endColumn?: number; fatal?: boolean }[];
  output?: string;
}

function eslint(dir: string, args: string[]): EslintFile[] {
  const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (run.stdout.trim() === '') throw new Error(`eslint printed nothing (exit ${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as EslintFile[];
}

const files = Object.keys(FILES).sort();

describe('the ESLint plugin dsctl/eslint (real eslint binary)', () => {
  it('reports the same findings as dsctl lint --format json, at the same line:column, on TSX, JSX and Vue', () => {
    const dir = setUp();
    const fromEslint = eslint(dir, files).flatMap((f) =>
      f.messages.map((m) => {
        expect(m.fatal ?? false, m.message).toBe(false);
        expect(m.ruleId).toBe('dsctl/design-system');
        const rule = /^(\S+): /.exec(m.message)?.[1];
        return `${f.filePath.slice(dir.length + 1)} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${rule}`;
      }),
    );
    const lint = dsctl(['lint', '--format', 'json', ...files], dir);
    const data = (JSON.parse(lint.stdout) as { data: { results: { file: string; violations: { ruleId: string; line: number; column: number; endLine: number; endColumn: number }[] }[] } }).data;
    const fromDsctl = data.results.flatMap((r) => r.violations.map((v) => `${r.file} ${v.line}:${v.column}-${v.endLine}:${v.endColumn} ${v.ruleId}`));
    expect(fromDsctl.length).toBeGreaterThan(5);
    // Disables work the same in both: the suppressed z-40 is not there, the disable without a reason is.
    expect(fromDsctl).toContain('src/Banner.vue 3:5-3:62 dsctl/disable-without-reason');
    expect(fromDsctl.some((k) => k.startsWith('src/Page.tsx 7:'))).toBe(false);
    expect([...fromEslint].sort()).toEqual([...fromDsctl].sort());
  });

  it("offers dsctl's certain fixes as ESLint fixes", () => {
    const dir = setUp();
    const [card] = eslint(dir, ['--fix-dry-run', 'src/Card.jsx']);
    expect(card?.output).toBe(FILES['src/Card.jsx']?.replace('text-neutral-600', 'text-fg-muted'));
  });
});
