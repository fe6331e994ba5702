import type { Detector } from '../../contracts/rule-types.js';
import type { DetectorModule } from '../detector.js';
import { detector as composition } from './composition.js';
import { detector as contrast } from './contrast.js';
import { detector as htmlAttr } from './html-attr.js';
import { detector as tailwindClass } from './tailwind-class.js';
import { detector as tailwindClassPrefix } from './tailwind-class-prefix.js';
import { detector as tailwindClassSegment } from './tailwind-class-segment.js';
import { detector as tokenValue } from './token-value.js';

/** Every detector kind of rules.json, by id (= file name). `manual` has none: it is never run. */
export const DETECTORS: Readonly<Record<Exclude<Detector, 'manual'>, DetectorModule<any>>> = {
  composition,
  contrast,
  'html-attr': htmlAttr,
  'tailwind-class': tailwindClass,
  'tailwind-class-prefix': tailwindClassPrefix,
  'tailwind-class-segment': tailwindClassSegment,
  'token-value': tokenValue,
};
