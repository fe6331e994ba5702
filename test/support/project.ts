import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { initProject, type StarterOptions } from '../../src/project/init.js';
import { tempDir } from './temp-dir.js';

/**
 * A temp folder holding a fresh copy of the starter, as `dsctl init` writes it (with its React library;
 * `{ components: 'none' }` for the design system alone).
 */
export function starterProject(options: StarterOptions = {}): string {
  const dir = tempDir('dsctl-starter-');
  initProject(dir, options);
  return dir;
}

export function readJson<T = unknown>(dir: string, rel: string): T {
  return JSON.parse(readFileSync(join(dir, rel), 'utf8')) as T;
}

export function writeJson(dir: string, rel: string, value: unknown): void {
  writeFileSync(join(dir, rel), JSON.stringify(value, null, 2) + '\n');
}

/** Reads a JSON file of the project, lets `edit` change it, writes it back. */
export function editJson<T = Record<string, unknown>>(dir: string, rel: string, edit: (value: T) => void): void {
  const value = readJson<T>(dir, rel);
  edit(value);
  writeJson(dir, rel, value);
}

/** A starter project shared by every test of a file (made once, removed after the file). */
export function sharedStarterProject(options: StarterOptions = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsctl-shared-'));
  initProject(dir, options);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
