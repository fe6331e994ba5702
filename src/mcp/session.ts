/**
 * What one MCP session (one connected client) remembers: whether check_html has listed the rule
 * coverage yet. The coverage is the same for every call, so it is listed once, not 44 rules a call.
 */
export interface McpSession {
  coverageListed: boolean;
}

export function createSession(): McpSession {
  return { coverageListed: false };
}
