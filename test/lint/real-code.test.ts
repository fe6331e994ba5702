import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Linter } from '../../src/lint/engine.js';
import { LINTABLE_EXTENSIONS } from '../../src/lint/engine.js';
import { projectPath, selectFiles } from '../../src/lint/files.js';
import { loadValidProject } from '../../src/project/project.js';
import { found, linterFor } from '../support/lint.js';
import { starterProject } from '../support/project.js';

/** What real React, Vue, Angular and HTML code showed the checker missing (issue 15). */

const RULES = [
  { id: 'NO_Z50', detector: 'tailwind-class', matchPatterns: ['z-50'] },
  { id: 'IMG_ALT', detector: 'html-attr', htmlAttrCheck: { kind: 'tag-missing-attr', tags: ['img'], attrs: ['alt'] } },
  { id: 'ICON_LABEL', detector: 'composition', compositionCheck: { kind: 'dom-attr-required', selector: 'button', requireAnyAttr: ['aria-label'], when: 'icon-only' } },
];

let linter: Linter;
beforeAll(async () => {
  linter = await linterFor(RULES);
});

const lint = (filename: string, source: string) => linter.lint(source, { filename });
const notes = (filename: string, source: string) => lint(filename, source).coverage.unchecked.map((u) => `${u.line}:${u.column} ${u.reason}`);

describe('TypeScript and JavaScript as written', () => {
  it.each([
    ['modern decorators on an exported class', 'a.ts', `@Injectable() export class A { @Input() n = 0; }\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
    ['a decorator after export', 'a.ts', `export @Dec class A {}\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
    ['legacy parameter decorators (experimentalDecorators)', 'a.ts', `class A { constructor(@Inject(T) t: T) {} }\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
    ['auto-accessors', 'a.ts', `class S { accessor n = 0; @dec accessor m = 1 }\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
    ['a <T> cast in .ts', 'a.ts', `const v = <string>value;\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
    ['a <T> cast in .mts', 'a.mts', `const v = <string>value;\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
    ['a <T> cast in .cts', 'a.cts', `const v = <string>value;\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
    ['JSX in .tsx', 'a.tsx', `const A = () => <div className="z-50" />;`, ['1:33 z-50 NO_Z50']],
    ['JSX in .js', 'a.js', `const A = () => <div className="z-50" />;`, ['1:33 z-50 NO_Z50']],
    ['JSX in .mjs', 'a.mjs', `const A = () => <div className="z-50" />;`, ['1:33 z-50 NO_Z50']],
    ['JSX in .cjs', 'a.cjs', `const A = () => <div className="z-50" />;`, ['1:33 z-50 NO_Z50']],
    ['decorators in .js', 'a.js', `@dec class A { accessor x = 1 }\nconst c = cn('z-50');`, ['2:15 z-50 NO_Z50']],
  ])('%s', (_name, filename, source, want) => {
    expect(found(lint(filename, source))).toEqual(want);
  });

  it('reads JSX as markup, not a cast, only where JSX is allowed', () => {
    expect(lint('a.ts', 'const A = () => <div className="x" />;').violations[0]?.ruleId).toBe('PARSE_ERROR');
  });
});

describe('class functions', () => {
  it('reads the default ones: classNames, cx, twJoin, twMerge, tv', async () => {
    const project = loadValidProject({ cwd: starterProject() });
    expect(project.config.lint.classFunctions).toEqual(expect.arrayContaining(['classNames', 'cx', 'twJoin', 'twMerge', 'tv']));
    const source = `const a = [classNames('z-50'), cx('z-50'), twJoin('z-50'), twMerge('z-50'), tv({ base: 'z-50' })];`;
    expect(found(lint('a.ts', source))).toEqual(['1:24 z-50 NO_Z50', '1:36 z-50 NO_Z50', '1:52 z-50 NO_Z50', '1:69 z-50 NO_Z50', '1:89 z-50 NO_Z50']);
  });

  it('reads the class values of a tv() config, never its slot or variant names', () => {
    const source = [
      `const card = tv({`,
      `  base: 'p-4',`,
      `  slots: { root: 'z-50', icon: 'size-4' },`,
      `  variants: { size: { sm: 'text-sm', lg: { root: 'z-50', icon: 'size-8' } } },`,
      `  compoundVariants: [{ size: 'sm', class: 'z-50' }, { size: 'lg', className: { icon: 'z-50' } }],`,
      `});`,
    ].join('\n');
    expect(found(lint('a.ts', source))).toEqual(['3:19 z-50 NO_Z50', '4:51 z-50 NO_Z50', '5:44 z-50 NO_Z50', '5:87 z-50 NO_Z50']);
  });
});

describe('spreads', () => {
  it.each([
    ['JSX img', 'a.tsx', `const A = (p) => <img {...p} src="a.png" />;`, ['1:18 IMG_ALT not checked: <img> without alt: {...p} may supply it', '1:23 spread props are not checked']],
    ['JSX icon button', 'a.tsx', `const A = (p) => <button {...p}><svg /></button>;`, ['1:18 ICON_LABEL not checked: <button> needs one of aria-label: {...p} may supply it', '1:26 spread props are not checked']],
    ['Vue v-bind object', 'a.vue', `<template><img v-bind="attrs" src="a.png"></template>`, ['1:11 IMG_ALT not checked: <img> without alt: v-bind="attrs" may supply it', '1:16 v-bind object is not checked']],
  ])('%s: a required attribute a spread may supply is an unchecked note, not a violation', (_name, filename, source, want) => {
    const result = lint(filename, source);
    expect(found(result)).toEqual([]);
    expect(notes(filename, source)).toEqual(want);
  });

  it('still reports the attribute missing without a spread', () => {
    expect(found(lint('a.tsx', `const A = () => <img src="a.png" />;`))).toEqual(['1:17 img IMG_ALT']);
  });
});

describe('folders named on the command line', () => {
  it('include dot-folders, as ESLint 9 does, but not .git/', async () => {
    const dir = starterProject();
    for (const folder of ['.storybook', '.git/hooks', 'app']) mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, '.storybook/preview.tsx'), 'export {};\n');
    writeFileSync(join(dir, '.git/hooks/x.ts'), 'export {};\n');
    writeFileSync(join(dir, 'app/a.cts'), 'export {};\n');
    writeFileSync(join(dir, 'app/notes.txt'), 'x\n');
    const project = loadValidProject({ cwd: dir });
    const { files } = await selectFiles(project, dir, ['.storybook', '.git', 'app']);
    expect(files.map((f) => projectPath(dir, f))).toEqual(['.storybook/preview.tsx', 'app/a.cts']);
    const { skipped } = await selectFiles(project, dir, ['app/notes.txt']);
    expect(skipped).toEqual([{ path: 'app/notes.txt', reason: `not a file type dsctl lints (${LINTABLE_EXTENSIONS.join(', ')})` }]);
    expect(LINTABLE_EXTENSIONS).toEqual(expect.arrayContaining(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']));
  });
});

describe('Angular components', () => {
  it('lints an inline template as HTML, at its place in the .ts file', () => {
    const source = [
      `@Component({`,
      `  selector: 'app-x',`,
      `  template: '<div class="z-50"><img src="a.png"></div>',`,
      `  host: { class: 'block z-50', '[class.z-50]': 'open', '[ngClass]': "{ 'z-50': open }" },`,
      `})`,
      `export class X {}`,
    ].join('\n');
    expect(found(lint('x.component.ts', source))).toEqual(['3:26 z-50 NO_Z50', '3:32 img IMG_ALT', '4:25 z-50 NO_Z50', '4:40 z-50 NO_Z50', '4:73 z-50 NO_Z50']);
  });

  it('reads a template literal, and notes a template built from expressions', () => {
    expect(found(lint('x.ts', '@Component({ template: `\n  <p class="z-50">x</p>` }) class X {}'))).toEqual(['2:13 z-50 NO_Z50']);
    expect(notes('x.ts', '@Component({ template: `<p>${x}</p>` }) class X {}')).toEqual(['1:24 Angular template built from an expression not checked']);
  });
});

describe('class-bearing attributes and props', () => {
  it.each([
    ['JSX *-class prop', 'a.tsx', `<Link active-class="z-50" />`, ['1:21 z-50 NO_Z50']],
    ['JSX object prop ui', 'a.tsx', `<UCard ui={{ body: 'z-50', header: cn('p-4', on && 'z-50') }} />`, ['1:21 z-50 NO_Z50', '1:53 z-50 NO_Z50']],
    ['Vue static *-class', 'a.vue', `<template><Transition enter-active-class="z-50" /></template>`, ['1:43 z-50 NO_Z50']],
    ['Vue bound camelCase prop', 'a.vue', `<template><RouterLink :activeClass="'z-50'" /></template>`, ['1:38 z-50 NO_Z50']],
    ['Vue :ui object, keys are slots', 'a.vue', `<template><UCard :ui="{ body: 'z-50', root: ['p-4', 'z-50'] }" /></template>`, ['1:32 z-50 NO_Z50', '1:54 z-50 NO_Z50']],
    ['Alpine :class in HTML', 'a.html', `<div :class="{ 'z-50': open }" x-bind:class="open ? 'z-50' : ''"></div>`, ['1:17 z-50 NO_Z50', '1:54 z-50 NO_Z50']],
    ['Angular template bindings in HTML', 'a.component.html', `<p [class]="'z-50'" [ngClass]="['z-50']" [class.z-50]="x">y</p>`, ['1:14 z-50 NO_Z50', '1:34 z-50 NO_Z50', '1:49 z-50 NO_Z50']],
    ['HTML *-class attribute', 'a.html', `<div leave-active-class="z-50"></div>`, ['1:26 z-50 NO_Z50']],
    ['Alpine x-transition classes', 'a.html', `<div x-transition:enter="transition z-50"></div>`, ['1:37 z-50 NO_Z50']],
  ])('%s', (_name, filename, source, want) => {
    expect(found(lint(filename, source))).toEqual(want);
  });

  it('notes a class binding it cannot read', () => {
    expect(notes('a.html', `<div :class="classes"></div><p [ngclass]="a &amp;&amp; 'x'"></p>`)).toEqual([
      '1:14 dynamic class binding not checked',
      '1:43 class binding written with character references not checked',
    ]);
  });

  it('is configurable and validated', () => {
    const dir = starterProject();
    const config = JSON.parse(readFileSync(join(dir, 'dsctl.config.json'), 'utf8')) as { lint: Record<string, unknown> };
    config.lint.classAttributes = ['tone', { name: 'classes', object: true }];
    writeFileSync(join(dir, 'dsctl.config.json'), JSON.stringify(config));
    const project = loadValidProject({ cwd: dir });
    expect(project.config.lint.classAttributes).toEqual(['tone', { name: 'classes', object: true }]);
    config.lint.classAttributes = ['has space', { name: 'ui' }];
    writeFileSync(join(dir, 'dsctl.config.json'), JSON.stringify(config));
    const error = (() => {
      try {
        loadValidProject({ cwd: dir });
      } catch (caught) {
        return caught as { details?: string[] };
      }
      return undefined;
    })();
    expect(error?.details?.map((d) => d.replace(/^dsctl\.config\.json:\d+:\d+\s+/, ''))).toEqual([
      'an attribute or prop name, `*` for any characters (e.g. "*-class") at /lint/classAttributes/0',
      'Invalid input at /lint/classAttributes/1',
    ]);
  });
});

describe('Vue scripts and render functions', () => {
  it('reads class functions and h() props in <script> and <script setup>', () => {
    const source = [
      `<script setup lang="ts">`,
      `const c = cn('z-50', <string>other);`,
      `const v = h('div', { class: ['z-50', { 'p-4': on }], activeClass: 'z-50' });`,
      `</script>`,
      `<script>export default { render: () => h('p', { class: 'z-50' }) };</script>`,
      `<template><p>x</p></template>`,
    ].join('\n');
    expect(found(lint('a.vue', source))).toEqual(['2:15 z-50 NO_Z50', '3:31 z-50 NO_Z50', '3:68 z-50 NO_Z50', '5:57 z-50 NO_Z50']);
  });

  it('notes a script that does not parse and still checks the template', () => {
    const source = `<script>const = ;</script><template><p class="z-50">x</p></template>`;
    expect(found(lint('a.vue', source))).toEqual(['1:47 z-50 NO_Z50']);
    expect(notes('a.vue', source)[0]).toMatch(/^1:1\d <script> not checked: /);
  });
});

describe('character references in class', () => {
  it.each([
    ['a space reference splits two classes', `<p class="p-4&#32;z-50">x</p>`, ['1:19 z-50 NO_Z50']],
    ['a reference inside a name', `<p class="z-&#53;0 p-4">x</p>`, ['1:11 z-50 NO_Z50']],
    ['references back to back', `<p class="a&#32;&#x20;z-50">x</p>`, ['1:23 z-50 NO_Z50']],
    ['a named reference', `<p class='x&Tab;z-50'>x</p>`, ['1:17 z-50 NO_Z50']],
  ])('%s', (_name, source, want) => {
    expect(found(lint('a.html', source))).toEqual(want);
  });
});

describe('Angular inline styles', () => {
  it('reads styles as CSS at their place', async () => {
    const tokenLinter = await linterFor([{ id: 'RAW', detector: 'token-value', tokenValueCheck: { kinds: ['color'] } }]);
    const source = `@Component({ styles: [':host { color: #123456 }'], template: '<p style="color: #123456">x</p>' }) class X {}`;
    expect(found(tokenLinter.lint(source, { filename: 'x.ts' }))).toEqual(['1:39 #123456 RAW', '1:80 #123456 RAW']);
  });
});
