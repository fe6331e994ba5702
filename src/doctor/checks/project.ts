import { isUserError } from '../../diagnostics/user-error.js';
import { loadProject } from '../../project/project.js';
import { reporter, type DoctorCheck } from '../check.js';

export const check: DoctorCheck = {
  id: 'project',
  meta: {
    docs: { description: 'the config, the policy and every contract load and validate (what `dsctl check` checks)' },
    messages: {
      unusable: { message: '{message}', fix: 'fix it, then run `dsctl check`' },
      contract: { message: '{message} ({code})', fix: '{hint}run `dsctl check` for every problem' },
    },
  },
  run(ctx) {
    const report = reporter(check);
    try {
      const project = loadProject({ cwd: ctx.root, configPath: ctx.configPath });
      return project.problems
        .filter((p) => p.severity === 'error')
        .map((p) => report('contract', { message: p.message, code: p.code, hint: p.hint ? `${p.hint.replace(/\.?$/, '; ')}` : '' }, { file: p.file, line: p.line, column: p.column }));
    } catch (error) {
      if (!isUserError(error)) throw error;
      const details = error.details.length ? `: ${error.details.slice(0, 3).join('; ')}${error.details.length > 3 ? '; …' : ''}` : '';
      return [report('unusable', { message: `${error.message}${details}` }, { file: error.location?.file, line: error.location?.line, column: error.location?.column })];
    }
  },
};
