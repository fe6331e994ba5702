import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { componentId } from '../../../src/adopt/components/draft.js';
import { compilerSettings, importPathFor } from '../../../src/adopt/components/tsconfig.js';
import { recipeOfCall } from '../../../src/adopt/components/variants.js';
import { tempDir } from '../../support/temp-dir.js';

const recipe = (code: string) => {
  const file = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true);
  const statement = file.statements[0] as ts.VariableStatement;
  return recipeOfCall(ts, statement.declarationList.declarations[0]?.initializer as ts.Node);
};

describe('import paths from tsconfig paths', () => {
  it.each([
    [{ '@/*': ['./src/*'] }, 'src/components/ui/button.tsx', '@/components/ui/button'],
    [{ '@/*': ['./*'] }, 'components/ui/button.tsx', '@/components/ui/button'],
    [{ '~/components/*': ['./app/components/*'] }, 'app/components/Badge.vue', '~/components/Badge.vue'],
    [{ '@ui': ['./src/ui/index.ts'] }, 'src/ui/index.tsx', '@ui'],
    [{ '@/*': ['./src/*'] }, 'src/components/ui/dialog/index.tsx', '@/components/ui/dialog'],
    [{ '@/*': ['./src/*'] }, 'lib/button.tsx', undefined],
  ])('%j maps %s to %s', (paths, file, expected) => {
    const dir = tempDir('dsctl-paths-');
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths } }));
    const { options } = compilerSettings(ts, dir);
    expect(importPathFor(options, dir, join(dir, file))).toBe(expected);
  });

  it("follows Vite's references to the config that holds paths, and extends", () => {
    const dir = tempDir('dsctl-paths-');
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ files: [], references: [{ path: './tsconfig.app.json' }] }));
    writeFileSync(join(dir, 'tsconfig.app.json'), JSON.stringify({ extends: './tsconfig.base.json', include: ['src'] }));
    writeFileSync(join(dir, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./src/*'] } } }));
    mkdirSync(join(dir, 'src'));
    const { options, tsconfig } = compilerSettings(ts, dir);
    expect(tsconfig).toBe('tsconfig.json');
    expect(importPathFor(options, dir, join(dir, 'src/components/button.tsx'))).toBe('@/components/button');
  });

  it('without a tsconfig: defaults, and no import path to guess', () => {
    const dir = tempDir('dsctl-paths-');
    const { options, tsconfig } = compilerSettings(ts, dir);
    expect(tsconfig).toBeUndefined();
    expect(importPathFor(options, dir, join(dir, 'components/button.tsx'))).toBeUndefined();
  });
});

describe('variant recipes', () => {
  it('tv(): base, variants, boolean variants, defaultVariants', () => {
    expect(recipe(`const badge = tv({ base: ['px-2', 'text-xs'], variants: { tone: { info: 'bg-info', danger: 'bg-danger' }, pill: { true: 'rounded-full' } }, defaultVariants: { tone: 'info' } })`)).toEqual({
      base: 'px-2 text-xs',
      axes: { tone: { options: ['info', 'danger'], default: 'info', classes: { info: 'bg-info', danger: 'bg-danger' } }, pill: { options: ['true'], default: 'true', classes: { true: 'rounded-full' } } },
    });
  });

  it('cva() without defaultVariants: the "default" option, else the first, stands in; computed classes are left out', () => {
    expect(recipe('const x = cva("a", { variants: { size: { sm: `h-8`, md: cn("h-10") } } })')).toEqual({ base: 'a', axes: { size: { options: ['sm', 'md'], default: 'sm', classes: { sm: 'h-8' } } } });
    expect(recipe('const x = cn("a")')).toBeUndefined();
  });

  it.each([
    ['Button', 'button'],
    ['CardHeader', 'card-header'],
    ['HTMLPreview', 'html-preview'],
    ['Step2Panel', 'step2-panel'],
  ])('component id of %s is %s', (name, id) => {
    expect(componentId(name)).toBe(id);
  });
});
