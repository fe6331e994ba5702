import { z } from 'zod';
import { patternFields, ruleHandling, ruleIdentity } from '../src/contracts/rule-fields.js';
import { assertDetector, type DetectorDeclaration } from '../src/lint/detector.js';
import { detectorRegistry, manualDetector } from '../src/lint/detectors/index.js';

/**
 * rules.schema.json and the zod-free detector table, generated from the detector registry: a
 * detector is declared once, in its module. Run by the build (scripts/write-schemas.ts); tests
 * compare the committed files with what this generates.
 */

type Registry = Readonly<Record<string, DetectorDeclaration>>;

const RULE_FIELDS = new Set(['detector', ...Object.keys({ ...ruleIdentity, ...patternFields, ...ruleHandling })]);

/** The registry's detectors, in its order; throws on what would make a wrong schema. */
function detectorsOf(registry: Registry): DetectorDeclaration[] {
  const keys = new Map<string, string>();
  return Object.entries(registry).map(([id, detector]) => {
    assertDetector(detector);
    if (detector.id !== id) throw new Error(`detector registry: the entry "${id}" holds detector ${detector.id}; key it by its id`);
    if (id === manualDetector.id) throw new Error(`detector registry: "${id}" is the detector without a module; it cannot be registered`);
    const key = detector.meta.check?.key;
    if (key !== undefined) {
      if (RULE_FIELDS.has(key)) throw new Error(`detector ${id}: its check key "${key}" is a rule field`);
      const other = keys.get(key);
      if (other) throw new Error(`detector ${id}: its check key "${key}" is ${other}'s`);
      keys.set(key, id);
    }
    return detector;
  });
}

/** The JSON Schema of rules.json. */
export function rulesSchema(registry: Registry = detectorRegistry): Record<string, unknown> {
  const detectors = detectorsOf(registry);
  const ids = [...detectors.map((d) => d.id), manualDetector.id];
  const docs = [...detectors.map((d) => `${d.id}: ${d.meta.docs.description}`), `${manualDetector.id}: ${manualDetector.docs.description}`];
  const readers = (field: string) => detectors.filter((d) => (d.meta.patterns as readonly string[]).includes(field)).map((d) => d.id);
  const patterns = Object.fromEntries(
    Object.entries(patternFields).map(([field, schema]) => [field, schema.describe(`${schema.description ?? ''} Read by ${readers(field).join(', ') || 'no detector'}.`)]),
  );
  const checks = Object.fromEntries(
    detectors.flatMap(({ id, meta: { check, docs } }) =>
      check ? [[check.key, check.schema.meta({ id: check.key }).optional().describe(`What ${id} checks: ${docs.description}`)]] : [],
    ),
  );
  const rule = z
    .strictObject({
      ...ruleIdentity,
      detector: z.enum(ids).describe(`The detector that checks the rule, and what it reports. ${docs.join(' ')}`),
      ...patterns,
      ...checks,
      ...ruleHandling,
    })
    .meta({ id: 'rule' });
  const document = z.strictObject({
    $schema: z.string().optional(),
    version: z.string().min(1).describe('Version of this rule set (free form, e.g. semver).'),
    rules: z.array(rule),
  });
  const { $schema, ...schema } = z.toJSONSchema(document, { io: 'input', target: 'draft-2020-12', unrepresentable: 'throw', override: adjust });
  return {
    $schema,
    $id: 'https://dsctl.dev/schemas/rules.schema.json',
    title: 'dsctl design-system rules',
    description: 'The lint rules of a design system. Each rule names one detector and the check object that detector reads.',
    ...schema,
  };
}

/** zod's JSON Schema, shaped for the errors dsctl check prints (src/diagnostics/schema-issues.ts). */
function adjust({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  // Beside a const or an enum, a type says nothing more but makes a wrong value two errors.
  if ('const' in jsonSchema || 'enum' in jsonSchema) delete jsonSchema.type;
  // ajv's discriminator: an unknown kind is one error naming the kinds, not one per branch.
  const def = zodSchema._zod.def;
  if (def.type === 'union' && 'discriminator' in def && typeof def.discriminator === 'string') {
    Object.assign(jsonSchema, { type: 'object', required: [def.discriminator], discriminator: { propertyName: def.discriminator } });
  }
}

export function rulesSchemaText(registry: Registry = detectorRegistry): string {
  return `${JSON.stringify(rulesSchema(registry), null, 2)}\n`;
}

/** src/contracts/generated/detector-inputs.ts: what contract checks and get_rules read, without the linter or zod. */
export function detectorInputsModule(registry: Registry = detectorRegistry): string {
  const detectors = detectorsOf(registry);
  const list = (items: readonly string[]) => `[${items.map((item) => `'${item}'`).join(', ')}]`;
  const key = (id: string) => (/^[a-z]+$/.test(id) ? id : `'${id}'`);
  const inputs = [
    ...detectors.map(({ id, meta: { check, patterns } }) => `  ${key(id)}: { ${check ? `check: '${check.key}', ` : ''}patterns: ${list(patterns)} },`),
    `  ${key(manualDetector.id)}: { patterns: [] },`,
  ];
  return [
    '// Generated by scripts/write-schemas.ts from the detector registry (src/lint/detectors/index.ts). Do not edit.',
    '',
    '/** Every detector id of rules.json: the registry\'s, in its order, then the one without a module. */',
    `export const DETECTOR_IDS = ${list([...detectors.map((d) => d.id), manualDetector.id])} as const;`,
    `export const CHECK_OBJECT_KEYS = ${list(detectors.flatMap((d) => (d.meta.check ? [d.meta.check.key] : [])))} as const;`,
    `export const PATTERN_FIELDS = ${list(Object.keys(patternFields))} as const;`,
    '',
    'export type CheckObjectKey = (typeof CHECK_OBJECT_KEYS)[number];',
    '',
    '/** What a detector reads: the check object it needs, and the pattern fields it accepts. */',
    'export interface DetectorInputs {',
    '  readonly check?: CheckObjectKey;',
    '  readonly patterns: readonly (typeof PATTERN_FIELDS)[number][];',
    '}',
    '',
    'export const DETECTOR_INPUTS: Readonly<Record<(typeof DETECTOR_IDS)[number], DetectorInputs>> = {',
    ...inputs,
    '};',
    '',
  ].join('\n');
}
