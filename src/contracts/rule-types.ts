/** The rule shape of ARCHITECTURE.md §4, as types. rules.schema.json is the same shape as data. */

export const DETECTORS = [
  'tailwind-class',
  'tailwind-class-prefix',
  'tailwind-class-segment',
  'html-attr',
  'composition',
  'token-value',
  'contrast',
  'manual',
] as const;
export type Detector = (typeof DETECTORS)[number];

export const AUTOMATION_STATUSES = ['auto', 'covered-by-test', 'impossible-static', 'llm-judge-candidate', 'human-only'] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

export type HtmlAttrCheck =
  | { readonly kind: 'attr-value-forbidden'; readonly attr: string; readonly values?: readonly string[]; readonly valuePattern?: string; readonly tags?: readonly string[] }
  | { readonly kind: 'attr-value-contains'; readonly attr: string; readonly values: readonly string[]; readonly tags?: readonly string[] }
  | { readonly kind: 'attr-present'; readonly attr: string; readonly tags?: readonly string[] }
  | { readonly kind: 'tag-present'; readonly tags: readonly string[] }
  | { readonly kind: 'tag-missing-attr'; readonly tags: readonly string[]; readonly attrs: readonly string[] }
  | { readonly kind: 'element-present'; readonly selector: string };

export type CompositionCheck =
  | { readonly kind: 'nested-selector'; readonly selector: string; readonly nested: string }
  | {
      readonly kind: 'dom-attr-required';
      readonly selector: string;
      readonly requireAnyAttr: readonly string[];
      readonly when?: 'always' | 'icon-only' | 'text-glyph';
      readonly glyphs?: readonly string[];
      readonly scope?: 'self' | 'ancestor-or-self';
    }
  | { readonly kind: 'dom-class-required'; readonly selector: string; readonly requireAnyClass: readonly string[]; readonly excludeWhen?: string };

export type TokenValueKind = 'color' | 'spacing' | 'radius' | 'font-size' | 'shadow' | 'z-index' | 'duration';
export interface TokenValueCheck {
  readonly kinds: readonly TokenValueKind[];
  readonly allow?: readonly string[];
  readonly properties?: readonly string[];
}

export interface ContrastCheck {
  readonly minRatio?: number;
  readonly largeTextMinRatio?: number;
}

export interface Rule {
  readonly id: string;
  readonly category: string;
  readonly severity: 'error' | 'warn';
  readonly description: string;
  readonly detector: Detector;
  readonly pattern?: string;
  readonly matchPatterns?: readonly string[];
  readonly prefixPatterns?: readonly string[];
  readonly htmlAttrCheck?: HtmlAttrCheck;
  readonly compositionCheck?: CompositionCheck;
  readonly tokenValueCheck?: TokenValueCheck;
  readonly contrastCheck?: ContrastCheck;
  readonly alternative?: string;
  readonly contractLint?: 'enforce' | 'warn' | 'skip';
  readonly requiresContext?: boolean;
  readonly automationStatus: AutomationStatus;
}

export type CheckObjectKey = 'htmlAttrCheck' | 'compositionCheck' | 'tokenValueCheck' | 'contrastCheck';

/** What each detector reads: the check object it needs, and the pattern fields it accepts. */
export const DETECTOR_INPUTS: Readonly<
  Record<Detector, { readonly check?: CheckObjectKey; readonly patterns: readonly ('pattern' | 'matchPatterns' | 'prefixPatterns')[] }>
> = {
  'tailwind-class': { patterns: ['pattern', 'matchPatterns'] },
  'tailwind-class-prefix': { patterns: ['pattern', 'matchPatterns', 'prefixPatterns'] },
  'tailwind-class-segment': { patterns: ['matchPatterns'] },
  'html-attr': { check: 'htmlAttrCheck', patterns: [] },
  composition: { check: 'compositionCheck', patterns: [] },
  'token-value': { check: 'tokenValueCheck', patterns: [] },
  contrast: { check: 'contrastCheck', patterns: [] },
  manual: { patterns: [] },
};

export const CHECK_OBJECT_KEYS: readonly CheckObjectKey[] = ['htmlAttrCheck', 'compositionCheck', 'tokenValueCheck', 'contrastCheck'];

/** A rule the static checker runs; the rest are listed in the lint result's coverage. */
export function isAutomated(rule: Rule): boolean {
  return rule.detector !== 'manual' && rule.requiresContext !== true;
}
