import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectorInputsModule, rulesSchema, rulesSchemaText } from '../../scripts/rules-schema.js';
import { compiledContractValidators } from '../../scripts/write-schemas.js';
import { defineDetector, type DetectorDeclaration } from '../../src/lint/detector.js';
import { detectorRegistry } from '../../src/lint/detectors/index.js';

const root = new URL('../..', import.meta.url).pathname;
const committed = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('rules.schema.json and the detector table: generated from the detector registry (run npm run build)', () => {
  it('schemas/rules.schema.json is what the registry generates', () => {
    expect(committed('schemas/rules.schema.json')).toBe(rulesSchemaText());
  });

  it('src/contracts/generated/detector-inputs.ts is what the registry generates', () => {
    expect(committed('src/contracts/generated/detector-inputs.ts')).toBe(detectorInputsModule());
  });

  it('the compiled rules validator is compiled from that schema', () => {
    expect(committed('src/contracts/generated/contract-validators.js')).toBe(compiledContractValidators(root));
  });
});

describe('a detector that does not say what it is cannot be registered', () => {
  const { id, meta, prepare, run } = detectorRegistry['tailwind-class'];
  const withMeta = (changes: Record<string, unknown>) => ({ id, prepare, run, meta: { ...meta, ...changes } }) as unknown as DetectorDeclaration;
  const registryWith = (detector: DetectorDeclaration) => ({ ...detectorRegistry, [detector.id]: detector });

  it.each([
    { name: 'no docs', meta: { docs: undefined }, error: 'detector tailwind-class: needs meta.docs.description' },
    { name: 'an empty description', meta: { docs: { description: ' ' } }, error: 'detector tailwind-class: needs meta.docs.description' },
    { name: 'no messages', meta: { messages: undefined }, error: 'detector tailwind-class: needs meta.messages' },
    { name: 'empty messages', meta: { messages: {} }, error: 'detector tailwind-class: needs meta.messages' },
    { name: 'a check without a key', meta: { check: { schema: {} } }, error: 'detector tailwind-class: meta.check needs a key' },
    { name: 'nothing to read', meta: { patterns: [] }, error: 'detector tailwind-class: reads nothing' },
  ])('$name: defineDetector and the schema generator (so the build) throw', ({ meta: changes, error }) => {
    const detector = withMeta(changes);
    expect(() => defineDetector(detector as never)).toThrow(error);
    expect(() => rulesSchema(registryWith(detector))).toThrow(error);
  });

  it('the generator also throws on an entry keyed by another id, and on a check key used twice', () => {
    expect(() => rulesSchema({ ...detectorRegistry, 'tailwind-class': detectorRegistry.contrast })).toThrow('the entry "tailwind-class" holds detector contrast');
    const twin = { ...detectorRegistry['html-attr'], id: 'html-attr-twin' };
    expect(() => rulesSchema({ ...detectorRegistry, 'html-attr-twin': twin })).toThrow('detector html-attr-twin: its check key "htmlAttrCheck" is html-attr\'s');
  });
});
