import type { Root } from 'mdast';
import { parseMarkdown } from '../../views/markdown.js';
import type { SelfDriftContext, SelfDriftFiles } from './check.js';

export interface Playbook {
  /** Project-relative path. */
  readonly file: string;
  readonly text: string;
  /** Shared with the other checks of the run (parseMarkdown keeps recent trees): do not mutate. */
  readonly root: Root;
}

/** The loop playbook, parsed; undefined when it does not exist (playbook-present reports that). */
export function readPlaybook(files: SelfDriftFiles, context: SelfDriftContext): Playbook | undefined {
  const file = context.paths.playbook;
  const text = files.read(file, 'loop playbook');
  return text === undefined ? undefined : { file, text, root: parseMarkdown(text) };
}
