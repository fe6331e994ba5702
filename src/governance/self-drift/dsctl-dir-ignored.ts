import ignore from 'ignore';
import { defineSelfDriftCheck } from './check.js';

const FILE = '.gitignore';

/** Files of the `.dsctl/` runtime folder that must stay out of git (its launcher in `.dsctl/bin/` is committed). */
const RUNTIME_SAMPLES = ['.dsctl/runs.jsonl', '.dsctl/runs/x/state.json', '.dsctl/escalations/x.json', '.dsctl/hooks/x.json'];

export const check = defineSelfDriftCheck({
  id: 'dsctl-dir-ignored',
  meta: {
    docs: { description: '.gitignore keeps the runtime files of .dsctl/ (run log, run state, escalations, hook caches) out of git, by git\'s own rules' },
    codes: {
      'dsctl-dir-not-ignored': {
        severity: 'error',
        message: (a: { why: string }) => `${a.why}; expected a line .dsctl/ so the run log and caches stay out of git`,
      },
    },
  },
  run(files) {
    const text = files.read(FILE, 'ignore file');
    if (text === undefined) return [{ code: 'dsctl-dir-not-ignored', file: FILE, args: { why: '.gitignore does not exist' } }];
    const lines = text.split(/\r?\n/);
    // git's own rules (the `ignore` package): `.dsctl/`, `/.dsctl`, `.dsctl/**`, `.dsctl/*` with `!.dsctl/bin/` all count.
    const matcher = ignore().add(lines);
    if (RUNTIME_SAMPLES.every((path) => matcher.ignores(path))) return [];
    const negation = lines.findLastIndex((raw) => /^\s*!.*\.dsctl/.test(raw));
    return [
      negation === -1
        ? { code: 'dsctl-dir-not-ignored', file: FILE, args: { why: '.gitignore does not ignore .dsctl/' } }
        : { code: 'dsctl-dir-not-ignored', file: FILE, line: negation + 1, args: { why: 'this line un-ignores .dsctl/' } },
    ];
  },
});
