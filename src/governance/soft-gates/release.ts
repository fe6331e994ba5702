import { z } from 'zod';
import { defineSoftGate, globsOption, type SoftGateFinding } from './define.js';
import { jsonSides } from './json-sides.js';
import { globMatcher, touches } from './match.js';

const versionOf = (value: unknown): unknown => (typeof value === 'object' && value !== null ? (value as { version?: unknown }).version : undefined);

export const gate = defineSoftGate({
  id: 'release',
  meta: {
    docs: 'A version bump (the "version" of a package manifest changes), or a change to the release notes or a release workflow. Publishing, deploying, and commits or pushes to a protected branch are not in a diff: they are for a person, as is the decision to release.',
    needs: 'approval',
    blocking: true,
    stuck: 'a change prepares a release',
    question: 'Is this release (version, notes, release workflow) a person\'s decision that was made?',
    options: z.strictObject({
      versionFiles: globsOption('Project-relative globs of JSON manifests whose "version" is compared.').default(['package.json']),
      files: globsOption('Project-relative globs of release files: notes and release workflows.').default([
        'CHANGELOG.md',
        '.github/workflows/release*.{yml,yaml}',
        '.github/workflows/publish*.{yml,yaml}',
        '.github/workflows/deploy*.{yml,yaml}',
      ]),
    }),
  },
  detect(change, options) {
    const manifest = globMatcher(change, options.versionFiles);
    const release = globMatcher(change, options.files);
    const out: SoftGateFinding[] = [];
    for (const c of change.changes) {
      if (touches(c, release)) out.push({ path: c.path, reason: `a release file is ${c.status}`, detail: { change: c.status } });
      if (!change.compares || c.status === 'deleted' || c.status === 'added' || !manifest(c.path)) continue;
      const { before, after } = jsonSides(change, c, c.path);
      if (before.state === 'invalid' || after.state === 'invalid') {
        out.push({ path: c.path, reason: `the manifest is not valid JSON ${before.state === 'invalid' ? 'before' : 'after'} the change: whether its version changes cannot be told`, detail: { change: 'unreadable' } });
        continue;
      }
      const was = before.state === 'ok' ? versionOf(before.value) : undefined;
      const now = after.state === 'ok' ? versionOf(after.value) : undefined;
      if (was !== now) out.push({ path: c.path, reason: `the version changes: ${JSON.stringify(was ?? null)} → ${JSON.stringify(now ?? null)}`, detail: { change: 'version', before: String(was ?? ''), after: String(now ?? '') } });
    }
    return out;
  },
});
