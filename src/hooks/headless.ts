/**
 * Whether no person is there to answer a question: then what the hook cannot decide is denied instead
 * of asked. Verified signals only:
 * - dsctl's own: `DSCTL_RUN_ID` (the loop runner's agent stages). `DSCTL_SANDBOX=1` alone is not one:
 *   `dsctl sandbox -- claude` is an interactive session a person answers (and the OS holds the gates);
 * - Claude Code 2.1.328 gives its hooks `CLAUDE_CODE_SESSION_ATTENDED=0` and
 *   `CLAUDE_CODE_ENTRYPOINT=sdk-cli` under `claude -p` (seen by a hook in test/hooks/claude-print-mode.e2e.test.ts;
 *   the CLI sets ATTENDED from whether the session is interactive, and the SDKs use `sdk-ts`/`sdk-py`).
 * Codex and Cursor document no such signal for their hooks: they count as interactive.
 */
export function isHeadless(env: Readonly<Record<string, string | undefined>>): boolean {
  if ((env.DSCTL_RUN_ID ?? '') !== '') return true;
  if (env.CLAUDE_CODE_SESSION_ATTENDED === '0') return true;
  const entry = env.CLAUDE_CODE_ENTRYPOINT ?? '';
  return entry === 'sdk-cli' || entry === 'sdk-ts' || entry === 'sdk-py' || entry === 'claude-code-github-action';
}
