import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHECK_OBJECT_KEYS, DETECTOR_IDS, DETECTOR_INPUTS, type CheckObjectKey, type Rule } from '../../../src/contracts/rule-types.js';
import type { DetectorModule, LintContext } from '../../../src/lint/detector.js';
import { detectorRegistry, manualDetector } from '../../../src/lint/detectors/index.js';
import type { LintDocument } from '../../../src/lint/document.js';
import { parseCssSource } from '../../../src/lint/sources/css.js';
import { parseHtmlSource } from '../../../src/lint/sources/html.js';
import { parseJsxSource } from '../../../src/lint/sources/jsx.js';
import { parseVueSource } from '../../../src/lint/sources/vue.js';
import { buildThemeIndex } from '../../../src/contracts/theme-index.js';
import { loadTailwindModel } from '../../../src/lint/tailwind/load.js';
import { loadProject, loadValidProject } from '../../../src/project/project.js';
import { sharedStarterProject, starterProject, writeJson } from '../../support/project.js';

/**
 * What every detector of the registry must do, whatever it checks. A new detector needs samples
 * here: rules of it, each with markup it reports, that between them use every message.
 */
type Samples = readonly { readonly rule: Record<string, unknown>; readonly html: string }[];
const SAMPLES: Readonly<Record<keyof typeof detectorRegistry, Samples>> = {
  'tailwind-class': [{ rule: { matchPatterns: ['text-black'], pattern: 'bg-\\[[^\\]]+\\]' }, html: '<p class="text-black bg-[#000]">x</p>' }],
  'tailwind-class-prefix': [{ rule: { prefixPatterns: ['z-'] }, html: '<p class="-z-10">x</p>' }],
  'tailwind-class-segment': [{ rule: { matchPatterns: ['blue'] }, html: '<p class="bg-blue-500">x</p>' }],
  'html-attr': [
    { rule: { htmlAttrCheck: { kind: 'attr-value-forbidden', attr: 'tabindex', valuePattern: '^[1-9]' } }, html: '<input tabindex="3">' },
    { rule: { htmlAttrCheck: { kind: 'attr-value-contains', attr: 'style', values: ['!important'] } }, html: '<p style="color: red !important">x</p>' },
    { rule: { htmlAttrCheck: { kind: 'attr-present', attr: 'onclick' } }, html: '<a onclick="go()">x</a>' },
    { rule: { htmlAttrCheck: { kind: 'tag-present', tags: ['font'] } }, html: '<font>x</font>' },
    { rule: { htmlAttrCheck: { kind: 'tag-missing-attr', tags: ['img'], attrs: ['alt'] } }, html: '<img src="a.png">' },
    { rule: { htmlAttrCheck: { kind: 'element-present', selector: 'a button' } }, html: '<a href="#"><button>x</button></a>' },
  ],
  composition: [
    { rule: { compositionCheck: { kind: 'nested-selector', selector: '.card', nested: '.card' } }, html: '<div class="card"><div class="card">x</div></div>' },
    { rule: { compositionCheck: { kind: 'dom-attr-required', selector: 'button', requireAnyAttr: ['aria-label'], when: 'icon-only' } }, html: '<button><svg></svg></button>' },
    { rule: { compositionCheck: { kind: 'dom-class-required', selector: 'button', requireAnyClass: ['btn'] } }, html: '<button>Go</button>' },
  ],
  'token-value': [{ rule: { tokenValueCheck: { kinds: ['color', 'spacing'] } }, html: '<p style="color: #123456; padding: 13px" class="m-[7px]">x</p>' }],
  contrast: [{ rule: { contrastCheck: { minRatio: 4.5 } }, html: '<p style="color: #eeeeee; background-color: #ffffff">x</p>' }],
  'tailwind-unknown-class': [{ rule: { unknownClassCheck: { ignore: ['js-toggle'] } }, html: '<p class="bg-foo-bar js-toggle p-4">x</p>' }],
};

const base = { category: 'test', severity: 'error', description: 'not allowed', automationStatus: 'auto' };
const ruleOf = (detector: string, fields: Record<string, unknown>) => ({ ...base, id: 'SAMPLE', detector, ...fields });

const project = loadValidProject({ cwd: sharedStarterProject() });
const { model: tailwind } = await loadTailwindModel(project);
const context: LintContext = { project, theme: buildThemeIndex(project), ...(tailwind ? { tailwind } : {}) };
const { classFunctions } = project.config.lint;
const EMPTY: Readonly<Record<string, () => LintDocument>> = {
  html: () => parseHtmlSource(''),
  jsx: () => parseJsxSource('', { sourceType: 'jsx', classFunctions }),
  tsx: () => parseJsxSource('', { sourceType: 'tsx', classFunctions }),
  vue: () => parseVueSource('', { classFunctions }),
  css: () => parseCssSource(''),
};

/** What `dsctl check` reports for a rules file of just this rule (components removed: they name starter rules). */
function checkErrors(rule: Record<string, unknown>) {
  const dir = starterProject();
  const components = join(dir, 'design/contracts/components');
  for (const file of readdirSync(components)) rmSync(join(components, file));
  writeJson(dir, 'design/contracts/rules.json', { version: 'test', rules: [rule] });
  return loadProject({ cwd: dir }).problems.filter((p) => p.severity === 'error');
}

describe('the detector registry', () => {
  it('is keyed by id, and the published id list is its ids then manual', () => {
    for (const [key, detector] of Object.entries(detectorRegistry)) expect(detector.id).toBe(key);
    expect(DETECTOR_IDS).toEqual([...Object.keys(detectorRegistry), manualDetector.id]);
  });

  it('has samples for every detector', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(detectorRegistry).sort());
  });

  it('gives the Rule type one optional field per check object', () => {
    expectTypeOf<Extract<keyof Rule, CheckObjectKey>>().toEqualTypeOf<CheckObjectKey>();
  });
});

describe.each(Object.values(detectorRegistry).map((detector) => [detector.id, detector as unknown as DetectorModule] as const))('detector %s', (id, detector) => {
  const samples = SAMPLES[id as keyof typeof SAMPLES];
  const { check } = detector.meta;

  it('has docs and messages', () => {
    expect(detector.meta.docs.description.trim()).not.toBe('');
    expect(Object.keys(detector.meta.messages).length).toBeGreaterThan(0);
    expect(detector.messages).toBe(detector.meta.messages);
  });

  it('reads the inputs the contract check expects of it', () => {
    expect(DETECTOR_INPUTS[detector.id]).toEqual({ ...(check ? { check: check.key } : {}), patterns: detector.meta.patterns });
  });

  it('reports only message ids it has, and its samples report every one', () => {
    const reported = new Set<string>();
    for (const { rule, html } of samples) {
      const sample = ruleOf(id, rule) as Rule;
      const findings = detector.run(parseHtmlSource(html), sample, detector.prepare(sample, context), context);
      expect(findings.length, html).toBeGreaterThan(0);
      for (const finding of findings) reported.add(finding.messageId);
    }
    for (const messageId of reported) expect(Object.keys(detector.messages)).toContain(messageId);
    expect([...reported].sort()).toEqual(Object.keys(detector.messages).sort());
  });

  it.each(Object.keys(EMPTY))('finds nothing in an empty %s document', (sourceType) => {
    for (const { rule } of samples) {
      const sample = ruleOf(id, rule) as Rule;
      expect(detector.run((EMPTY[sourceType] as () => LintDocument)(), sample, detector.prepare(sample, context), context)).toEqual([]);
    }
  });

  it('accepts its samples in dsctl check', () => {
    expect(samples.flatMap(({ rule }) => checkErrors(ruleOf(id, rule)))).toEqual([]);
  });

  it('rejects an unknown key in its check object, at that key', () => {
    const fields = samples[0]?.rule ?? {};
    const at = check ? `/rules/0/${check.key}/extra` : '/rules/0/extra';
    const rule = check ? ruleOf(id, { ...fields, [check.key]: { ...(fields[check.key] as object), extra: 1 } }) : ruleOf(id, { ...fields, extra: 1 });
    const errors = checkErrors(rule);
    expect(errors).toMatchObject([{ code: 'schema/invalid', pointer: at, message: expect.stringContaining('unknown key "extra"') }]);
    expect(errors[0]?.line).toBeGreaterThan(0);
    expect(errors[0]?.column).toBeGreaterThan(0);
  });

  it('rejects the check objects of other detectors, at their key', () => {
    const others = CHECK_OBJECT_KEYS.filter((key) => key !== check?.key);
    const errors = checkErrors(ruleOf(id, { ...(samples[0]?.rule ?? {}), ...Object.fromEntries(others.map((key) => [key, {}])) }));
    expect(errors.filter((e) => e.code === 'rule/check-unused').map((e) => e.pointer)).toEqual(others.map((key) => `/rules/0/${key}`));
    expect(errors.every((e) => (e.line ?? 0) > 0)).toBe(true);
  });
});
