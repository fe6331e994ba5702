import picomatch from 'picomatch';
import { parseJsonDocument } from '../../diagnostics/json-source.js';
import { defineSelfDriftCheck, type SelfDriftFiles, type SelfDriftReport } from './check.js';

const codes = {
  'red-team-not-excluded': {
    severity: 'error',
    message: (a: { outputPath: string; where: string }) => `the red-team output path "${a.outputPath}" is not excluded by ${a.where}`,
  },
} as const;

export const check = defineSelfDriftCheck({
  id: 'red-team-excluded',
  meta: {
    docs: { description: 'the red-team output path (redTeam.outputPath) is skipped by the lint hooks (hookExclusions) and, when lint.include covers it, by lint.exclude' },
    codes,
  },
  run(files, context) {
    const outputPath = context.policy.redTeam?.outputPath;
    if (outputPath === undefined) return [];
    const dir = outputPath.replace(/^\.\//, '').replace(/\/+$/, '');
    const sample = `${dir}/x.html`;
    const reports: SelfDriftReport<typeof codes>[] = [];

    const policyFile = context.paths.policy;
    if (!picomatch([...context.policy.hookExclusions], { dot: true })(sample)) {
      const line = locate(files, policyFile, '/redTeam/outputPath');
      reports.push({ code: 'red-team-not-excluded', file: policyFile, line, args: { outputPath, where: `hookExclusions in ${policyFile}; expected a glob such as "${dir}/**"` } });
    }

    // The playbook also promises that lint never picks red-team output up (unless named explicitly).
    const { include, exclude } = context.lint;
    if (picomatch([...include], { dot: false })(sample) && !picomatch([...exclude], { dot: true })(sample)) {
      const configFile = context.paths.config;
      const line = locate(files, configFile, '/lint/exclude');
      reports.push({ code: 'red-team-not-excluded', file: configFile, line, args: { outputPath, where: `lint.exclude in ${configFile}, though lint.include covers it; expected a glob such as "${dir}/**"` } });
    }
    return reports;
  },
});

/** 1-based line of a JSON pointer in a project file that loaded once already (undefined if it no longer reads or parses). */
function locate(files: SelfDriftFiles, file: string, pointer: string): number | undefined {
  try {
    const text = files.read(file);
    return text === undefined ? undefined : parseJsonDocument(text, file).locate(pointer).line;
  } catch {
    return undefined;
  }
}
