import type { SandboxPlan } from './protected-paths.js';

/**
 * A Seatbelt profile for macOS's `sandbox-exec -p`: everything allowed but writes below the protected
 * paths. Seatbelt matches paths, so unlike a mount it also covers a protected file that does not exist
 * yet (the residual literal paths). It has no PID namespace: the caller kills the process group.
 */
export function seatbeltProfile(plan: SandboxPlan): string {
  const rules = plan.readOnly.map((p) => `  (subpath ${quote(p.path)})`);
  for (const gate of plan.residual) {
    for (const pattern of gate.paths) {
      if (pattern.includes('#/') || /[*?[\]{}()!]/.test(pattern)) continue;
      rules.push(`  (literal ${quote(`${plan.root}/${pattern}`)})`);
    }
  }
  return ['(version 1)', '(allow default)', ...(rules.length ? ['(deny file-write*', ...rules, ')'] : [])].join('\n') + '\n';
}

/** A Scheme string literal. */
function quote(path: string): string {
  return `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
