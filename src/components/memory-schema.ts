import { z } from 'zod';

/*
 * The component loop's frozen memory (ADR-007): committed snapshots of what lives outside the repository
 * (a governance table, token usage counts, the design tool's variables), refreshed by a person. `dsctl
 * component sense` reads only these files, never a live API, so every run of the loop sees the same input.
 */

/** Project-relative folder of the memory files (the starter ships examples). */
export const MEMORY_DIR = 'design/memory';

export const MEMORY_FILES = {
  governance: 'governance.json',
  tokenUsage: 'token-usage.json',
  designToolVariables: 'design-tool-variables.json',
} as const;

export type MemoryKind = keyof typeof MEMORY_FILES;

const text = z.string().regex(/\S/, 'expected non-blank text');
const tokenPath = z.string().regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/, 'expected a dotted token path such as color.semantic.light.primary');
const timestamp = z.iso.datetime({ offset: true });

export const TOKEN_STATUSES = ['approved', 'proposed', 'deprecated'] as const;

/** `governance.json`: each token's status as the design-system team's governance table (Airtable, Notion, …) has it. */
export const GovernanceSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  source: text.describe('Where the table was exported from, for people.'),
  exportedAt: timestamp,
  tokens: z
    .record(
      tokenPath,
      z.strictObject({
        status: z.enum(TOKEN_STATUSES),
        successor: tokenPath.optional().describe('Deprecated tokens: the token to use instead.'),
        note: text.optional(),
      }),
    )
    .describe('Token path → its governance status.'),
});

/** `token-usage.json`: how often each token is used in the product (counted by a script, committed). */
export const TokenUsageSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  countedAt: timestamp,
  counts: z.record(tokenPath, z.number().int().min(0)),
});

/** `design-tool-variables.json`: the design tool's variables, captured by a person through its MCP server or plugin (no REST pull). */
export const DesignToolVariablesSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  tool: text.describe('figma, penpot, …'),
  capturedAt: timestamp.describe('When the snapshot was taken; older than 30 days is stale.'),
  variables: z.array(
    z.strictObject({
      name: text.describe("The variable's name in the design tool, e.g. color/primary."),
      token: tokenPath.optional().describe('The DTCG token it mirrors.'),
      mode: text.optional(),
      value: z.union([z.string(), z.number()]),
    }),
  ),
});

export type Governance = z.output<typeof GovernanceSchema>;
export type TokenUsage = z.output<typeof TokenUsageSchema>;
export type DesignToolVariables = z.output<typeof DesignToolVariablesSchema>;

export const MEMORY_SCHEMAS = {
  governance: GovernanceSchema,
  tokenUsage: TokenUsageSchema,
  designToolVariables: DesignToolVariablesSchema,
} as const;
