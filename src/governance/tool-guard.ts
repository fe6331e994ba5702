import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { LoadedPolicy } from '../project/policy.js';
import { createGateMatcher, type GateHit, type GateMatcher } from './gates.js';
import { pointersUnchanged } from './json-pointer-gate.js';
import { createGateSpace, type GateSpace } from './gate-space.js';
import { mentionedGate } from './mentions.js';
import { analyzeShell, type ShellAnalysis, type ShellWrite } from './shell-writes.js';
import { stringsIn, pathCandidates } from './tool-input-paths.js';

/** A tool call an agent is about to make, in dsctl's terms (every agent adapter maps to this). */
export type ToolCall =
  | { readonly kind: 'write'; readonly path: string; readonly after?: (before: string) => string | undefined }
  /** Several files written by one call (a patch naming them). */
  | { readonly kind: 'writes'; readonly paths: readonly string[] }
  /** `analysis`: the command's, when the caller already has it (from the cwd given to decide). */
  | { readonly kind: 'shell'; readonly command: string; readonly analysis?: ShellAnalysis }
  /** A tool dsctl does not know (an MCP tool, a new built-in): whatever its input names may be written. */
  | { readonly kind: 'scan'; readonly tool: string; readonly input: unknown }
  /** A payload of a tool that can write, in a shape dsctl does not expect: fails closed. */
  | { readonly kind: 'invalid'; readonly reason: string }
  /** A tool that cannot write (Read, Grep, …). */
  | { readonly kind: 'other' };

export type ToolDecision =
  | { readonly decision: 'allow' }
  | { readonly decision: 'deny'; readonly gate: string; readonly path: string; readonly reason: string; readonly instead: string }
  | { readonly decision: 'ask'; readonly reason: string };

export interface ToolGuard {
  decide(call: ToolCall, cwd: string): Promise<ToolDecision>;
}

const ALLOW: ToolDecision = { decision: 'allow' };
const INTERPRETER_REASON = 'runs code that mentions a protected path; a person should look at it';
const ASK_INSTEAD = 'dsctl cannot tell what it writes';

/** Of several decisions, the strictest: deny over ask over allow. */
export function strictest(decisions: readonly ToolDecision[]): ToolDecision {
  return decisions.find((d) => d.decision === 'deny') ?? decisions.find((d) => d.decision === 'ask') ?? ALLOW;
}

/**
 * The first layer of enforcement in depth: what the agent hooks allow, deny or ask about. Every
 * branch that allows has proved it; anything it cannot prove asks (a person decides) or denies.
 */
export function createToolGuard(loaded: LoadedPolicy): ToolGuard {
  const matcher: GateMatcher = createGateMatcher(loaded.root, loaded.policy);
  const space: GateSpace = createGateSpace(loaded.root, loaded.policy);
  const deny = (hit: GateHit, how: string): ToolDecision => ({
    decision: 'deny',
    gate: hit.gate.id,
    path: hit.path,
    reason: `${how} ${hit.path} is blocked by hard gate "${hit.gate.id}": ${hit.gate.reason}`,
    instead: hit.pointers
      ? `Only parts of it are protected (${hit.pointers.join(', ')}): change it with the Edit tool, so that dsctl can see that only unprotected parts change.`
      : hit.gate.allowGeneratedRegions
        ? `Only its generated regions may change, and only through \`dsctl build\`. For anything else, stop and ask a person: describe the change you propose.`
        : `Do not write it. Describe the change you propose in your reply (or as a proposal under ${loaded.policy.learnings}/) and let a person apply it.`,
  });
  const denyCall = (gate: string, reason: string, instead: string): ToolDecision => ({ decision: 'deny', gate, path: '', reason, instead });
  const ask = (reason: string): ToolDecision => ({ decision: 'ask', reason });

  const writeFile = async (path: string, cwd: string, after: ((before: string) => string | undefined) | undefined): Promise<ToolDecision> => {
    const hit = matcher.match(path, { cwd });
    if (!hit) return ALLOW;
    if ((hit.pointers || hit.gate.allowGeneratedRegions) && after) {
      const abs = isAbsolute(path) ? path : resolve(cwd, path);
      const before = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
      const next = after(before);
      if (next !== undefined && hit.pointers && pointersUnchanged(hit.pointers, before, next)) return ALLOW;
      if (next !== undefined && !hit.pointers) {
        // Markdown is only looked at when a two-layered file is actually being written.
        const { onlyGeneratedRegionsChanged } = await import('../views/two-layered.js');
        if (onlyGeneratedRegionsChanged(abs, before, next)) return ALLOW;
      }
    }
    return deny(hit, 'Writing');
  };

  const shellWrite = (write: ShellWrite, cwd: string): ToolDecision => {
    // `*` as a scope is "anywhere"; as a path it is the glob `*`.
    const path = write.scope && write.path === '*' ? undefined : space.localPath(write.path, cwd);
    if (path === undefined) return write.scope ? ask(`\`${write.via}\` writes files whose names only exist at run time; ${ASK_INSTEAD}`) : ALLOW;
    if (write.scope) {
      const reached = space.reachedUnder(path, cwd, write.filters);
      return reached ? ask(`\`${write.via}\` may write any file under ${reached.dir}, including ${reached.path} (hard gate "${reached.gate}"); ${ASK_INSTEAD}`) : ALLOW;
    }
    const hit = space.isGlob(path) ? space.globHit(path, cwd) : matcher.match(path, { cwd, via: write.via });
    return hit ? deny(hit, `\`${write.via}\` on`) : ALLOW;
  };

  return {
    async decide(call, cwd) {
      switch (call.kind) {
        case 'other':
          return ALLOW;
        case 'invalid':
          return denyCall('hook-input', call.reason, 'Send the tool call again with the fields its tool expects.');
        case 'write':
          return writeFile(call.path, cwd, call.after);
        case 'writes':
          return strictest(await Promise.all(call.paths.map((p) => writeFile(p, cwd, undefined))));
        case 'scan': {
          for (const candidate of pathCandidates(stringsIn(call.input))) {
            const path = space.localPath(candidate, cwd) ?? candidate;
            if (resolve(cwd, path) === loaded.root) continue;
            // A tool that deletes or moves `design` reaches design/contracts/**: folders count as subtrees.
            const hit = matcher.match(path, { cwd, via: 'rm' });
            if (hit) return deny(hit, `\`${call.tool}\` naming`);
          }
          return ALLOW;
        }
        case 'shell':
          break;
        default:
          return denyCall('hook-input', 'dsctl does not know this kind of tool call', 'Ask a person.');
      }
      const analysis = call.analysis ?? analyzeShell(call.command, { cwd });
      if (analysis.error !== undefined) {
        return denyCall('unparseable-command', `the command could not be parsed (${analysis.error}), so its writes cannot be checked`, 'Write the command so a POSIX shell parser can read it.');
      }
      const [forbidden] = analysis.forbidden;
      if (forbidden !== undefined) return denyCall('dsctl-command', forbidden, 'Only a person runs it: say in your reply what you want done and why.');
      const decisions: ToolDecision[] = [];
      for (const write of analysis.writes) {
        const decision = shellWrite(write, cwd);
        if (decision.decision === 'deny') return decision;
        decisions.push(decision);
      }
      for (const inline of analysis.inlineCode) {
        const mentioned = mentionedGate(inline.code, loaded.policy);
        if (mentioned) decisions.push(ask(inline.interpreter === 'environment' ? `the command's environment names a protected path (${mentioned}); a person should look at it` : `${inline.interpreter} ${INTERPRETER_REASON} (${mentioned})`));
      }
      for (const reason of analysis.undecidable) decisions.push(ask(`${reason}; ${ASK_INSTEAD}`));
      return strictest(decisions);
    },
  };
}

/** The denial as an agent reads it: `dsctl: <reason>. <what to do instead>` (one full stop, whatever the policy's reason ends with). */
export function denialMessage(decision: { readonly reason: string; readonly instead: string }): string {
  const reason = decision.reason.trimEnd();
  return `dsctl: ${reason}${/[.!?]$/.test(reason) ? '' : '.'} ${decision.instead}`;
}
