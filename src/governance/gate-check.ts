import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedPolicy } from '../project/policy.js';
import { git as runGit, gitShow } from '../io/git.js';
import { onlyGeneratedRegionsChanged } from '../views/two-layered.js';
import { createGateMatcher } from './gates.js';

/** A changed path as git reports it: renames carry both sides, deletions count as writes. */
export interface Change {
  readonly status: 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'changed';
  readonly path: string;
  readonly from?: string;
}

export interface GateViolation {
  readonly kind: 'hard';
  readonly gate: string;
  readonly reason: string;
  readonly path: string;
  readonly change: Change['status'];
}

export interface SoftGateFlag {
  readonly kind: 'soft';
  readonly gate: 'test-weakening';
  readonly path: string;
  readonly reason: string;
}

export interface GateCheckResult {
  readonly changes: readonly Change[];
  readonly hard: readonly GateViolation[];
  readonly soft: readonly SoftGateFlag[];
}

type Source = { readonly kind: 'staged' } | { readonly kind: 'range'; readonly from: string; readonly to: string } | { readonly kind: 'paths'; readonly paths: readonly string[] };

const STATUS: Readonly<Record<string, Change['status']>> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'copied', T: 'changed' };
const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const ASSERTION = /\bexpect\s*\(|\bassert\w*\s*[.(]/g;

function changesFromGit(root: string, args: string[]): Change[] {
  const fields = runGit(root, ['diff', '--name-status', '-z', '-M', ...args], 'gate/git').split('\0').filter((f) => f !== '');
  const changes: Change[] = [];
  for (let i = 0; i < fields.length; ) {
    const code = fields[i++] ?? '';
    const status = STATUS[code[0] ?? ''] ?? 'changed';
    if (status === 'renamed' || status === 'copied') {
      const from = fields[i++] ?? '';
      changes.push({ status, path: fields[i++] ?? '', from });
    } else {
      changes.push({ status, path: fields[i++] ?? '' });
    }
  }
  return changes;
}

/**
 * The third layer of enforcement: which changes touch a hard gate (exit 1 in the CLI), and which
 * weaken tests (a soft gate: a person decides). Generated-region-only edits of two-layered files pass.
 */
export function checkGates(loaded: LoadedPolicy, source: Source): GateCheckResult {
  const { root } = loaded;
  const top = source.kind === 'paths' ? root : runGit(root, ['rev-parse', '--show-toplevel'], 'gate/git').trim();
  const changes: Change[] =
    source.kind === 'staged'
      ? changesFromGit(top, ['--cached'])
      : source.kind === 'range'
        ? changesFromGit(top, [source.from, source.to])
        : source.paths.map((path) => ({ status: 'modified' as const, path }));
  const before = (path: string) => (source.kind === 'staged' ? gitShow(top, 'HEAD', path) : source.kind === 'range' ? gitShow(top, source.from, path) : undefined);
  const after = (path: string) => (source.kind === 'staged' ? gitShow(top, '', path) : source.kind === 'range' ? gitShow(top, source.to, path) : existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined);

  const matcher = createGateMatcher(root, loaded.policy);
  const hard: GateViolation[] = [];
  const soft: SoftGateFlag[] = [];
  for (const change of changes) {
    for (const path of change.from === undefined ? [change.path] : [change.from, change.path]) {
      const hit = matcher.match(join(top, path));
      if (!hit) continue;
      if (hit.gate.allowGeneratedRegions && change.status === 'modified' && source.kind !== 'paths') {
        const a = before(path);
        const b = after(path);
        if (a !== undefined && b !== undefined && onlyGeneratedRegionsChanged(path, a, b)) continue;
      }
      hard.push({ kind: 'hard', gate: hit.gate.id, reason: hit.gate.reason, path, change: change.status });
    }
    if (TEST_FILE.test(change.path) || (change.from !== undefined && TEST_FILE.test(change.from))) {
      if (change.status === 'deleted') {
        soft.push({ kind: 'soft', gate: 'test-weakening', path: change.path, reason: 'a test file is deleted' });
      } else if (source.kind !== 'paths') {
        const was = (before(change.from ?? change.path) ?? '').match(ASSERTION)?.length ?? 0;
        const now = (after(change.path) ?? '').match(ASSERTION)?.length ?? 0;
        if (now < was) soft.push({ kind: 'soft', gate: 'test-weakening', path: change.path, reason: `assertions go down from ${was} to ${now}` });
      }
    }
  }
  return { changes, hard, soft };
}
