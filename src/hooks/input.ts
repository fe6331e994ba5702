/**
 * Hook input: a JSON object whose fields vary by agent and version. Only the fields dsctl reads are
 * checked, each for its type; everything else is ignored. (Plain checks, not zod: the hooks run on
 * every tool call and must start in a few milliseconds.)
 */
export type HookInput = Readonly<Record<string, unknown>>;

export function parseHookInput(stdin: string): HookInput | undefined {
  try {
    const value: unknown = JSON.parse(stdin);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as HookInput) : undefined;
  } catch {
    return undefined;
  }
}

export const text = (input: HookInput, key: string): string | undefined => (typeof input[key] === 'string' ? (input[key] as string) : undefined);

export const record = (input: HookInput, key: string): Record<string, unknown> => {
  const value = input[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};
