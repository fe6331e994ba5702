import { defineFormatter, messageWithHint, type CheckMeta, type FileResult } from '../results.js';

const LEVEL = { error: 'error', warn: 'warning', info: 'note' } as const;

/** The checks a run's results refer to, when the command has no table of its own: one per code. */
function checksOf(results: readonly FileResult[]): CheckMeta[] {
  const seen = new Map<string, CheckMeta>();
  for (const p of results.flatMap((r) => [...r.problems, ...(r.suppressed ?? [])])) if (!seen.has(p.code)) seen.set(p.code, { id: p.code, description: p.code, severity: p.severity });
  return [...seen.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export const formatter = defineFormatter({
  id: 'sarif',
  meta: { docs: 'SARIF 2.1.0 for code-scanning UIs: the checks with help text, relative URIs, partial fingerprints.' },
  format(results, context) {
    const checks = context.checks ?? checksOf(results);
    const index = new Map(checks.map((c, i) => [c.id, i]));
    const out: unknown[] = [];
    const notifications: unknown[] = [];
    for (const r of results) {
      const artifactLocation = { uri: encodeURI(r.file), uriBaseId: '%SRCROOT%' };
      if (r.notChecked) {
        notifications.push({ level: 'error', message: { text: `${r.file}: ${r.notChecked.message}` }, descriptor: { id: r.notChecked.code }, locations: [{ physicalLocation: { artifactLocation } }] });
      }
      // SARIF keeps suppressed results, marked with their suppression.
      for (const p of [...r.problems, ...(r.suppressed ?? [])]) {
        const at = index.get(p.code);
        const region =
          p.line === undefined
            ? undefined
            : {
                startLine: p.line,
                ...(p.column === undefined ? {} : { startColumn: p.column }),
                ...(p.endLine === undefined ? {} : { endLine: p.endLine }),
                ...(p.endColumn === undefined ? {} : { endColumn: Math.max(p.endColumn, p.column ?? 1) }),
              };
        out.push({
          ruleId: p.code,
          ...(at === undefined ? {} : { ruleIndex: at }),
          level: LEVEL[p.severity],
          message: { text: messageWithHint(p, ' ') },
          locations: [{ physicalLocation: { artifactLocation, ...(region ? { region } : {}) } }],
          ...(p.fingerprint === undefined ? {} : { partialFingerprints: { 'dsctlFingerprint/v1': p.fingerprint } }),
          ...(p.suppression ? { suppressions: [{ kind: p.suppression.kind, justification: p.suppression.justification }] } : {}),
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
              version: context.toolVersion,
              informationUri: 'https://www.npmjs.com/package/dsctl',
              rules: checks.map((c) => ({
                id: c.id,
                name: c.id,
                shortDescription: { text: c.description },
                fullDescription: { text: c.description },
                help: { text: c.help ?? c.description },
                defaultConfiguration: { level: LEVEL[c.severity], enabled: c.enabled ?? true },
                ...(c.properties ? { properties: c.properties } : {}),
              })),
            },
          },
          invocations: [{ executionSuccessful: context.executionSuccessful ?? true, toolExecutionNotifications: notifications }],
          results: out,
        },
      ],
    };
    return JSON.stringify(log, null, 2) + '\n';
  },
});
