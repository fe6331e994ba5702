import { isUserError } from '../diagnostics/user-error.js';
import { locateConfig } from '../project/config-discovery.js';
import { loadPolicy, type LoadedPolicy } from '../project/policy.js';
import { dirname } from 'node:path';
import type { DoctorCheck, DoctorContext, DoctorFinding } from './check.js';
import { CHECKS } from './registry.js';

export interface DoctorCheckResult {
  readonly id: string;
  readonly description: string;
  /** `skipped`: nothing to check here (an integration that is not installed), with why. */
  readonly status: 'ok' | 'problems' | 'warnings' | 'skipped';
  readonly skipped?: string;
  readonly findings: readonly DoctorFinding[];
}

export interface DoctorReport {
  /** No finding of severity error. */
  readonly ok: boolean;
  readonly root: string;
  readonly errorCount: number;
  readonly warnCount: number;
  readonly checks: readonly DoctorCheckResult[];
}

export interface DoctorOptions {
  readonly cwd: string;
  readonly configPath?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly platform?: NodeJS.Platform;
  readonly nodeVersion?: string;
  readonly mcpTimeoutMs?: number;
  /** Start no process (no launcher run, no MCP boot): the quick pass after `init` and `hooks install`. */
  readonly quick?: boolean;
  /** Only these checks (ids), e.g. in tests; all by default. */
  readonly only?: readonly string[];
  readonly checks?: readonly DoctorCheck[];
}

/**
 * Runs every doctor check on the project around `cwd` and returns what each found. No project
 * (no dsctl.config.json) is a UserError; a config or policy that does not load is a finding of the
 * `project` check, and the checks that need them say they were skipped.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const configPath = locateConfig({ cwd: options.cwd, configPath: options.configPath });
  const root = dirname(configPath);
  let loaded: LoadedPolicy | undefined;
  try {
    loaded = await loadPolicy({ cwd: options.cwd, configPath: options.configPath });
  } catch (error) {
    if (!isUserError(error)) throw error;
  }
  const ctx: DoctorContext = {
    root,
    configPath,
    env: options.env ?? process.env,
    platform: options.platform ?? process.platform,
    nodeVersion: options.nodeVersion ?? process.versions.node,
    mcpTimeoutMs: options.mcpTimeoutMs ?? 20_000,
    processes: options.quick !== true,
    loaded,
  };
  const checks = (options.checks ?? CHECKS).filter((c) => options.only === undefined || options.only.includes(c.id));
  const results: DoctorCheckResult[] = [];
  for (const check of checks) results.push(await runCheck(check, ctx));
  const all = results.flatMap((r) => r.findings);
  const errorCount = all.filter((f) => f.severity === 'error').length;
  return { ok: errorCount === 0, root, errorCount, warnCount: all.length - errorCount, checks: results };
}

async function runCheck(check: DoctorCheck, ctx: DoctorContext): Promise<DoctorCheckResult> {
  const base = { id: check.id, description: check.meta.docs.description };
  const skipped = check.skip?.(ctx);
  if (skipped !== undefined) return { ...base, status: 'skipped', skipped, findings: [] };
  let findings: readonly DoctorFinding[];
  try {
    findings = await check.run(ctx);
  } catch (error) {
    // A file a check reads is broken in a way it did not expect: say so, with the place, and go on.
    if (!isUserError(error)) throw error;
    const where = error.location;
    findings = [{ code: 'unreadable', severity: 'error', message: error.message, fix: 'fix the file it names, then run `dsctl doctor` again', ...(where?.file ? { file: where.file } : {}), ...(where?.line ? { line: where.line, column: where.column ?? 1 } : {}) }];
  }
  return { ...base, status: findings.some((f) => f.severity === 'error') ? 'problems' : findings.length ? 'warnings' : 'ok', findings };
}
