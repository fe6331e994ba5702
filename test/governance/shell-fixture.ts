import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createToolGuard, type ToolDecision } from '../../src/governance/tool-guard.js';
import { loadPolicy } from '../../src/project/policy.js';
import { editJson, sharedStarterProject } from '../support/project.js';

export type Want = 'allow' | 'deny' | 'ask';
export interface Case {
  readonly command: string;
  readonly want: Want;
}

/**
 * A starter project as the shell tables need it: package.json with scripts (one that writes a gated
 * file), a pointer gate on the scripts CI runs, scripts on disk that do and do not write gated files,
 * source files, and links made "in an earlier call" to a gated file and a gated folder.
 */
export function shellTableProject(): string {
  const dir = sharedStarterProject();
  editJson<{ scripts: Record<string, string> }>(dir, 'package.json', (pkg) => {
    pkg.scripts = { ...pkg.scripts, build: 'tsc -p .', test: 'vitest run', lint: 'eslint src', evil: 'echo x > AGENTS.md', sneaky: 'bash evil.sh' };
  });
  editJson<{ hardGates: { id: string; paths: string[]; reason: string }[] }>(dir, 'design/policy.json', (policy) => {
    policy.hardGates.push({ id: 'ci-scripts', paths: ['package.json#/scripts/design:drift', 'package.json#/scripts/design:check'], reason: 'CI runs these scripts.' });
  });
  mkdirSync(join(dir, 'src/components'), { recursive: true });
  writeFileSync(join(dir, 'src/app.tsx'), 'export const App = () => null;\n');
  writeFileSync(join(dir, 'src/a.css'), '.a { color: red; }\n');
  writeFileSync(join(dir, 'evil.sh'), 'echo x > AGENTS.md\n', { mode: 0o755 });
  writeFileSync(join(dir, 'ok.sh'), '#!/bin/sh\necho hi > /tmp/dsctl-ok.txt\nls src\n', { mode: 0o755 });
  writeFileSync(join(dir, 'writer.js'), "require('fs').writeFileSync('DESIGN.md', 'x');\n");
  writeFileSync(join(dir, 'writer.py'), "open('AGENT' + 'S.md', 'w').write('x')\n");
  writeFileSync(join(dir, 'broken.sh'), 'if true; then\n  echo x > AGENTS.md\n');
  writeFileSync(join(dir, 'report.js'), "console.log(require('./package.json').name);\n");
  writeFileSync(join(dir, 'tool.bin'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]));
  chmodSync(join(dir, 'tool.bin'), 0o755);
  symlinkSync(join(dir, 'design/contracts/rules.json'), join(dir, 'link-to-rules'));
  symlinkSync(join(dir, 'design/contracts'), join(dir, 'link-to-contracts'));
  return dir;
}

export async function decide(dir: string, command: string, cwd = dir): Promise<ToolDecision> {
  return createToolGuard(await loadPolicy({ cwd: dir })).decide({ kind: 'shell', command }, cwd);
}
