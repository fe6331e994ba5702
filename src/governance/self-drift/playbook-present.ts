import { defineSelfDriftCheck } from './check.js';
import { readPlaybook } from './playbook.js';

export const check = defineSelfDriftCheck({
  id: 'playbook-present',
  meta: {
    docs: { description: 'the loop playbook (views.playbook-sections.path) exists: every loop takes its limits from it' },
    codes: {
      'playbook-missing': {
        severity: 'error',
        message: (a: { file: string }) =>
          `the loop playbook ${a.file} does not exist (views.playbook-sections.path); every loop takes its limits from it`,
      },
    },
  },
  run(files, context) {
    const file = context.paths.playbook;
    return readPlaybook(files, context) ? [] : [{ code: 'playbook-missing', file, args: { file } }];
  },
});
