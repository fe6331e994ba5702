import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, posix, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { UserError } from '../../diagnostics/user-error.js';
import { createGateMatcher } from '../../governance/gates.js';
import { proposeLearning } from '../../governance/learnings.js';
import { sourceTypeOf } from '../../lint/engine.js';
import { PARSE_ERROR, type Violation } from '../../lint/types.js';
import type { Project } from '../../project/project.js';
import { fencedBlock } from '../../views/markdown-fence.js';
import { CATALOG } from '../catalog.js';
import { lintFilesForLoop, violationLine, type FileLintSummary } from '../lint-stage.js';
import { RunStopped, type RunContext, type Workflow, type WorkflowOutcome } from '../workflow.js';
import { changedBetween, snapshotWorkspace } from '../workspace-changes.js';
import { relativeInside } from '../../io/paths.js';

export interface RedTeamParams {
  /** policy.redTeam.outputPath, project-relative, `/`-separated, no trailing slash. */
  readonly outputPath: string;
  /** Extra instructions from `--prompt`; the default brief alone when absent. */
  readonly prompt?: string;
}

/** The agent's structured answer: every file it wrote and, per file, each rule it claims to break. */
export const AttackOutputSchema = z.object({
  artifacts: z
    .array(
      z.object({
        file: z.string().min(1).describe('Project-relative path of a UI file written inside the run folder.'),
        claims: z
          .array(
            z.object({
              rule: z.string().min(1).nullish().describe('Id of the rule this breaks (from the rules file); omit when no rule covers it.'),
              description: z.string().regex(/\S/).describe('What breaks the design system, in one or two sentences.'),
              snippet: z.string().regex(/\S/).describe('The smallest self-contained fragment that shows the break on its own.'),
              line: z.number().int().positive().nullish().describe('1-based line of the break in the file.'),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type AttackOutput = z.output<typeof AttackOutputSchema>;

/** The JSON Schema the agent's final answer must satisfy (claude-code: `--json-schema`). */
export const ATTACK_OUTPUT_SCHEMA: Readonly<Record<string, unknown>> = z.toJSONSchema(AttackOutputSchema, { io: 'input' }) as Record<string, unknown>;

const ATTACK_TOOLS = ['Read', 'Grep', 'Glob', 'Write', 'Edit', 'MultiEdit', 'mcp__dsctl__get_rules', 'mcp__dsctl__get_component', 'mcp__dsctl__check_html'];
/** The checker's own pseudo-rule for unparsable source: it says nothing about whether a rule would catch the break. */

/** `pending`: missed in the artifact, its snippet not yet linted alone. */
type Verdict = 'caught' | 'pending' | 'caught-in-isolation' | 'unconfirmed' | 'escape';

export interface JudgedClaim {
  readonly file: string;
  readonly rule: string | null;
  readonly description: string;
  readonly snippet: string;
  readonly line: number | null;
  readonly verdict: Verdict;
  /** The findings that caught it, or why it could not be confirmed. */
  readonly evidence: readonly string[];
  /** The snippet's own file, when it was linted alone (project-relative). */
  readonly snippetFile?: string;
}

/**
 * W4, a model loop of one agent stage: the agent writes UI that breaks the rules, only inside
 * `<redTeam.outputPath>/<run_id>/`, and says what each break is; dsctl lints every file, and each claim
 * the linter misses is linted again alone. What escapes both becomes a proposal in the learnings
 * quarantine; the rules themselves are never touched.
 */
export const redTeam: Workflow<RedTeamParams> = {
  ...CATALOG['red-team'],

  parseParams(raw, project) {
    const outputPath = checkOutputPath(project);
    const prompt = raw.prompt?.trim();
    return { outputPath, ...(prompt ? { prompt } : {}) };
  },

  async run(ctx, params) {
    const runFolder = `${params.outputPath}/${ctx.runId}`;
    const before = await ctx.step('workspace-before', () => snapshotWorkspace(ctx.root, [params.outputPath]));
    const result = await ctx.agent('attack', {
      role: 'author',
      readOnly: false,
      allowedTools: ATTACK_TOOLS,
      outputSchema: ATTACK_OUTPUT_SCHEMA,
      prompt: attackPrompt(ctx, params, runFolder),
    });
    const after = await ctx.step('workspace-after', () => snapshotWorkspace(ctx.root, [params.outputPath]));
    const changed = changedBetween(before, after);
    const outside = changed.filter((p) => !p.startsWith(`${runFolder}/`));
    if (outside.length > 0) {
      throw new RunStopped(
        'escalated',
        {
          stuck_reason: `the agent changed ${outside.length} file(s) outside ${runFolder}/, the only folder red-team UI may be written to`,
          severity: 'error',
          proposed_diff: outside.join('\n'),
          evidence: [...outside.map((p) => `changed outside the run folder: ${p}`), ...changed.filter((p) => !outside.includes(p)).map((p) => `artifact: ${p}`)],
          human_question: `Review and undo these changes (they were left in place), then decide: re-run red-team with clearer instructions, or keep red-team to an isolated worktree?`,
        },
        changed,
      );
    }
    if (!result.ok) {
      return failed(`the agent session ended with ${result.subtype}${result.error ? `: ${result.error}` : ''}`, [], changed);
    }
    const parsed = AttackOutputSchema.safeParse(result.structuredOutput);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `answer${i.path.length ? `/${i.path.join('/')}` : ''}: ${i.message}`);
      return failed(
        result.structuredOutput === undefined ? 'the agent gave no structured answer (artifacts and claims)' : 'the agent\'s structured answer does not match the red-team output schema',
        issues,
        changed,
      );
    }

    const { accepted, rejected } = acceptArtifacts(parsed.data, runFolder);
    const lints = accepted.length === 0 ? [] : await ctx.step('lint-artifacts', () => lintFilesForLoop(ctx.project, accepted.map((a) => a.file)), { command: `dsctl lint ${accepted.map((a) => a.file).join(' ')}` });
    const lintByFile = new Map(lints.map((l) => [l.file, l]));
    for (const a of accepted) {
      const lint = lintByFile.get(a.file);
      if (lint !== undefined && !lint.read) rejected.push(`${a.file}: ${lint.problem ?? 'unreadable'}`);
    }
    const readable = accepted.filter((a) => lintByFile.get(a.file)?.read === true);
    if (readable.length === 0) {
      return failed(`the agent left no lintable artifact inside ${runFolder}/`, rejected, changed);
    }

    const snippetsRel = relative(ctx.root, join(ctx.runDir, 'snippets')).split(sep).join('/');
    const first = judgeInArtifacts(readable, lintByFile, snippetsRel);
    const alone = first.flatMap((c) => (c.verdict === 'pending' && c.snippetFile !== undefined ? [c.snippetFile] : []));
    const judged = alone.length === 0 ? first : await ctx.step('lint-snippets', () => judgeAlone(ctx.project, first), { command: `dsctl lint ${alone.join(' ')}` });
    const escapes = judged.filter((c) => c.verdict === 'escape');
    const learnings = escapes.length === 0 ? [] : await ctx.step('learnings', () => escapes.map((e) => proposeLearning(ctx.project, learningFor(ctx, e)).file));
    return outcome(ctx, runFolder, readable.map((a) => a.file), judged, rejected, learnings, lints);
  },
};

/** The red-team folder from the policy, checked: inside the project, hook-excluded, under no hard gate. */
function checkOutputPath(project: Project): string {
  const { policy } = project;
  const configured = policy.redTeam?.outputPath;
  if (configured === undefined) {
    throw new UserError('run/red-team', 'red-team needs policy.redTeam.outputPath: the one folder red-team UI may be written to (and add it to policy.hookExclusions)');
  }
  const abs = resolve(project.root, configured);
  const rel = relativeInside(project.root, abs);
  if (rel === undefined || rel === '') {
    throw new UserError('run/red-team', `policy.redTeam.outputPath "${configured}" must be a folder inside the project, not the project itself or outside it`);
  }
  const outputPath = rel;
  const probe = `${outputPath}/probe.html`;
  const excluded = policy.hookExclusions.length > 0 && picomatch([...policy.hookExclusions], { dot: true })(probe);
  if (!excluded) {
    throw new UserError(
      'run/red-team',
      `policy.redTeam.outputPath "${configured}" is not covered by policy.hookExclusions: red-team UI breaks the rules on purpose, so the lint hooks must skip it; add "${outputPath}/**" to hookExclusions`,
    );
  }
  const hit = createGateMatcher(project.root, policy).match(probe);
  if (hit) throw new UserError('run/red-team', `policy.redTeam.outputPath "${configured}" is under hard gate "${hit.gate.id}": red-team output must never be written into a protected path`);
  return outputPath;
}

function attackPrompt(ctx: RunContext, params: RedTeamParams, runFolder: string): string {
  const { project, policy } = ctx;
  const name = project.config.name ?? 'this';
  const automated = project.rules.rules.filter((r) => r.automationStatus === 'auto' && r.detector !== 'manual').map((r) => r.id);
  const manual = project.rules.rules.filter((r) => !(r.automationStatus === 'auto' && r.detector !== 'manual')).map((r) => `${r.id} (${r.automationStatus})`);
  return [
    `Red-team the ${name} design system: write UI that breaks its rules in ways its checker (dsctl lint, MCP check_html) might miss.`,
    '',
    `Write every file ONLY inside ${runFolder}/ (html, jsx, tsx, vue or css; 1 to 5 files). Change no other file:`,
    `a change anywhere else stops the run, and hard-gated files (${policy.hardGates.flatMap((g) => g.paths).join(', ')}) are restored.`,
    'Never edit the rules, contracts, policy, tests or baseline: you report gaps, a person decides what to adopt.',
    '',
    `Read the rules first: ${project.config.contracts.rules}; the component contracts are in ${project.config.contracts.components}/.`,
    `Automated rules: ${automated.join(', ') || 'none'}.`,
    `Not automated (checked by people or tests): ${manual.join(', ') || 'none'}.`,
    '',
    'Aim at detector gaps: variants of a forbidden pattern the detector may not recognise, breaks hidden by context,',
    'and breaks of the design system that no rule covers. Mix in a few obvious breaks too, so the checker is seen working.',
    '',
    'Answer with JSON matching the output schema: for each file, a claim per deliberate break with',
    '- rule: the rule id it breaks (omit it when no rule covers the break),',
    '- description: what breaks the design system,',
    '- snippet: the smallest fragment that shows the break and is a valid file of the same type on its own,',
    '- line: the 1-based line of the break in the file.',
    'dsctl lints every file and each claim\'s snippet alone; a break it misses both ways becomes a learning for a person.',
    ...(params.prompt ? ['', `Focus: ${params.prompt}`] : []),
  ].join('\n');
}

interface Artifact {
  readonly file: string;
  readonly claims: AttackOutput['artifacts'][number]['claims'];
}

/** Artifacts inside the run folder with a lintable type; the rest are rejected with a reason. Duplicates are merged. */
function acceptArtifacts(output: AttackOutput, runFolder: string): { accepted: Artifact[]; rejected: string[] } {
  const byFile = new Map<string, Artifact>();
  const rejected: string[] = [];
  for (const artifact of output.artifacts) {
    const file = posix.normalize(artifact.file.split('\\').join('/')).replace(/^\.\//, '');
    if (!file.startsWith(`${runFolder}/`) || file.includes('/../')) {
      rejected.push(`${artifact.file}: outside the run folder ${runFolder}/, not linted`);
      continue;
    }
    if (sourceTypeOf(file) === undefined) {
      rejected.push(`${artifact.file}: not a UI file dsctl can lint (html, jsx, tsx, vue, css)`);
      continue;
    }
    const seen = byFile.get(file);
    byFile.set(file, { file, claims: [...(seen?.claims ?? []), ...artifact.claims] });
  }
  return { accepted: [...byFile.values()], rejected };
}

/** Whether `violations` catch the claim: its rule anywhere, or (no rule given) any error on its line. Parse errors never count. */
function catching(violations: readonly Violation[], rule: string | null, line: number | null): Violation[] {
  const real = violations.filter((v) => v.ruleId !== PARSE_ERROR);
  if (rule !== null) return real.filter((v) => v.ruleId === rule);
  if (line === null) return [];
  return real.filter((v) => v.severity === 'error' && v.line <= line && line <= Math.max(v.endLine, v.line));
}

/** Each claim against its artifact's findings; one they miss gets a snippet file of its own to be linted alone (`pending`). */
function judgeInArtifacts(artifacts: readonly Artifact[], lints: ReadonlyMap<string, FileLintSummary>, snippetsRel: string): JudgedClaim[] {
  return artifacts.flatMap((artifact, a) => {
    const lint = lints.get(artifact.file);
    return artifact.claims.map((claim, c): JudgedClaim => {
      const rule = claim.rule ?? null;
      const line = claim.line ?? null;
      const base = { file: artifact.file, rule, description: claim.description.trim(), snippet: claim.snippet, line };
      const hits = catching(lint?.violations ?? [], rule, line);
      if (hits.length > 0) return { ...base, verdict: 'caught', evidence: hits.map((v) => violationLine(artifact.file, v)) };
      return { ...base, verdict: 'pending', evidence: [], snippetFile: `${snippetsRel}/${a + 1}-${c + 1}${extname(artifact.file).toLowerCase()}` };
    });
  });
}

/** Writes each pending claim's snippet as its own file and lints it: an escape only if it is missed alone too. */
async function judgeAlone(project: Project, claims: readonly JudgedClaim[]): Promise<JudgedClaim[]> {
  const pending = claims.filter((c) => c.verdict === 'pending' && c.snippetFile !== undefined);
  for (const claim of pending) {
    const abs = join(project.root, claim.snippetFile ?? '');
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, claim.snippet.endsWith('\n') ? claim.snippet : `${claim.snippet}\n`);
  }
  const lints = new Map((await lintFilesForLoop(project, pending.map((c) => c.snippetFile ?? ''))).map((l) => [l.file, l]));
  return claims.map((claim): JudgedClaim => {
    const file = claim.snippetFile;
    const lint = file === undefined ? undefined : lints.get(file);
    if (claim.verdict !== 'pending' || file === undefined || lint === undefined) return claim;
    if (!lint.read) return { ...claim, verdict: 'unconfirmed', evidence: [`the snippet could not be read back: ${lint.problem ?? ''}`] };
    // Alone, the snippet is the break and nothing else: without a rule, any error in it catches the claim.
    const hits = claim.rule === null ? lint.violations.filter((v) => v.ruleId !== PARSE_ERROR && v.severity === 'error') : catching(lint.violations, claim.rule, null);
    if (hits.length > 0) return { ...claim, verdict: 'caught-in-isolation', evidence: hits.map((v) => violationLine(file, v)) };
    const parseError = lint.violations.find((v) => v.ruleId === PARSE_ERROR);
    if (parseError) return { ...claim, verdict: 'unconfirmed', evidence: [`the snippet alone does not parse: ${parseError.message}`] };
    return { ...claim, verdict: 'escape', evidence: [`not caught in ${claim.file} nor in ${file} alone`, ...lint.violations.map((v) => `other finding: ${violationLine(file, v)}`)] };
  });
}

function ruleNote(project: Project, rule: string | null): { text: string; kind: 'none' | 'unknown' | 'manual' | 'auto' } {
  if (rule === null) return { text: 'none: no rule covers this break', kind: 'none' };
  const known = project.rules.byId.get(rule);
  if (known === undefined) return { text: `\`${rule}\` (not a rule of ${project.config.contracts.rules})`, kind: 'unknown' };
  if (known.automationStatus !== 'auto' || known.detector === 'manual') return { text: `\`${rule}\` (${known.severity}, not automated: ${known.automationStatus})`, kind: 'manual' };
  return { text: `\`${rule}\` (${known.severity}, detector ${known.detector})`, kind: 'auto' };
}

function learningFor(ctx: RunContext, escape: JudgedClaim): { title: string; body: string } {
  const note = ruleNote(ctx.project, escape.rule);
  const lang = (extname(escape.file).slice(1) || 'html').toLowerCase();
  const proposal = {
    none: 'Propose a new rule (id, severity, detector) with this snippet as its first invalid case, or a test that fails on it.',
    unknown: 'The claimed id is not a rule: decide whether a new rule should cover this break, with this snippet as its first invalid case.',
    manual: `The rule is not checked automatically. Propose a detector (or a test: Playwright / axe) that fails on this snippet, and only then change its automationStatus.`,
    auto: 'The rule\'s detector misses this form. Add this snippet as an invalid case to the rule\'s tests, then widen its pattern or selector until the case fails.',
  }[note.kind];
  const risk = {
    none: 'Unknown until a rule exists: run it over examples/ and the baseline before adopting; a broad rule on markup this common will flag valid UI.',
    unknown: 'Unknown until a rule exists: run it over examples/ and the baseline before adopting.',
    manual: 'Judgement rules are often manual because a static check cannot tell intent apart; a detector may flag valid UI. Measure it on examples/ first.',
    auto: 'Widening a detector can flag valid markup that looks like this snippet; check the new pattern against examples/ and the baseline.',
  }[note.kind];
  const title = `Red-team escape: ${escape.rule ?? 'uncovered'}: ${escape.description}`
    .replace(/[\u0000-\u001f\u007f/\\]+/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 160)
    .trim();
  const body = [
    `Found by run \`${ctx.runId}\` (red-team). A proposal: nothing changes until a person adopts it.`,
    '',
    '## Escape',
    '',
    `- Artifact: \`${escape.file}\`${escape.line === null ? '' : ` line ${escape.line}`}`,
    `- Claimed rule: ${note.text}`,
    `- What breaks: ${escape.description}`,
    ...(escape.snippetFile ? [`- Linted alone as \`${escape.snippetFile}\`: not caught either`] : []),
    '',
    '## Snippet',
    '',
    fencedBlock(escape.snippet.replace(/\s+$/, ''), lang),
    '',
    '## Proposed rule or test',
    '',
    proposal,
    '',
    '## False-positive risk',
    '',
    risk,
  ].join('\n');
  return { title, body };
}

function outcome(
  ctx: RunContext,
  runFolder: string,
  artifacts: readonly string[],
  judged: readonly JudgedClaim[],
  rejected: readonly string[],
  learnings: readonly string[],
  lints: readonly FileLintSummary[],
): WorkflowOutcome {
  const by = (verdict: Verdict) => judged.filter((c) => c.verdict === verdict);
  const escapes = by('escape');
  const claimLine = (c: JudgedClaim) => `${c.file}${c.line === null ? '' : `:${c.line}`}  ${c.rule ?? '(no rule)'}  ${c.description}`;
  const result = {
    runFolder,
    artifacts: artifacts.map((file) => {
      const lint = lints.find((l) => l.file === file);
      return { file, errorCount: lint?.errorCount ?? 0, warnCount: lint?.warnCount ?? 0 };
    }),
    caught: by('caught').map((c) => ({ claim: claimLine(c), by: c.evidence })),
    caughtInIsolation: by('caught-in-isolation').map((c) => ({ claim: claimLine(c), by: c.evidence, snippet: c.snippetFile })),
    unconfirmed: by('unconfirmed').map((c) => ({ claim: claimLine(c), reason: c.evidence.join('; ') })),
    escapes: escapes.map((c) => ({ claim: claimLine(c), snippet: c.snippetFile })),
    learnings,
    rejected,
  };
  const counts = `${judged.length} claim(s): ${by('caught').length} caught, ${by('caught-in-isolation').length} caught alone, ${escapes.length} escape(s)${by('unconfirmed').length ? `, ${by('unconfirmed').length} unconfirmed` : ''}`;
  if (escapes.length === 0) {
    return { status: 'passed', summary: `no escapes: ${counts}`, attempts: 1, changedPaths: [...artifacts], result };
  }
  return {
    status: 'escalated',
    summary: `${escapes.length} red-team escape(s) found; proposals written to ${ctx.policy.learnings}`,
    attempts: 1,
    changedPaths: [...artifacts, ...learnings],
    escalation: {
      stuck_reason: `${escapes.length} deliberate break(s) of the design system escaped dsctl's checker, in the artifact and alone`,
      severity: 'warn',
      proposed_diff: learnings.map((l) => `${l} (proposal, quarantined)`).join('\n'),
      evidence: [
        ...escapes.map((c) => `escape: ${claimLine(c)}`),
        ...learnings.map((l) => `learning: ${l}`),
        ...rejected.map((r) => `rejected: ${r}`),
        counts,
      ],
      human_question: 'Should any of these escapes become a rule or a test (with which severity, and is its false-positive risk acceptable)? The learnings stay proposals until a person adopts them.',
    },
    result,
  };
}

function failed(reason: string, details: readonly string[], changed: readonly string[]): WorkflowOutcome {
  return {
    status: 'failed',
    summary: reason,
    attempts: 1,
    changedPaths: [...changed],
    escalation: {
      stuck_reason: reason,
      severity: 'error',
      proposed_diff: '',
      evidence: [reason, ...details, ...changed.map((p) => `written: ${p}`)],
      human_question: 'Is the agent set up correctly (driver, budget, output schema), or should this red-team run be done by hand?',
    },
  };
}
