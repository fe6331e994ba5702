/** What a hook answers its agent: the exit code and the two streams, exactly as the agent reads them. */
export interface HookOutcome {
  readonly exitCode: number;
  readonly stdout?: string;
  readonly stderr?: string;
}

export const SILENT: HookOutcome = { exitCode: 0 };

export function json(value: unknown, exitCode = 0, stderr?: string): HookOutcome {
  return { exitCode, stdout: `${JSON.stringify(value)}\n`, ...(stderr === undefined ? {} : { stderr: `${stderr}\n` }) };
}
