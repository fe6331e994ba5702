import { join } from 'node:path';
import type { z } from 'zod';
import { zodIssuesToProblems } from '../../diagnostics/schema-issues.js';
import type { LoadedPolicy } from '../../project/policy.js';
import { invalidFileError, readJsonDocument } from '../../project/read-json.js';
import type { SoftGate, SoftGateOptions } from './define.js';
import { softGateById, unknownSoftGate } from './index.js';

export interface EnabledSoftGate {
  readonly gate: SoftGate;
  /** Its options, checked and with defaults filled in. */
  readonly options: SoftGateOptions;
}

/**
 * The soft gates policy.softGates turns on, in policy order, with their options. The policy schema
 * already checks ids and option shapes; the hooks' fast path cannot run the checks zod adds (a pattern
 * that does not compile), so they run again here, where the options are used. Problems point into the
 * policy file like every policy error.
 */
export function enabledSoftGates(loaded: LoadedPolicy): EnabledSoftGate[] {
  const issues: z.core.$ZodIssue[] = [];
  const enabled: EnabledSoftGate[] = [];
  const first = new Map<string, number>();
  loaded.policy.softGates.forEach((entry, index) => {
    const at = ['softGates', index];
    const gate = softGateById(entry.id);
    if (gate === undefined) {
      issues.push({ code: 'custom', path: [...at, 'id'], message: unknownSoftGate(entry.id) });
      return;
    }
    const earlier = first.get(gate.id);
    if (earlier !== undefined) {
      issues.push({ code: 'custom', path: [...at, 'id'], message: `soft gate "${gate.id}" is listed twice (first at /softGates/${earlier})` });
      return;
    }
    first.set(gate.id, index);
    const parsed = gate.meta.options.safeParse(entry.options ?? {});
    if (parsed.success) enabled.push({ gate, options: parsed.data as SoftGateOptions });
    else issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path: [...at, 'options', ...issue.path] })));
  });
  if (issues.length === 0) return enabled;
  const file = loaded.config.policy;
  const doc = readJsonDocument(join(loaded.root, file), file, 'policy file');
  throw invalidFileError('policy/invalid', `${doc.file}: invalid policy`, zodIssuesToProblems(issues, doc, 'policy/invalid'), doc.text);
}
