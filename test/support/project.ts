import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initProject } from '../../src/project/init.js';
import { tempDir } from './temp-dir.js';

/** A temp folder holding a fresh copy of the starter. */
export function starterProject(): string {
  const dir = tempDir('dsctl-starter-');
  initProject(dir);
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
