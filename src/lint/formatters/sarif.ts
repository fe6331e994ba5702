import type { FormatInput } from './types.js';

/** SARIF 2.1.0 for code-scanning UIs: rules with help text, relative URIs, partial fingerprints. */
export function formatSarif(input: FormatInput): string {
  const ruleIndex = new Map(input.rules.map((r, i) => [r.id, i]));
  const results: unknown[] = [];
  const notifications: unknown[] = [];
  for (const report of input.reports) {
    const artifactLocation = { uri: encodeURI(report.file), uriBaseId: '%SRCROOT%' };
    if (report.problem) {
      notifications.push({ level: 'error', message: { text: `${report.file}: ${report.problem.message}` }, descriptor: { id: report.problem.code }, locations: [{ physicalLocation: { artifactLocation } }] });
    }
    for (const v of report.result?.violations ?? []) {
      const index = ruleIndex.get(v.ruleId);
      results.push({
        ruleId: v.ruleId,
        ...(index === undefined ? {} : { ruleIndex: index }),
        level: v.severity === 'error' ? 'error' : 'warning',
        message: { text: v.alternative ? `${v.message} ${v.alternative}` : v.message },
        locations: [{ physicalLocation: { artifactLocation, region: { startLine: v.line, startColumn: v.column, endLine: v.endLine, endColumn: Math.max(v.endColumn, v.column) } } }],
        partialFingerprints: { 'dsctlFingerprint/v1': v.fingerprint },
      });
    }
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'dsctl',
            version: input.toolVersion,
            informationUri: 'https://www.npmjs.com/package/dsctl',
            rules: input.rules.map((r) => ({
              id: r.id,
              name: r.id,
              shortDescription: { text: r.description },
              fullDescription: { text: r.description },
              help: { text: r.alternative ? `${r.description}\n\nInstead: ${r.alternative}` : r.description },
              defaultConfiguration: { level: r.severity === 'error' ? 'error' : 'warning', enabled: r.detector !== 'manual' && r.requiresContext !== true },
              properties: { category: r.category, detector: r.detector, automationStatus: r.automationStatus, tags: [r.category] },
            })),
          },
        },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
