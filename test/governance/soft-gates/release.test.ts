import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/governance/soft-gates/release.js';
import { memoryView, type MemoryChange } from './memory-view.js';
import { findings } from './run-gate.js';

const pkg = (version: string, extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'app', version, ...extra });

describe('soft gate release', () => {
  it.each<{ name: string; view: MemoryChange; options?: Record<string, unknown>; want: string[] }>([
    { name: 'a version bump', view: { before: { 'package.json': pkg('0.1.0') }, after: { 'package.json': pkg('0.2.0') } }, want: ['package.json: the version changes: "0.1.0" → "0.2.0"'] },
    { name: 'a dependency added is not a release', view: { before: { 'package.json': pkg('0.1.0') }, after: { 'package.json': pkg('0.1.0', { dependencies: { a: '1' } }) } }, want: [] },
    { name: 'a version removed', view: { before: { 'package.json': pkg('0.1.0') }, after: { 'package.json': '{"name":"app"}' } }, want: ['package.json: the version changes: "0.1.0" → null'] },
    { name: 'a manifest that is no longer JSON', view: { before: { 'package.json': pkg('0.1.0') }, after: { 'package.json': '{' } }, want: ['package.json: the manifest is not valid JSON after the change: whether its version changes cannot be told'] },
    { name: 'a new or deleted manifest is not a bump', view: { before: { 'old/package.json': pkg('1.0.0') }, after: { 'package.json': pkg('1.0.0') } }, options: { versionFiles: ['**/package.json'] }, want: [] },
    { name: 'the changelog', view: { before: { 'CHANGELOG.md': 'a' }, after: { 'CHANGELOG.md': 'b' } }, want: ['CHANGELOG.md: a release file is modified'] },
    { name: 'a release workflow added', view: { after: { '.github/workflows/release.yml': 'on: push' } }, want: ['.github/workflows/release.yml: a release file is added'] },
    { name: 'another workflow', view: { after: { '.github/workflows/test.yml': 'on: push' } }, want: [] },
    { name: 'options name the files', view: { before: { 'pkgs/a/package.json': pkg('1.0.0'), 'NEWS.md': 'a', 'CHANGELOG.md': 'a' }, after: { 'pkgs/a/package.json': pkg('1.0.1'), 'NEWS.md': 'b', 'CHANGELOG.md': 'b' } }, options: { versionFiles: ['pkgs/*/package.json'], files: ['NEWS.md'] }, want: ['NEWS.md: a release file is modified', 'pkgs/a/package.json: the version changes: "1.0.0" → "1.0.1"'] },
    { name: 'explicit paths: the notes count, versions cannot be compared', view: { after: { 'CHANGELOG.md': 'b', 'package.json': pkg('9.0.0') }, changes: [{ status: 'modified', path: 'CHANGELOG.md' }, { status: 'modified', path: 'package.json' }], compares: false }, want: ['CHANGELOG.md: a release file is modified'] },
  ])('$name', ({ view, options, want }) => {
    expect(findings(gate, memoryView(view), options).sort()).toEqual(want);
  });
});
