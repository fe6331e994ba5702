import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isGitWorkTree } from '../../io/git.js';
import { preCommitHook } from '../../project/pre-commit-hook.js';
import { AGENT_HOOK_MESSAGES, programFindings } from '../agent-hooks.js';
import { reporter, type DoctorCheck, type DoctorFinding } from '../check.js';
import { commandProgram } from '../command-program.js';
import { relativeInside } from '../../io/paths.js';

const GATE = /gate\s+check\b[^\n]*--staged/;

export const check: DoctorCheck = {
  id: 'git-hook',
  meta: {
    docs: { description: 'the git pre-commit hook git really runs (core.hooksPath, husky included) runs `dsctl gate check --staged`' },
    messages: {
      ...Object.fromEntries(Object.entries(AGENT_HOOK_MESSAGES).filter(([id]) => id.startsWith('command-') || id === 'not-launcher').map(([id, m]) => [id, { ...m, fix: m.fix.replace(/--\{agent\}/g, '--git') }])),
      'not-a-repo': { message: 'the project is not in a git repository: no pre-commit hook checks the hard gates', fix: 'run `git init`, then `dsctl hooks install --git`' },
      missing: { message: 'no pre-commit hook at {file}: commits are not checked against the hard gates', fix: 'run `dsctl hooks install --git`' },
      'no-gate-check': { message: 'the hook does not run `dsctl gate check --staged`: commits are not checked against the hard gates', fix: 'run `dsctl hooks install --git` (it appends the check to your hook)' },
      'not-executable': { message: 'the hook is not executable, so git skips it', fix: 'run `chmod +x {file}`' },
      'husky-inactive': { message: '{file} runs the gate check, but git runs its hooks from {hooks}, not husky\'s', fix: 'run `npm install` (husky\'s `prepare` script points core.hooksPath at .husky/_){or}' },
    },
  },
  run(ctx) {
    const report = reporter(check);
    const hook = isGitWorkTree(ctx.root) ? preCommitHook(ctx.root) : undefined;
    if (hook === undefined) return [report('not-a-repo')];
    const show = (abs: string) => relativeInside(ctx.root, abs) ?? abs;
    const script = hook.file;
    const file = show(script);
    const hasGate = (path: string) => existsSync(path) && GATE.test(readFileSync(path, 'utf8'));
    // The check is in husky's script, which git does not run here.
    const inactive = (or: string) => [report('husky-inactive', { file: '.husky/pre-commit', hooks: show(hook.hooksDir), or }, { file: '.husky/pre-commit' })];
    if (hook.via === 'husky-inactive' && hasGate(script)) return inactive('');
    if (!existsSync(script)) {
      if (hook.via === 'git' && hasGate(join(ctx.root, '.husky', 'pre-commit'))) return inactive(`, or \`dsctl hooks install --git\` to check commits from ${show(hook.hooksDir)}`);
      return [report('missing', { file }, { file })];
    }
    const text = readFileSync(script, 'utf8');
    const lines = text.split('\n');
    const index = lines.findIndex((l) => GATE.test(l) && !l.trimStart().startsWith('#'));
    if (index === -1) return [report('no-gate-check', { file }, { file })];
    const findings: DoctorFinding[] = [];
    // husky's stubs run the script with sh: it need not be executable.
    if (hook.via !== 'husky') {
      try {
        accessSync(script, constants.X_OK);
      } catch {
        findings.push(report('not-executable', { file }, { file }));
      }
    }
    findings.push(...programFindings(commandProgram(lines[index]!, { root: ctx.root, env: ctx.env }), 'pre-commit', 'git', report, { file, line: index + 1, column: 1 }));
    return findings;
  },
};
