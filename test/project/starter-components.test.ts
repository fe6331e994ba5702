import { describe, expect, it } from 'vitest';
import { starterFiles } from '../../src/project/init.js';
import { isComponentLibraryFile, withoutComponentLibrary } from '../../src/project/starter-components.js';

describe('isComponentLibraryFile', () => {
  it.each<[string, boolean]>([
    ['src/components/Tabs/index.tsx', true],
    ['src/components/Tabs/Tabs.a11y.test.tsx', true],
    ['src/test/axe.ts', true],
    ['tsconfig.json', true],
    ['tsconfig.build.json', true],
    ['vitest.config.ts', true],
    ['design/contracts/components/tabs.contract.json', false],
    ['package.json', false],
    ['examples/clean.html', false],
    ['docs/src/readme.md', false],
    ['tsconfig.json.bak', false],
  ])('%s → %s', (path, want) => {
    expect(isComponentLibraryFile(path)).toBe(want);
  });
});

describe('withoutComponentLibrary', () => {
  const react = starterFiles();
  const none = withoutComponentLibrary(react);

  it('drops exactly the library files, and starterFiles({ components: "none" }) is the same', () => {
    const dropped = [...react.keys()].filter((p) => !none.has(p));
    expect(dropped.length).toBeGreaterThan(10);
    expect(dropped.every(isComponentLibraryFile)).toBe(true);
    expect([...none.keys()].some(isComponentLibraryFile)).toBe(false);
    expect(starterFiles({ components: 'none' })).toEqual(none);
  });

  it('is idempotent', () => {
    expect(withoutComponentLibrary(none)).toEqual(none);
  });

  it('keeps the design:* scripts and dsctl, and nothing else of package.json changes', () => {
    const before = JSON.parse(react.get('package.json') as string) as Record<string, unknown>;
    const after = JSON.parse(none.get('package.json') as string) as Record<string, unknown>;
    expect(after).toEqual({
      ...before,
      scripts: { 'design:check': 'dsctl check', 'design:lint': 'dsctl lint --baseline', 'design:build': 'dsctl build', 'design:drift': 'dsctl drift' },
      devDependencies: { dsctl: (before.devDependencies as Record<string, string>).dsctl },
    });
  });

  it("removes each contract's source line and the library's ignore lines, and nothing else", () => {
    for (const [path, text] of react) {
      if (!path.endsWith('.contract.json')) continue;
      expect(none.get(path), path).toBe(text.replace(/^ {2}"source": "src\/components\/\w+\/index\.tsx",\n/m, ''));
      expect(none.get(path), path).not.toContain('"source"');
    }
    const ignore = none.get('.gitignore') as string;
    expect(ignore.split('\n')).toEqual((react.get('.gitignore') as string).split('\n').filter((l) => !['dist/', '*.tsbuildinfo', 'coverage/'].includes(l) && !l.includes("component library's build output")));
    expect(ignore).toContain('.dsctl/*');
  });

  it('keeps a source that points outside the starter library (a contract of the project\'s own)', () => {
    const own = '{\n  "id": "x",\n  "source": "app/ui/x.tsx",\n  "name": "X"\n}\n';
    expect(withoutComponentLibrary(new Map([['design/contracts/components/x.contract.json', own]])).get('design/contracts/components/x.contract.json')).toBe(own);
  });
});

describe('withoutComponentLibrary with the project\'s previous files (a second init)', () => {
  const react = starterFiles();
  const TABS = 'design/contracts/components/tabs.contract.json';

  it.each<[string, string | undefined, boolean]>([
    ['no contract yet (an adopted repository)', undefined, false],
    ['a contract without source (initialised with --components none)', withoutComponentLibrary(react).get(TABS), false],
    ['a contract naming the library source (initialised with the library)', react.get(TABS), true],
    ['a contract naming another source (the repository\'s own Tabs)', (react.get(TABS) as string).replace('src/components/Tabs/index.tsx', 'app/ui/tabs.tsx'), false],
  ])('%s → keeps source: %s', (_what, before, keeps) => {
    const out = withoutComponentLibrary(react, (path) => (path === TABS ? before : undefined));
    expect((out.get(TABS) as string).includes('"source": "src/components/Tabs/index.tsx"')).toBe(keeps);
    // The library's files are left out either way: a second init never writes them.
    expect(out.has('src/components/Tabs/index.tsx')).toBe(false);
  });
});
