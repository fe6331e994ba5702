/**
 * The rule shape of ARCHITECTURE.md §4, as types: derived from the zod schemas rules.schema.json is
 * generated from (rule-fields.ts, each detector's check object). Only types are imported from those,
 * so this module stays zod-free at run time: the id and key tables are generated data.
 */
import type { z } from 'zod';
import type { CheckOf } from '../lint/detector.js';
import type { detectorRegistry } from '../lint/detectors/index.js';
import type { TOKEN_VALUE_KINDS } from '../lint/detectors/token-value.js';
import type { DETECTOR_IDS } from './generated/detector-inputs.js';
import type { patternFields, ruleHandling, ruleIdentity } from './rule-fields.js';

export { CHECK_OBJECT_KEYS, DETECTOR_IDS, DETECTOR_INPUTS, PATTERN_FIELDS, type CheckObjectKey, type DetectorInputs } from './generated/detector-inputs.js';

export type DetectorId = (typeof DETECTOR_IDS)[number];

export const AUTOMATION_STATUSES = ['auto', 'covered-by-test', 'impossible-static', 'llm-judge-candidate', 'human-only'] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

export type TokenValueKind = (typeof TOKEN_VALUE_KINDS)[number];

/** Every field but the check objects: what every detector may read. */
export type RuleBase = CheckOf<z.ZodObject<typeof ruleIdentity & typeof patternFields & typeof ruleHandling>> & { readonly detector: DetectorId };

type Registry = typeof detectorRegistry;
type CheckOfDetector<D> = D extends { readonly meta: { readonly check?: infer Check } } ? Check : never;
type CheckKeyOf<D> = CheckOfDetector<D> extends { readonly key: infer Key extends string } ? Key : never;
type CheckSchemaOf<D> = CheckOfDetector<D> extends { readonly schema: infer Schema extends z.ZodType } ? Schema : never;

/** One optional field per check object of the registry: `htmlAttrCheck?`, `compositionCheck?`, … */
type CheckFields = { readonly [Id in keyof Registry as CheckKeyOf<Registry[Id]>]?: CheckOf<CheckSchemaOf<Registry[Id]>> };

export type Rule = RuleBase & CheckFields;

/** A rule the static checker runs; the rest are listed in the lint result's coverage. */
export function isAutomated(rule: Rule): boolean {
  return rule.detector !== 'manual' && rule.requiresContext !== true;
}
