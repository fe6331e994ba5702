import ignore from 'ignore';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Root } from 'mdast';
import picomatch from 'picomatch';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { parseJsonDocument } from '../diagnostics/json-source.js';
import { readText } from '../io/read-text.js';
import type { Project } from '../project/project.js';
import type { DriftFinding } from './finding.js';
import { codeValueLine, findSection, lineOf, parseMarkdown, textOf, walk } from './markdown.js';

/**
 * Governance sections every loop playbook keeps, each a heading followed by `<!-- dsctl:marker NAME -->`
 * and a non-empty body. They are the safety invariants of the loops; a playbook without one has lost a limit.
 */
export const REQUIRED_MARKERS: readonly string[] = [
  'ssot-write-protection',
  'designmd-two-layered',
  'hook-boundary',
  'brand-gate',
  'brand-draft-label',
  'red-team-isolation',
  'audit-log',
  'memory-quarantine',
  'escalation-contract',
  'ci-failure-triage',
];

/** The automation levels the playbook must name, so workflow ids (W1…W5) are never read as levels. */
export const LEVEL_NAMES: readonly string[] = ['Level 1', 'Level 2', 'Level 3'];

/** What the release-readiness (W5) section's heading contains. */
const RELEASE_SECTION = ['release-readiness', 'W5'];

/** Files of the `.dsctl/` runtime folder that must stay out of git (its launcher in `.dsctl/bin/` is committed). */
const RUNTIME_SAMPLES = ['.dsctl/runs.jsonl', '.dsctl/runs/x/state.json', '.dsctl/escalations/x.json', '.dsctl/hooks/x.json'];

/** Playbook drift cannot be repaired by `dsctl build`: it needs a person (W2 escalates it). */
const CHECKS = {
  'playbook-missing': {
    severity: 'error',
    message: (a: { file: string }) =>
      `the loop playbook ${a.file} does not exist (views.playbook-sections.path); every loop takes its limits from it`,
  },
  'playbook-unknown-npm-script': {
    severity: 'error',
    message: (a: { mention: string; why: string }) => `"${a.mention}" ${a.why}`,
  },
  'playbook-unknown-command': {
    severity: 'error',
    message: (a: { mention: string; command: string; hint: string }) => `"${a.mention}": "${a.command}" is not a dsctl command (${a.hint})`,
  },
  'playbook-marker-missing': {
    severity: 'error',
    message: (a: { name: string }) =>
      `governance marker "${a.name}" is missing; expected <!-- dsctl:marker ${a.name} --> right after the heading of its section`,
  },
  'playbook-marker-empty': {
    severity: 'error',
    message: (a: { name: string }) =>
      `governance marker "${a.name}" has no text before the next heading; expected the section to state its rule`,
  },
  'playbook-marker-duplicated': {
    severity: 'error',
    message: (a: { name: string; first: number }) =>
      `governance marker "${a.name}" appears again (first at line ${a.first}); expected each governance section once`,
  },
  'ci-workflow-missing': {
    severity: 'error',
    message: (a: { file: string; policy: string }) => `the CI workflow ${a.file} (ci.workflow in ${a.policy}) does not exist`,
  },
  'ci-workflow-invalid': {
    severity: 'error',
    message: (a: { reason: string }) => `the CI workflow is not valid YAML: ${a.reason}`,
  },
  'ci-command-missing': {
    severity: 'error',
    message: (a: { command: string; policy: string }) =>
      `no step of the CI workflow runs "${a.command}" (ci.commands in ${a.policy}); expected a \`run:\` line or \`&&\` part that is exactly this command`,
  },
  'ci-gate-check-missing': {
    severity: 'warn',
    message: (a: { policy: string }) =>
      `no step of the CI workflow runs "dsctl gate check --range …", so the hard gates of ${a.policy} have no server-side check; expected a \`run:\` step such as \`.dsctl/bin/dsctl gate check --range "$BASE...$HEAD"\``,
  },
  'release-command-missing': {
    severity: 'error',
    message: (a: { command: string; section: string | undefined; policy: string }) =>
      a.section === undefined
        ? `the playbook has no release-readiness (W5) section, so nothing verifies "${a.command}" (ci.commands in ${a.policy}) before a release`
        : `the release-readiness section "${a.section}" does not mention "${a.command}" (ci.commands in ${a.policy}); a release must not skip a CI gate`,
  },
  'red-team-not-excluded': {
    severity: 'error',
    message: (a: { outputPath: string; where: string }) => `the red-team output path "${a.outputPath}" is not excluded by ${a.where}`,
  },
  'dsctl-dir-not-ignored': {
    severity: 'error',
    message: (a: { why: string }) => `${a.why}; expected a line .dsctl/ so the run log and caches stay out of git`,
  },
  'playbook-classification-wording': {
    severity: 'warn',
    message: (a: { missing: readonly string[] }) =>
      `the playbook never says ${a.missing.map((m) => `"${m}"`).join(', ')}; expected the automation levels by name (${LEVEL_NAMES.join(', ')}) so workflow ids are not read as levels`,
  },
} as const satisfies Record<string, { severity: DriftFinding['severity']; message: (args: never) => string }>;

export type PlaybookDriftCode = keyof typeof CHECKS;
type Args<C extends PlaybookDriftCode> = Parameters<(typeof CHECKS)[C]['message']>[0];

function finding<C extends PlaybookDriftCode>(code: C, file: string, line: number | undefined, args: Args<C>): DriftFinding {
  const check = CHECKS[code];
  return {
    code,
    severity: check.severity,
    file,
    ...(line === undefined ? {} : { line }),
    message: (check.message as (a: Args<C>) => string)(args),
    fixable: false,
  };
}

export interface PlaybookOptions {
  /** Every dsctl command, as space-joined paths (`lint`, `gate check`). */
  readonly commands: ReadonlySet<string>;
}

/**
 * Playbook self-drift: the loop playbook, the CI workflow and the ignore/exclusion lists checked against
 * what the project really has. None of it is repairable by regeneration.
 */
export function checkPlaybook(project: Project, options: PlaybookOptions): DriftFinding[] {
  const findings = [
    ...checkPlaybookText(project, options),
    ...checkCiWorkflow(project),
    ...checkRedTeam(project),
    ...checkGitignore(project),
  ];
  return findings.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.code.localeCompare(b.code));
}

function checkPlaybookText(project: Project, options: PlaybookOptions): DriftFinding[] {
  const file = project.config.views['playbook-sections'].path;
  const abs = join(project.root, file);
  if (!existsSync(abs)) return [finding('playbook-missing', file, undefined, { file })];
  const text = readText(abs, file, 'loop playbook');
  const root = parseMarkdown(text);
  const mentions = collectMentions(root, text);
  return [
    ...checkNpmScripts(project, file, mentions),
    ...checkCommands(file, mentions, options.commands),
    ...checkMarkers(file, root),
    ...checkReleaseSection(project, file, root, text),
    ...checkLevels(file, root),
  ];
}

// --- Mentions: `npm run X` and `dsctl X` in code spans, code blocks and table cells -----------------

interface Mention {
  readonly kind: 'npm' | 'dsctl';
  /** The mention as written, `npm run design:drift`, `dsctl gate check`. */
  readonly text: string;
  /** Script name, or the command words after `dsctl`. */
  readonly words: readonly string[];
  readonly line: number;
}

const NPM_RUN = /(?<![\w-])npm[ \t]+(?:run|run-script)[ \t]+([\w@][^\s`'",;|&()<>]*)/g;
/** The rest of the line is looked at, not consumed, so `dsctl a && dsctl b` yields two mentions. */
const DSCTL = /(?<![\w.@:-])dsctl(?=([ \t][^\n]*))/g;
const WORD = /^[a-z][a-z0-9-]*$/;

/** The texts where the playbook names commands, each with the 1-based line where it starts. */
function commandTexts(root: Root, source: string): { text: string; line: number }[] {
  const texts: { text: string; line: number }[] = [];
  walk(root, (node, ancestors) => {
    if (node.type === 'inlineCode') texts.push({ text: node.value, line: lineOf(node) });
    else if (node.type === 'code') texts.push({ text: node.value, line: codeValueLine(node, source) });
    else if (node.type === 'text' && ancestors.some((a) => a.type === 'tableCell')) texts.push({ text: node.value, line: lineOf(node) });
  });
  return texts;
}

function collectMentions(root: Root, source: string): Mention[] {
  const mentions: Mention[] = [];
  for (const { text, line } of commandTexts(root, source)) {
    const lineAt = (index: number) => line + (text.slice(0, index).match(/\n/g)?.length ?? 0);
    for (const match of text.matchAll(NPM_RUN)) {
      const script = (match[1] ?? '').replace(/[.:]+$/, '');
      mentions.push({ kind: 'npm', text: `npm run ${script}`, words: [script], line: lineAt(match.index) });
    }
    for (const match of text.matchAll(DSCTL)) {
      const words: string[] = [];
      for (const token of (match[1] ?? '').trim().split(/[ \t]+/)) {
        if (!WORD.test(token)) break;
        words.push(token);
      }
      if (words.length) mentions.push({ kind: 'dsctl', text: `dsctl ${words.join(' ')}`, words, line: lineAt(match.index) });
    }
  }
  return mentions;
}

function checkNpmScripts(project: Project, file: string, mentions: readonly Mention[]): DriftFinding[] {
  const npm = mentions.filter((m) => m.kind === 'npm');
  if (!npm.length) return [];
  const scripts = readScripts(project.root);
  const unknown = npm.flatMap((m) => {
    const script = m.words[0] ?? '';
    if (typeof scripts !== 'string' && scripts.has(script)) return [];
    const why =
      typeof scripts === 'string'
        ? `names a package script, but ${scripts}`
        : `is not a script in package.json (${nearestNames(script, scripts, 1) ?? (scripts.size ? `it has ${[...scripts].sort().join(', ')}` : 'it has no scripts')})`;
    return [{ key: script, finding: finding('playbook-unknown-npm-script', file, m.line, { mention: m.text, why }) }];
  });
  return onePerKey(unknown);
}

/** The script names of the project's package.json, or why there are none. */
function readScripts(root: string): ReadonlySet<string> | string {
  const abs = join(root, 'package.json');
  if (!existsSync(abs)) return 'the project has no package.json';
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(abs, 'utf8'));
  } catch {
    return 'package.json is not valid JSON';
  }
  const scripts = (value as { scripts?: unknown } | null)?.scripts;
  return new Set(typeof scripts === 'object' && scripts !== null ? Object.keys(scripts) : []);
}

function checkCommands(file: string, mentions: readonly Mention[], commands: ReadonlySet<string>): DriftFinding[] {
  const paths = [...commands].sort();
  const isGroup = (prefix: string) => paths.some((c) => c.startsWith(`${prefix} `));
  const unknown = mentions.flatMap((m) => {
    if (m.kind !== 'dsctl') return [];
    const { words } = m;
    // The longest known command path wins; what follows it is arguments.
    for (let k = words.length; k > 0; k--) if (commands.has(words.slice(0, k).join(' '))) return [];
    let group = 0;
    while (group < words.length && isGroup(words.slice(0, group + 1).join(' '))) group++;
    if (group === words.length) return []; // a command group named on its own, `dsctl gate`
    const command = words.slice(0, group + 1).join(' ');
    // List the commands at the level of the mistake: top-level names, or the subcommands of its group.
    const prefix = words.slice(0, group).join(' ');
    const siblings = paths.filter((c) => c.split(' ').length === group + 1 && (group === 0 || c.startsWith(`${prefix} `)));
    const hint = nearestNames(command, commands, 1) ?? `the commands are ${siblings.join(', ')}`;
    return [{ key: command, finding: finding('playbook-unknown-command', file, m.line, { mention: m.text, command, hint }) }];
  });
  return onePerKey(unknown);
}

/** One finding per unknown name, at its first mention; the other mentions are listed in `details`. */
function onePerKey(found: readonly { key: string; finding: DriftFinding }[]): DriftFinding[] {
  const byKey = new Map<string, { finding: DriftFinding; lines: number[] }>();
  for (const { key, finding: f } of found) {
    const seen = byKey.get(key);
    if (seen) seen.lines.push(f.line ?? 1);
    else byKey.set(key, { finding: f, lines: [] });
  }
  return [...byKey.values()].map(({ finding: f, lines }) =>
    lines.length ? { ...f, details: [`also mentioned at line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}`] } : f,
  );
}

// --- Governance markers ----------------------------------------------------------------------------

const MARKER = /<!--\s*dsctl:marker\s+(\S+?)\s*-->/g;

function checkMarkers(file: string, root: Root): DriftFinding[] {
  const found: { name: string; line: number; top: number }[] = [];
  walk(root, (node, ancestors) => {
    if (node.type !== 'html') return;
    const top = ancestors[1] ?? node;
    for (const match of node.value.matchAll(MARKER)) {
      const line = lineOf(node) + (node.value.slice(0, match.index).match(/\n/g)?.length ?? 0);
      found.push({ name: match[1] ?? '', line, top: root.children.indexOf(top as (typeof root.children)[number]) });
    }
  });

  const findings: DriftFinding[] = [];
  const first = new Map<string, number>();
  for (const marker of found) {
    const seen = first.get(marker.name);
    if (seen !== undefined) findings.push(finding('playbook-marker-duplicated', file, marker.line, { name: marker.name, first: seen }));
    else first.set(marker.name, marker.line);
  }
  for (const name of REQUIRED_MARKERS) {
    const occurrences = found.filter((m) => m.name === name);
    if (!occurrences.length) findings.push(finding('playbook-marker-missing', file, undefined, { name }));
    for (const marker of occurrences) {
      if (!hasBody(root, marker.top)) findings.push(finding('playbook-marker-empty', file, marker.line, { name }));
    }
  }
  return findings;
}

/** Whether text other than HTML follows the top-level node at `index` before the next heading. */
function hasBody(root: Root, index: number): boolean {
  const own = root.children[index];
  if (own && own.type !== 'html' && textOf(own).trim() !== '') return true; // a marker nested in a block
  for (const node of root.children.slice(index + 1)) {
    if (node.type === 'heading') return false;
    if (node.type !== 'html' && textOf(node).trim() !== '') return true;
  }
  return false;
}

// --- Release readiness ------------------------------------------------------------------------------

function checkReleaseSection(project: Project, file: string, root: Root, source: string): DriftFinding[] {
  const { commands } = project.policy.ci;
  if (!commands.length) return [];
  const policy = project.config.policy;
  const section = findSection(root, (t) => RELEASE_SECTION.some((needle) => t.includes(needle)));
  if (!section) return commands.map((command) => finding('release-command-missing', file, undefined, { command, section: undefined, policy }));
  const sectionRoot: Root = { type: 'root', children: [...section.nodes] };
  const texts = commandTexts(sectionRoot, source).map((t) => t.text);
  const title = textOf(section.heading);
  return commands
    .filter((command) => !texts.some((text) => mentionsCommand(text, command)))
    .map((command) => finding('release-command-missing', file, lineOf(section.heading), { command, section: title, policy }));
}

const COMMAND_CHAR = /[\w:./@-]/;

/** Whether `text` names `command` as a whole: `npm run a` is in `npm run a -- x`, not in `npm run a-b`. */
function mentionsCommand(text: string, command: string): boolean {
  for (let i = text.indexOf(command); i !== -1; i = text.indexOf(command, i + 1)) {
    const before = text[i - 1];
    const after = text[i + command.length];
    if ((before === undefined || !COMMAND_CHAR.test(before)) && (after === undefined || !COMMAND_CHAR.test(after))) return true;
  }
  return false;
}

// --- Level wording ----------------------------------------------------------------------------------

function checkLevels(file: string, root: Root): DriftFinding[] {
  const texts: string[] = [];
  walk(root, (node) => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') texts.push(textOf(node));
  });
  const missing = LEVEL_NAMES.filter((level) => {
    const pattern = new RegExp(`\\b${level.replace(/ /g, '\\s+')}\\b`);
    return !texts.some((t) => pattern.test(t));
  });
  return missing.length ? [finding('playbook-classification-wording', file, undefined, { missing })] : [];
}

// --- CI workflow ------------------------------------------------------------------------------------

function checkCiWorkflow(project: Project): DriftFinding[] {
  const { workflow: file, commands } = project.policy.ci;
  if (file === undefined) return [];
  const policy = project.config.policy;
  const abs = join(project.root, file);
  if (!existsSync(abs)) return [finding('ci-workflow-missing', file, undefined, { file, policy })];
  const text = readText(abs, file, 'CI workflow');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const error = doc.errors[0];
  if (error) return [finding('ci-workflow-invalid', file, lineCounter.linePos(error.pos[0]).line, { reason: error.message })];

  const jobsKey = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'jobs')?.key : undefined;
  const jobsLine = isScalar(jobsKey) && jobsKey.range ? lineCounter.linePos(jobsKey.range[0]).line : 1;
  const parts = runParts(doc.toJS());
  const runs = new Set(parts);
  const findings = commands.filter((command) => !runs.has(command)).map((command) => finding('ci-command-missing', file, jobsLine, { command, policy }));
  // The gates' server-side layer (ARCHITECTURE.md §5): a workflow that never checks a range lets every gated change through.
  if (project.policy.hardGates.length > 0 && !parts.some((part) => /\bdsctl\s+gate\s+check\b/.test(part) && /--range\b/.test(part))) {
    findings.push(finding('ci-gate-check-missing', file, jobsLine, { policy }));
  }
  return findings;
}

/** Every command a workflow's steps run: each line of each `run:`, and each `&&`-separated part, trimmed. */
function runParts(workflow: unknown): string[] {
  const jobs = (workflow as { jobs?: unknown } | null)?.jobs;
  if (typeof jobs !== 'object' || jobs === null) return [];
  const parts: string[] = [];
  for (const job of Object.values(jobs)) {
    const steps = (job as { steps?: unknown } | null)?.steps;
    if (!Array.isArray(steps)) continue;
    for (const step of steps) {
      const run = (step as { run?: unknown } | null)?.run;
      if (typeof run !== 'string') continue;
      for (const line of run.split('\n')) {
        parts.push(line.trim(), ...line.split('&&').map((part) => part.trim()));
      }
    }
  }
  return parts.filter(Boolean);
}

// --- Red-team isolation -----------------------------------------------------------------------------

function checkRedTeam(project: Project): DriftFinding[] {
  const outputPath = project.policy.redTeam?.outputPath;
  if (outputPath === undefined) return [];
  const dir = outputPath.replace(/^\.\//, '').replace(/\/+$/, '');
  const sample = `${dir}/x.html`;
  const findings: DriftFinding[] = [];

  const policyFile = project.config.policy;
  if (!picomatch([...project.policy.hookExclusions], { dot: true })(sample)) {
    const line = locate(project, policyFile, '/redTeam/outputPath');
    findings.push(finding('red-team-not-excluded', policyFile, line, { outputPath, where: `hookExclusions in ${policyFile}; expected a glob such as "${dir}/**"` }));
  }

  // The playbook also promises that lint never picks red-team output up (unless named explicitly).
  const { include, exclude } = project.config.lint;
  if (picomatch([...include], { dot: false })(sample) && !picomatch([...exclude], { dot: true })(sample)) {
    const configFile = relative(project.root, project.configPath).split(sep).join('/');
    const line = locate(project, configFile, '/lint/exclude');
    findings.push(finding('red-team-not-excluded', configFile, line, { outputPath, where: `lint.exclude in ${configFile}, though lint.include covers it; expected a glob such as "${dir}/**"` }));
  }
  return findings;
}

/** 1-based line of a JSON pointer in a project file that loaded once already (undefined if it no longer parses). */
function locate(project: Project, file: string, pointer: string): number | undefined {
  try {
    return parseJsonDocument(readFileSync(join(project.root, file), 'utf8'), file).locate(pointer).line;
  } catch {
    return undefined;
  }
}

// --- .gitignore -------------------------------------------------------------------------------------

function checkGitignore(project: Project): DriftFinding[] {
  const file = '.gitignore';
  const abs = join(project.root, file);
  if (!existsSync(abs)) return [finding('dsctl-dir-not-ignored', file, undefined, { why: '.gitignore does not exist' })];
  const lines = readText(abs, file, 'ignore file').split(/\r?\n/);
  // git's own rules (the `ignore` package): `.dsctl/`, `/.dsctl`, `.dsctl/*` with `!.dsctl/bin/` all count.
  const matcher = ignore().add(lines);
  if (RUNTIME_SAMPLES.every((path) => matcher.ignores(path))) return [];
  const negation = lines.findLastIndex((raw) => /^\s*!.*\.dsctl/.test(raw));
  return [finding('dsctl-dir-not-ignored', file, negation === -1 ? undefined : negation + 1, { why: negation === -1 ? '.gitignore does not ignore .dsctl/' : 'this line un-ignores .dsctl/' })];
}
