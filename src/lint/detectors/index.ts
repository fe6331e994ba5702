import { detector as composition } from './composition.js';
import { detector as contrast } from './contrast.js';
import { detector as htmlAttr } from './html-attr.js';
import { detector as tailwindClass } from './tailwind-class.js';
import { detector as tailwindClassPrefix } from './tailwind-class-prefix.js';
import { detector as tailwindClassSegment } from './tailwind-class-segment.js';
import { detector as tailwindUnknownClass } from './tailwind-unknown-class.js';
import { detector as tokenValue } from './token-value.js';

/**
 * Every detector of rules.json, by id (= file name). rules.schema.json, the compiled validators and
 * src/contracts/generated/detector-inputs.ts are generated from it (scripts/rules-schema.ts).
 *
 * Sorted by what they read: class names, then the DOM, then CSS values. The order is published (the
 * detector enum of rules.schema.json, get_rules' input schema, "expected one of" errors): add a new
 * detector at the end.
 */
export const detectorRegistry = {
  'tailwind-class': tailwindClass,
  'tailwind-class-prefix': tailwindClassPrefix,
  'tailwind-class-segment': tailwindClassSegment,
  'html-attr': htmlAttr,
  composition,
  'token-value': tokenValue,
  contrast,
  'tailwind-unknown-class': tailwindUnknownClass,
};

/**
 * The detector id with no module: its rules are for a person or a test. lint() lists them in its
 * coverage and never runs them (isAutomated); the id list ends with it.
 */
export const manualDetector = {
  id: 'manual',
  docs: { description: 'No static check: a person, a test or a model judges the rule; automationStatus says which.' },
} as const;
