import { z } from 'zod';
import type { SoftGate } from './define.js';
import { SOFT_GATES, unknownSoftGate } from './index.js';

/**
 * A gate's options as policy.json spells them: the same keys and checks, each optional, its default shown
 * to editors but not filled in. The hooks read the policy through validators compiled from this schema,
 * which cannot fill defaults inside a union; so neither does zod, and both read the same policy. The gate
 * check fills them (enabled.ts).
 */
function asWritten(options: z.ZodObject): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(options.shape).map(([key, field]) => {
      if (!(field instanceof z.ZodDefault)) return [key, field];
      const inner = field.def.innerType as z.ZodType;
      return [key, inner.optional().meta({ ...inner.meta(), ...field.meta(), default: field.def.defaultValue as never })];
    }),
  );
  return z.strictObject(shape);
}

function entry(gate: SoftGate) {
  return z
    .strictObject({
      id: z.literal(gate.id),
      description: z.string().min(1).describe('What a person decides, in the words of this project.'),
      options: asWritten(gate.meta.options).optional().describe(`Options of ${gate.id}.`),
    })
    .describe(gate.meta.docs);
}

const [first, ...rest] = SOFT_GATES.map(entry);

/** An entry of policy.softGates: one per gate id, with that gate's options. */
export const SoftGateEntrySchema = z.discriminatedUnion('id', [first as ReturnType<typeof entry>, ...rest], {
  error: (issue) => (issue.code === 'invalid_union' ? unknownSoftGate((issue.input as { id?: unknown } | undefined)?.id) : undefined),
});
