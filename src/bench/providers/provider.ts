import type { Project } from '../../project/project.js';
import type { Sandbox } from '../../sandbox/sandbox.js';
import type { McpTools } from '../mcp-tools.js';
import type { BenchSpec, BenchTask } from '../spec.js';

/** Benchmark providers: who answers a trial. One file each, like the agent drivers. */
export const PROVIDER_IDS = ['anthropic', 'claude-code', 'scripted'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface TrialInput {
  /** `<condition>/<task>/<trial>`. */
  readonly key: string;
  readonly condition: string;
  readonly task: BenchTask;
  readonly trial: number;
  /** The condition's context. */
  readonly system: string;
  readonly prompt: string;
  /** dsctl's MCP tools, for conditions that have them (a fresh session per trial). */
  readonly tools: McpTools | undefined;
  readonly signal?: AbortSignal | undefined;
}

export type TrialStatus = 'answered' | 'refusal' | 'provider-error' | 'rate-limited';

export interface ToolCall {
  readonly name: string;
  readonly isError: boolean;
}

export interface TrialOutput {
  readonly status: TrialStatus;
  /** The final answer text. */
  readonly text: string;
  readonly error?: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly turns: number;
  readonly toolCalls: readonly ToolCall[];
  /** Why the tool loop ended when not by the model's own end of turn (`max_turns`). */
  readonly stop?: string;
}

export interface ProviderContext {
  readonly project: Project;
  readonly spec: BenchSpec;
  readonly specPath: string;
  /** The running dsctl's entry script (claude-code: its MCP server is `dsctl mcp`). */
  readonly dsctlBin?: string | undefined;
  /** The OS sandbox agent processes run in (claude-code); undefined when a person allowed running without. */
  readonly sandbox?: Sandbox | undefined;
  /** Where the provider may keep per-trial files (transcripts). */
  readonly workDir: string;
}

export interface BenchProvider {
  readonly id: ProviderId;
  /** Scripted answers are not evidence: such reports are stamped and never enter the history. */
  readonly scripted: boolean;
  /** Whether it calls tools itself (the scripted provider replays answers: no server is started for it). */
  readonly callsTools: boolean;
  run(input: TrialInput): Promise<TrialOutput>;
}

export const noUsage = { inputTokens: 0, outputTokens: 0, costUsd: 0, turns: 0, toolCalls: [] } as const;

/** USD for a token count at the spec's prices (0 without prices). */
export function priced(spec: BenchSpec, input: number, output: number): number {
  if (spec.pricing === undefined) return 0;
  return Math.round(((input * spec.pricing.inputPerMTok + output * spec.pricing.outputPerMTok) / 1e6) * 1e6) / 1e6;
}
