import type { GovernanceData } from '../data.js';
import { plural } from '../shared.js';
import { code, h, section, table } from './dom.js';

export function governanceSummary(g: GovernanceData): string {
  const audit = g.audit.ok
    ? g.audit.records === 0
      ? 'The audit log has no records yet.'
      : `Audit chain intact: ${plural(g.audit.records, 'record')}.`
    : `Audit chain BROKEN at line ${g.audit.brokenAt?.line} of ${g.audit.log} (${g.audit.records} records verified before it).`;
  const open = g.escalations.open.length;
  const esc = open === 0 ? 'No escalation waits for a person.' : `${plural(open, 'open escalation')} ${open === 1 ? 'waits' : 'wait'} for a person, the oldest ${oldest(g)}.`;
  const drift = g.drift.status === 'unavailable' ? `Drift not checked: ${g.drift.reason}.` : g.drift.status === 'clean' ? 'No drift.' : `Drift: ${plural(g.drift.errors, 'error')}.`;
  const gates = `${plural(g.gates.length, 'hard gate')}${g.gateFailures.length ? `, ${plural(g.gateFailures.length, 'recent run')} stopped by a gate` : ', no run stopped by a gate'}.`;
  return [audit, esc, drift, gates].join(' ');
}

function oldest(g: GovernanceData): string {
  const sorted = [...g.escalations.open].sort((a, b) => Date.parse(a.raisedAt) - Date.parse(b.raisedAt));
  const first = sorted[0];
  return first ? `raised ${first.raisedAt.slice(0, 10)}${first.age ? ` (${first.age} before the newest record)` : ''}` : '';
}

export function governanceSection(g: GovernanceData): HTMLElement {
  const parts: HTMLElement[] = [];
  const audit = g.audit;
  parts.push(
    h('h3', {}, 'Audit chain'),
    h(
      'p',
      { 'data-status': audit.ok ? 'ok' : 'broken', class: audit.ok ? 'ok' : 'bad' },
      audit.ok ? `${audit.records === 0 ? 'No records yet' : `${plural(audit.records, 'record')}, every link verified`}` : `Broken at line ${audit.brokenAt?.line}: ${audit.brokenAt?.reason ?? ''}`,
      audit.head ? h('span', {}, ' — head ', code(audit.head.slice(0, 16))) : null,
      audit.tornLines ? `; ${plural(audit.tornLines, 'torn line')} (interrupted appends)` : null,
      '. ',
      code('dsctl audit verify'),
      ' checks it in full.',
    ),
  );
  parts.push(h('h3', {}, 'Open escalations'));
  if (g.escalations.open.length === 0) parts.push(h('p', {}, `None open${g.escalations.resolved ? ` (${plural(g.escalations.resolved, 'resolved')})` : ''}.`));
  else
    parts.push(
      table({
        id: 'escalations',
        caption: 'Open escalations, most severe and oldest first',
        columns: ['Escalation', 'Severity', 'Workflow', 'Raised', 'Age', 'Question'],
        rows: g.escalations.open.map((e) => [e.id, e.severity, e.workflow, e.raisedAt, e.age, e.question]),
      }),
    );
  for (const p of g.escalations.problems) parts.push(h('p', { class: 'warn' }, p));
  parts.push(h('h3', {}, 'Drift'));
  if (g.drift.status === 'unavailable') parts.push(h('p', {}, `Not checked: ${g.drift.reason}.`));
  else if (g.drift.status === 'clean') parts.push(h('p', { class: 'ok' }, 'Every generated view is fresh and the playbook matches the project.'));
  else
    parts.push(
      table({ id: 'drift', caption: `Drift findings (${g.drift.errors} errors, ${g.drift.warnings} warnings)`, columns: ['File', 'Code', 'Finding'], rows: g.drift.findings.map((f) => [f.file || '—', f.code, f.message]) }),
    );
  parts.push(h('h3', {}, 'Hard gates and their owners'));
  if (g.gates.length === 0) parts.push(h('p', {}, 'The policy has no hard gates.'));
  else parts.push(table({ id: 'gates', caption: 'Hard gates of the policy', columns: ['Gate', 'Paths', 'Owners', 'Why a person decides'], rows: g.gates.map((x) => [x.id, x.paths.join(', '), x.owners.join(', ') || 'no owner set', x.reason]) }));
  parts.push(h('h3', {}, 'Last runs stopped by a gate'));
  if (g.gateFailures.length === 0) parts.push(h('p', {}, 'No run was stopped by a gate.'));
  else parts.push(table({ id: 'gate-failures', caption: 'Runs stopped by a gate, newest first', columns: ['Run', 'Workflow', 'Ended', 'Gates', 'Why'], rows: g.gateFailures.map((f) => [f.run_id, f.workflow, f.at, f.gates.join(', ') || '—', f.reason]) }));
  if (g.approvals.length) parts.push(table({ id: 'approvals', caption: 'Gate approvals by a person, newest first', columns: ['Run', 'Approved', 'By'], rows: g.approvals.map((a) => [a.run_id, a.at, a.by]) }));
  return section('governance', 'Governance now', governanceSummary(g), ...parts);
}
