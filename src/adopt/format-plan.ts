import type { CliIo } from '../io/command-io.js';
import { describeLayout, type AdoptPlan } from './plan.js';

type Colors = CliIo['out'];

/**
 * The plan as a person reads it before saying yes: what was detected, every file created, every user
 * file changed with its unified diff, what stays, and what was left alone.
 */
export function formatPlan(plan: AdoptPlan, c: Colors): string {
  const d = plan.detection;
  const lines: string[] = [];
  const pm = d.packageManager;
  lines.push(c.bold(`dsctl init: adopting ${d.root}`));
  lines.push(`  framework        ${describeLayout(d)}`);
  lines.push(`  package manager  ${pm.name}${pm.lockfile ? ` (${pm.lockfile})` : pm.from === 'packageManager' ? ' (packageManager)' : ' (no lockfile)'}`);
  lines.push(`  tailwind         ${d.tailwind.major ? `v${d.tailwind.major} (${d.tailwind.installed ? `installed ${d.tailwind.installed}` : `declared ${d.tailwind.declared}`})${d.tailwind.cssEntry ? `, entry ${d.tailwind.cssEntry}` : ''}` : 'none'}`);
  lines.push(`  token sources    ${d.tokenSources.map((s) => `${s.file} (${s.kind}${s.variables ? `, ${s.variables} variables` : ''})`).join(', ') || 'none'}`);
  lines.push(`  components       ${d.componentFolders.map((f) => `${f.dir}/`).join(', ') || 'none'}`);
  lines.push(`  agent docs       ${[d.agentDocs.agentsMd ? 'AGENTS.md' : '', d.agentDocs.claudeMd ? 'CLAUDE.md' : '', ...d.agentDocs.cursorRules].filter(Boolean).join(', ') || 'none'}`);
  lines.push(`  ci               ${d.ci.system}${d.ci.files.length ? ` (${d.ci.files.join(', ')})` : ''}`);
  const creates = plan.writes.filter((w) => w.action === 'create');
  const changes = plan.writes.filter((w) => w.action !== 'create');
  lines.push('', c.bold(`create (${creates.length + plan.launcher.length}):`));
  for (const w of creates) lines.push(`  ${c.green('+')} ${w.path} ${c.dim(`(${w.why})`)}`);
  for (const p of plan.launcher) lines.push(`  ${c.green('+')} ${p} ${c.dim('(launcher)')}`);
  lines.push('', c.bold(`change (${changes.length}):`));
  for (const w of changes) {
    lines.push(`  ${c.yellow('~')} ${w.path} ${c.dim(`(${w.action === 'overwrite' ? 'rewrite: ' : ''}${w.why})`)}`);
    for (const line of (w.diff ?? '').split('\n')) {
      if (line === '' || line.startsWith('===')) continue;
      lines.push(`    ${line.startsWith('+') ? c.green(line) : line.startsWith('-') ? c.red(line) : line.startsWith('@@') ? c.cyan(line) : line}`);
    }
  }
  if (plan.kept.length) {
    lines.push('', c.bold(`keep (${plan.kept.length}):`));
    for (const k of plan.kept) lines.push(`  ${c.dim('=')} ${k.path} ${c.dim(`(${k.why})`)}`);
  }
  lines.push('', c.bold('then:'), `  dsctl build writes ${plan.generated.join(', ')}`);
  if (plan.conflicts.length) {
    lines.push('', c.bold(`left alone (${plan.conflicts.length}):`));
    for (const x of plan.conflicts) lines.push(`  ${c.yellow('!')} ${x}`);
  }
  if (plan.notes.length) {
    lines.push('', c.bold('notes:'));
    for (const n of plan.notes) lines.push(`  - ${n}`);
  }
  return `${lines.join('\n')}\n`;
}
