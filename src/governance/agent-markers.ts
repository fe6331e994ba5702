/**
 * Environment variables that say a command runs on behalf of an agent, or inside dsctl's own
 * automation: `dsctl gate approve` refuses when any is set (non-empty). A person proves presence with a
 * terminal; an agent's shell inherits its session's variables, so a set marker is enough to refuse.
 * `verified` names where a variable was seen; the rest are documented by their tools or widely relied on.
 */
export interface AgentMarker {
  readonly variable: string;
  readonly who: string;
  readonly verified: string;
}

export const AGENT_MARKERS: readonly AgentMarker[] = [
  { variable: 'DSCTL_SANDBOX', who: 'dsctl sandbox', verified: 'set by dsctl sandbox for its child' },
  { variable: 'DSCTL_RUN_ID', who: 'the dsctl loop runner', verified: 'meant for every agent stage of the runner' },
  { variable: 'CLAUDECODE', who: 'Claude Code', verified: 'Claude Code 2.1.328: "1" in the Bash tool environment' },
  { variable: 'CLAUDE_CODE_ENTRYPOINT', who: 'Claude Code', verified: 'Claude Code 2.1.328: cli, sdk-ts, …' },
  { variable: 'CLAUDE_CODE_SESSION_ID', who: 'Claude Code', verified: 'Claude Code 2.1.328: the Bash tool environment' },
  { variable: 'AI_AGENT', who: 'Claude Code (and agents adopting it)', verified: 'Claude Code 2.1.328: set for agent sessions' },
  { variable: 'CODEX_SANDBOX', who: 'Codex', verified: 'codex-rs: "seatbelt" inside its macOS sandbox' },
  { variable: 'CODEX_SANDBOX_NETWORK_DISABLED', who: 'Codex', verified: "openai/codex AGENTS.md: set whenever the shell tool runs" },
  { variable: 'CODEX_THREAD_ID', who: 'Codex', verified: 'codex-rs: the shell tool environment' },
  { variable: 'CODEX_CI', who: 'Codex', verified: 'codex-rs: the shell tool environment' },
  { variable: 'CODEX_MANAGED_BY_NPM', who: 'Codex', verified: "@openai/codex's npm launcher, inherited by its tools" },
  { variable: 'CODEX_MANAGED_BY_BUN', who: 'Codex', verified: "@openai/codex's bun launcher, inherited by its tools" },
  { variable: 'CURSOR_AGENT', who: 'Cursor agent (cursor-agent CLI)', verified: 'documented by agent detectors' },
  { variable: 'CURSOR_TRACE_ID', who: 'Cursor', verified: "Cursor's terminals (a person: use a terminal outside Cursor)" },
  { variable: 'GEMINI_CLI', who: 'Gemini CLI', verified: 'documented: "1" in its shell tool' },
  { variable: 'OPENCODE', who: 'opencode', verified: 'documented by agent detectors' },
];

/** The markers set in `env`, in table order. */
export function agentMarkersIn(env: Readonly<Record<string, string | undefined>>): AgentMarker[] {
  return AGENT_MARKERS.filter((m) => (env[m.variable] ?? '') !== '');
}
