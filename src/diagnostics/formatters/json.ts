import { defineFormatter } from '../results.js';

/** The one machine-readable shape of every command's output (ARCHITECTURE.md §3). */
export function envelopeText(command: string, ok: boolean, data: unknown): string {
  return JSON.stringify({ type: `dsctl/${command}`, ok, data }, null, 2) + '\n';
}

export const formatter = defineFormatter({
  id: 'json',
  meta: { docs: 'One JSON envelope `{type: "dsctl/<command>", ok, data}` on stdout; `--json` is the same.' },
  format: (_results, context) => envelopeText(context.command, context.ok, context.data),
});
