import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { git, isGitWorkTree } from '../../io/git.js';
import { programFindings } from '../agent-hooks.js';
import { reporter, type DoctorCheck, type DoctorFinding } from '../check.js';
import { commandProgram } from '../command-program.js';
import { AGENT_HOOK_MESSAGES } from '../agent-hooks.js';

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
      'husky-inactive': { message: '{file} runs the gate check, but git runs its hooks from {hooks}, not husky\'s', fix: 'run `npm install` (husky\'s `prepare` script points core.hooksPath at .husky/_), or `dsctl hooks install --git`' },
    },
  },
  run(ctx) {
    const report = reporter(check);
    if (!isGitWorkTree(ctx.root)) return [report('not-a-repo')];
    const raw = git(ctx.root, ['rev-parse', '--git-path', 'hooks'], 'doctor/git').trim();
    const hooksDir = isAbsolute(raw) ? raw : resolve(ctx.root, raw);
    const show = (abs: string) => {
      const rel = relative(ctx.root, abs);
      return rel.startsWith('..') || isAbsolute(rel) ? abs : rel.split(sep).join('/');
    };
    // husky 9 points core.hooksPath at .husky/_, whose stubs run the user's .husky/<hook>.
    const husky = basename(hooksDir) === '_' && basename(dirname(hooksDir)) === '.husky';
    const script = husky ? join(dirname(hooksDir), 'pre-commit') : join(hooksDir, 'pre-commit');
    const file = show(script);
    if (!existsSync(script)) {
      const huskyScript = join(ctx.root, '.husky', 'pre-commit');
      if (!husky && existsSync(huskyScript) && GATE.test(readFileSync(huskyScript, 'utf8'))) return [report('husky-inactive', { file: '.husky/pre-commit', hooks: show(hooksDir) }, { file: '.husky/pre-commit' })];
      return [report('missing', { file }, { file })];
    }
    const text = readFileSync(script, 'utf8');
    const lines = text.split('\n');
    const index = lines.findIndex((l) => GATE.test(l) && !l.trimStart().startsWith('#'));
    if (index === -1) return [report('no-gate-check', { file }, { file })];
    const findings: DoctorFinding[] = [];
    if (!husky) {
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
