import { nearestNames } from '../../diagnostics/did-you-mean.js';
import { defineSelfDriftCheck, type SelfDriftFiles } from './check.js';
import { collectMentions, type Mention } from './mentions.js';
import { readPlaybook } from './playbook.js';

export const check = defineSelfDriftCheck({
  id: 'playbook-mentions',
  meta: {
    docs: { description: 'every `npm run X` the playbook names is a script of package.json, and every `dsctl X` a dsctl command' },
    codes: {
      'playbook-unknown-npm-script': {
        severity: 'error',
        message: (a: { mention: string; why: string }) => `"${a.mention}" ${a.why}`,
      },
      'playbook-unknown-command': {
        severity: 'error',
        message: (a: { mention: string; command: string; hint: string }) => `"${a.mention}": "${a.command}" is not a dsctl command (${a.hint})`,
      },
    },
  },
  run(files, context) {
    const playbook = readPlaybook(files, context);
    if (!playbook) return [];
    const { file } = playbook;
    const mentions = collectMentions(playbook.root, playbook.text);
    const npm = mentions.filter((m) => m.kind === 'npm');
    const scripts = npm.length ? readScripts(files) : new Set<string>();
    return [
      ...onePerKey(
        npm.flatMap((m) => {
          const script = m.words[0] ?? '';
          if (typeof scripts !== 'string' && scripts.has(script)) return [];
          const why =
            typeof scripts === 'string'
              ? `names a package script, but ${scripts}`
              : `is not a script in package.json (${nearestNames(script, scripts, 1) ?? (scripts.size ? `it has ${[...scripts].sort().join(', ')}` : 'it has no scripts')})`;
          return [{ key: script, report: { code: 'playbook-unknown-npm-script' as const, file, line: m.line, args: { mention: m.text, why } } }];
        }),
      ),
      ...onePerKey(
        mentions.flatMap((m) => {
          const command = unknownCommand(m, context.commands);
          if (command === undefined) return [];
          return [{ key: command.command, report: { code: 'playbook-unknown-command' as const, file, line: m.line, args: { mention: m.text, ...command } } }];
        }),
      ),
    ];
  },
});

/** The script names of the project's package.json, or why there are none. */
function readScripts(files: SelfDriftFiles): ReadonlySet<string> | string {
  let value: unknown;
  try {
    const text = files.read('package.json');
    if (text === undefined) return 'the project has no package.json';
    value = JSON.parse(text);
  } catch {
    // An unreadable package.json (a folder) is as useless as an invalid one.
    return 'package.json is not valid JSON';
  }
  const scripts = (value as { scripts?: unknown } | null)?.scripts;
  return new Set(typeof scripts === 'object' && scripts !== null ? Object.keys(scripts) : []);
}

/** The unknown command path of a `dsctl` mention, with a hint; undefined when it names a known command. */
function unknownCommand(mention: Mention, commands: ReadonlySet<string>): { command: string; hint: string } | undefined {
  if (mention.kind !== 'dsctl') return undefined;
  const { words } = mention;
  // The longest known command path wins; what follows it is arguments.
  for (let k = words.length; k > 0; k--) if (commands.has(words.slice(0, k).join(' '))) return undefined;
  const paths = [...commands].sort();
  const isGroup = (prefix: string) => paths.some((c) => c.startsWith(`${prefix} `));
  let group = 0;
  while (group < words.length && isGroup(words.slice(0, group + 1).join(' '))) group++;
  if (group === words.length) return undefined; // a command group named on its own, `dsctl gate`
  const command = words.slice(0, group + 1).join(' ');
  // List the commands at the level of the mistake: top-level names, or the subcommands of its group.
  const prefix = words.slice(0, group).join(' ');
  const siblings = paths.filter((c) => c.split(' ').length === group + 1 && (group === 0 || c.startsWith(`${prefix} `)));
  return { command, hint: nearestNames(command, commands, 1) ?? `the commands are ${siblings.join(', ')}` };
}

/** One report per unknown name, at its first mention; the other mentions are listed in `details`. */
function onePerKey<R extends { readonly line?: number | undefined; readonly details?: readonly string[] }>(found: readonly { key: string; report: R }[]): R[] {
  const byKey = new Map<string, { report: R; lines: number[] }>();
  for (const { key, report } of found) {
    const seen = byKey.get(key);
    if (seen) seen.lines.push(report.line ?? 1);
    else byKey.set(key, { report, lines: [] });
  }
  return [...byKey.values()].map(({ report, lines }) =>
    lines.length ? { ...report, details: [`also mentioned at line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}`] } : report,
  );
}
