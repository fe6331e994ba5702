import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { publishedSchemas } from '../../scripts/write-schemas.js';
import { starterFiles } from '../../src/project/init.js';

describe('published JSON Schemas', () => {
  const schemas = publishedSchemas();

  it.each(Object.keys(schemas))('schemas/%s is what the zod schema generates (run npm run build)', (file) => {
    expect(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), 'utf8')).toBe(schemas[file]);
  });

  it("validates the starter's config and policy, so editors complete them", () => {
    const files = starterFiles();
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    for (const [schema, file] of [
      ['dsctl.config.schema.json', 'dsctl.config.json'],
      ['policy.schema.json', 'design/policy.json'],
    ] as const) {
      const validate = ajv.compile(JSON.parse(schemas[schema] ?? '{}') as object);
      expect(validate(JSON.parse(files.get(file) ?? 'null')), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('rejects unknown keys in the config, as dsctl does', () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(schemas['dsctl.config.schema.json'] ?? '{}') as object);
    expect(validate({ lint: { inclde: [] } })).toBe(false);
  });
});
