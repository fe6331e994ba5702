import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { LoadedPolicy } from '../project/policy.js';
import { createGateMatcher, type GateHit, type GateMatcher } from './gates.js';
import { analyzeShell } from './shell-writes.js';

/** A tool call an agent is about to make, in dsctl's terms (every agent adapter maps to this). */
export type ToolCall =
  | { readonly kind: 'write'; readonly path: string; readonly after?: (before: string) => string | undefined }
  | { readonly kind: 'shell'; readonly command: string }
  | { readonly kind: 'other' };

export type ToolDecision =
  | { readonly decision: 'allow' }
  | { readonly decision: 'deny'; readonly gate: string; readonly path: string; readonly reason: string; readonly instead: string }
  | { readonly decision: 'ask'; readonly reason: string };

export interface ToolGuard {
  decide(call: ToolCall, cwd: string): Promise<ToolDecision>;
}

const INTERPRETER_REASON = 'runs inline code that mentions a protected path; a person should look at it';

/** The first layer of enforcement in depth: what the agent hooks allow, deny or ask about. */
export function createToolGuard(loaded: LoadedPolicy): ToolGuard {
  const matcher: GateMatcher = createGateMatcher(loaded.root, loaded.policy);
  const deny = (hit: GateHit, how: string): ToolDecision => ({
    decision: 'deny',
    gate: hit.gate.id,
    path: hit.path,
    reason: `${how} ${hit.path} is blocked by hard gate "${hit.gate.id}": ${hit.gate.reason}`,
    instead: hit.gate.allowGeneratedRegions
      ? `Only its generated regions may change, and only through \`dsctl build\`. For anything else, stop and ask a person: describe the change you propose.`
      : `Do not write it. Describe the change you propose in your reply (or as a proposal under ${loaded.policy.learnings}/) and let a person apply it.`,
  });
  // Paths an interpreter's inline code must not mention: each gate's literal base (design/contracts, DESIGN.md, …).
  const mentions = loaded.policy.hardGates.flatMap((g) => g.paths.map((p) => p.replace(/\/?\*.*$/, '')).filter((p) => p.length > 0));

  return {
    async decide(call, cwd) {
      if (call.kind === 'other') return { decision: 'allow' };
      if (call.kind === 'write') {
        const hit = matcher.match(call.path, { cwd });
        if (!hit) return { decision: 'allow' };
        if (hit.gate.allowGeneratedRegions && call.after) {
          const abs = isAbsolute(call.path) ? call.path : resolve(cwd, call.path);
          const before = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
          const after = call.after(before);
          // Markdown parsing is only paid for when a two-layered file is actually being written.
          const { onlyGeneratedRegionsChanged } = await import('../views/two-layered.js');
          if (after !== undefined && onlyGeneratedRegionsChanged(abs, before, after)) return { decision: 'allow' };
        }
        return deny(hit, 'Writing');
      }
      const analysis = await analyzeShell(call.command);
      if (analysis.error !== undefined) {
        return { decision: 'deny', gate: 'unparseable-command', path: '', reason: `the command could not be parsed (${analysis.error}), so its writes cannot be checked`, instead: 'Write the command so a POSIX shell parser can read it.' };
      }
      for (const write of analysis.writes) {
        // `cd "$X" && rm DESIGN.md`: the directory is unknowable, so judge the path from the project root.
        const path = write.path.startsWith('?/') ? join(loaded.root, write.path.slice(2)) : write.path;
        const hit = matcher.match(path, { cwd, via: write.via });
        if (hit) return deny(hit, `\`${write.via}\` on`);
      }
      for (const inline of analysis.inlineCode) {
        const mentioned = mentions.find((m) => inline.code.includes(m));
        if (mentioned) return { decision: 'ask', reason: `${inline.interpreter} ${INTERPRETER_REASON} (${mentioned})` };
      }
      return { decision: 'allow' };
    },
  };
}

/** The denial as an agent reads it: `dsctl: <reason>. <what to do instead>` (one full stop, whatever the policy's reason ends with). */
export function denialMessage(decision: { readonly reason: string; readonly instead: string }): string {
  const reason = decision.reason.trimEnd();
  return `dsctl: ${reason}${/[.!?]$/.test(reason) ? '' : '.'} ${decision.instead}`;
}
