import { z } from 'zod';
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../src/io/atomic-write.js';
import { ConfigSchema } from '../src/project/config-schema.js';
import { PolicySchema } from '../src/project/policy-schema.js';

/** The JSON Schemas published for editors, generated from the zod schemas dsctl validates with. */
export function publishedSchemas(): Record<string, string> {
  const render = (schema: z.ZodType, id: string) =>
    JSON.stringify({ ...z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }), $id: `https://dsctl.dev/schemas/${id}` }, null, 2) + '\n';
  return {
    'dsctl.config.schema.json': render(ConfigSchema, 'dsctl.config.schema.json'),
    'policy.schema.json': render(PolicySchema, 'policy.schema.json'),
  };
}

export function writeSchemas(root: string): void {
  for (const [file, text] of Object.entries(publishedSchemas())) {
    const path = join(root, 'schemas', file);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileAtomic(path, text);
  }
}
