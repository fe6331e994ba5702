import type { ChangeView } from './change-view.js';
import type { SoftGateDetail, SoftGateNeeds } from './define.js';
import type { EnabledSoftGate } from './enabled.js';

/** A finding of a soft gate: a person decides (`needs`), and, when `blocking`, the check fails until they do. */
export interface SoftGateFlag {
  readonly kind: 'soft';
  readonly gate: string;
  readonly path: string;
  readonly reason: string;
  readonly needs: SoftGateNeeds;
  readonly blocking: boolean;
  readonly detail?: SoftGateDetail;
}

/** An enabled gate that could not run with its options, and why: said, never a silent pass. */
export interface SkippedSoftGate {
  readonly gate: string;
  readonly reason: string;
}

export function runSoftGates(gates: readonly EnabledSoftGate[], change: ChangeView): { soft: SoftGateFlag[]; skipped: SkippedSoftGate[] } {
  const soft: SoftGateFlag[] = [];
  const skipped: SkippedSoftGate[] = [];
  for (const { gate, options } of gates) {
    const why = gate.cannotRun(options);
    if (why !== undefined) {
      skipped.push({ gate: gate.id, reason: why });
      continue;
    }
    for (const f of gate.detect(change, options)) {
      soft.push({ kind: 'soft', gate: gate.id, path: f.path, reason: f.reason, needs: gate.meta.needs, blocking: options.blocking, ...(f.detail === undefined ? {} : { detail: f.detail }) });
    }
  }
  return { soft, skipped };
}
