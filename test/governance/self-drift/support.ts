import type { SelfDriftCheck, SelfDriftContext, SelfDriftFiles } from '../../../src/governance/self-drift/check.js';
import { ConfigSchema } from '../../../src/project/config-schema.js';
import { starterFiles } from '../../../src/project/init.js';
import { PolicySchema } from '../../../src/project/policy-schema.js';
import type { DriftFinding } from '../../../src/views/finding.js';

// The CLI's command table as `dsctl` builds it (see commandTable in src/cli/run.ts).
export const COMMANDS: ReadonlySet<string> = new Set(['init', 'check', 'lint', 'build', 'drift', 'workflows', 'run', 'run resume', 'mcp', 'gate', 'gate check', 'hook', 'hooks', 'hooks install', 'audit', 'audit verify', 'audit tail', 'triage', 'learn', 'learn propose', 'learn list', 'demo']);

export const PLAYBOOK = 'docs/loop-playbook.md';
export const POLICY = 'design/policy.json';
export const CONFIG = 'dsctl.config.json';

/** An in-memory reader that remembers which paths were read. */
export function memoryFiles(files: Readonly<Record<string, string>> | ReadonlyMap<string, string> = {}): SelfDriftFiles & { readonly reads: string[] } {
  const map = files instanceof Map ? files : new Map(Object.entries(files));
  const reads: string[] = [];
  return {
    reads,
    read(path) {
      reads.push(path);
      return map.get(path);
    },
  };
}

/** A context over a minimal policy (no gates, no CI, no red team) with `policy` merged in, as policy.json would say it. */
export function context(policy: Record<string, unknown> = {}, rest: Partial<Omit<SelfDriftContext, 'policy'>> = {}): SelfDriftContext {
  const { lint } = ConfigSchema.parse({});
  return {
    policy: PolicySchema.parse({ version: '1', hardGates: [], ...policy }),
    paths: { playbook: PLAYBOOK, policy: POLICY, config: CONFIG },
    lint: { include: lint.include, exclude: lint.exclude },
    commands: COMMANDS,
    ...rest,
  };
}

/** The starter's files in memory, and the context its config and policy give. */
export function starter(): { files: Map<string, string>; context: SelfDriftContext } {
  const files = starterFiles();
  const config = ConfigSchema.parse(JSON.parse(files.get(CONFIG) ?? '{}'));
  return {
    files,
    context: {
      policy: PolicySchema.parse(JSON.parse(files.get(POLICY) ?? '{}')),
      paths: { playbook: config.views['playbook-sections'].path, policy: config.policy, config: CONFIG },
      lint: { include: config.lint.include, exclude: config.lint.exclude },
      commands: COMMANDS,
    },
  };
}

/** [code, line] of each finding: what the tables compare. */
export const brief = (findings: readonly DriftFinding[]) => findings.map((f): [string, number?] => (f.line === undefined ? [f.code] : [f.code, f.line]));

/** Runs one check and returns its findings' [code, line]. */
export const runBrief = (check: SelfDriftCheck, files: SelfDriftFiles, ctx: SelfDriftContext) => brief(check.run(files, ctx));
