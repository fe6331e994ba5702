import { dirname } from 'node:path';
import type { ComponentSnapshot } from '../../../components/sense.js';
import type { CommandOutcome } from '../../workflow.js';

/*
 * What each agent stage of the component loop is told. The author sees only the snapshot, the schema
 * and the closest existing component (frozen-file handoffs); the reviewer starts from nothing but the
 * files it is pointed at, so its context is its own.
 */

export interface ComponentFiles {
  /** Project-relative. */
  readonly snapshot: string;
  readonly target: string;
  readonly a11yTest: string;
  readonly preview: string;
}

export function componentFiles(snapshot: ComponentSnapshot, snapshotFile: string): ComponentFiles {
  const dir = dirname(snapshot.target);
  const at = (file: string) => (dir === '.' ? file : `${dir}/${file}`);
  return { snapshot: snapshotFile, target: snapshot.target, a11yTest: at(`${snapshot.component}.a11y.test.tsx`), preview: at(`${snapshot.component}.preview.tsx`) };
}

export function scaffoldPrompt(s: ComponentSnapshot, files: ComponentFiles, gate: readonly string[], apiNote: string | undefined): string {
  const interactive = s.risk.risk === 'interactive';
  return [
    `Write the ${s.component} component.`,
    '',
    'Read exactly these files, and no others:',
    `- ${files.snapshot}: the component's contract (or a greenfield note), its tokens with their governance status and usage, deprecated tokens to avoid, the design tool's variables, its siblings`,
    `- ${s.schemaPath}: the schema its contract follows`,
    ...(s.closest ? [`- ${s.closest.source}: ${s.closest.name}, the closest existing component: follow its structure and conventions`] : []),
    '',
    'Write:',
    `- ${files.target}: the component, implementing every variant, size and state of the contract with its declared tokens only`,
    ...(interactive ? [`- ${files.a11yTest}: a behavioural a11y test (vitest + Testing Library + axe) that asserts every keyboard interaction, state attribute and focus movement of the contract`] : []),
    `- ${files.preview} (optional): \`export const cases = [{ id, label, element }]\`, one per variant and state, for the visual review`,
    ...(apiNote ? ['', `A person reviewed the proposed API and asked for: ${apiNote}`] : []),
    '',
    `Never use a deprecated token${s.deprecatedTokens.length ? ` (${s.deprecatedTokens.map((d) => `${d.token}${d.successor ? ` → ${d.successor}` : ''}`).join(', ')})` : ''}.`,
    'Contracts, schemas and the policy are read-only for you: a change to them is reverted and stops the run.',
    gate.length ? `When you finish, dsctl runs the gate (${gate.join(' && ')}) and sends back the first failure.` : 'When you finish, dsctl runs the gate (no commands configured).',
  ].join('\n');
}

export function gateFixPrompt(failure: CommandOutcome, run: number, maxRuns: number): string {
  return [
    `The gate failed (run ${run} of at most ${maxRuns}): \`${failure.command}\` exited ${failure.exitCode}.`,
    '',
    '```text',
    failure.tail,
    '```',
    '',
    'Fix the cause in the component files; do not weaken tests, rules or the gate. dsctl runs the gate again when you finish.',
  ].join('\n');
}

export function reviewerPrompt(s: ComponentSnapshot, files: ComponentFiles, written: readonly string[], lint: readonly string[]): string {
  const interactive = s.risk.risk === 'interactive';
  const keys = s.contract?.value.accessibility.keyboardInteractions ?? [];
  const states = s.contract?.value.states ?? [];
  return [
    `Review the new ${s.component} component adversarially. You did not write it; assume it has defects until you have checked.`,
    'You can read files but not change them. The deterministic gate (typecheck, build, a11y tests) has already passed: report what it cannot catch.',
    '',
    `The contract and its context: ${files.snapshot}. The schema: ${s.schemaPath}.`,
    'The files written:',
    ...written.map((f) => `- ${f}`),
    '',
    lint.length ? `dsctl lint reports:\n${lint.map((l) => `- ${l}`).join('\n')}` : 'dsctl lint reports nothing on these files.',
    '',
    ...(interactive
      ? [
          `${s.component} is interactive (${s.risk.reasons.join('; ')}). Judge whether ${files.a11yTest} covers the contract:`,
          ...keys.map((k) => `- keyboard: ${k.key}: ${k.action}`),
          ...states.map((st) => `- state: ${st}`),
          'Every keyboard interaction and every state needs an assertion (focus movement, the state attribute, APG semantics); list each one it misses in `a11y`.',
          '',
        ]
      : []),
    'Answer with JSON only, matching the schema you were given:',
    `{"component": "${s.component}", "reviewedAt": "<ISO time>", "path": "full", "lint": [...], "codeReview": [{"severity": "high|medium|low", "file", "issue", "fix"}], "a11y": [{"severity", "issue", "fix", "interaction"}], "verdict": "clean|changes-required"}`,
  ].join('\n');
}

export function selfReviewPrompt(s: ComponentSnapshot, written: readonly string[], lint: readonly string[], diff: string): string {
  return [
    `The gate passed. Review your own change to ${s.component} before it goes to a person (the in-session review of the standard path):`,
    ...written.map((f) => `- ${f}`),
    '',
    ...(diff ? ['```diff', diff.replace(/\n$/, ''), '```', ''] : []),
    lint.length ? `dsctl lint reports:\n${lint.map((l) => `- ${l}`).join('\n')}` : 'dsctl lint reports nothing on these files.',
    '',
    'Check it against the contract in the snapshot: variants, sizes, states, tokens (no deprecated ones), accessibility. Do not change files in this step.',
    `Answer with JSON only: {"component": "${s.component}", "reviewedAt": "<ISO time>", "path": "standard", "lint": [...], "codeReview": [{"severity", "file", "issue", "fix"}], "a11y": [...], "verdict": "clean|changes-required"}`,
  ].join('\n');
}

export function applyFindingsPrompt(findings: readonly string[], reviewFile: string): string {
  return [
    `The review (${reviewFile}) asks for these changes (high and medium findings):`,
    ...findings.map((f) => `- ${f}`),
    '',
    'Apply each one in the component files. dsctl runs the gate again when you finish.',
  ].join('\n');
}

export function visualFixPrompt(note: string, shots: readonly string[]): string {
  return [
    'A person looked at the screenshots of every variant and state and asked for changes:',
    '',
    `> ${note}`,
    '',
    ...(shots.length ? ['The screenshots they saw:', ...shots.map((s) => `- ${s}`), ''] : []),
    'Make the change in the component files. dsctl runs the gate again, then shows the person new screenshots.',
  ].join('\n');
}

export function apiProposalPrompt(s: ComponentSnapshot, file: string): string {
  return [
    `${s.component} has no contract yet: propose its API before any code is written.`,
    `Read ${s.schemaPath} (the contract schema)${s.closest ? ` and ${s.closest.source} (${s.closest.name}, an existing component)` : ''}.`,
    `Write ${file}: the props, variants, sizes, states, accessibility role and keyboard interactions, and the tokens it would use (none deprecated). Write no other file.`,
    'A person approves or changes the proposal before you write the component.',
  ].join('\n');
}
