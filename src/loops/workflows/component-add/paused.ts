import { RunInterrupted } from '../../workflow.js';

/**
 * The run waits: for a person's answer at a human checkpoint, or for the agent's usage window after a
 * usage-limit or budget stop. Like an interrupt, the state stays `running` and nothing goes to the run
 * log yet, so `dsctl run resume <run-id>` continues from the stage that waits; unlike one, it says why.
 */
export class RunPaused extends RunInterrupted {
  readonly paused = true;
  constructor(
    runId: string,
    /** One line: what the run waits for. */
    readonly reason: string,
    /** What a person does before resuming (answer the escalation, wait for the window). */
    readonly next: readonly string[],
    /** The checkpoint's escalation files, project-relative, when a person is asked something. */
    readonly escalation?: { readonly json: string; readonly markdown: string },
  ) {
    super(runId);
    this.message = `run ${runId} paused: ${reason}`;
  }
}
