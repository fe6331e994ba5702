import type { Root } from 'mdast';
import { findSection, lineOf, textOf } from '../../views/markdown.js';
import { defineSelfDriftCheck } from './check.js';
import { commandTexts } from './command-texts.js';
import { readPlaybook } from './playbook.js';

/** What the release-readiness (W5) section's heading contains. */
const RELEASE_SECTION = ['release-readiness', 'W5'];

export const check = defineSelfDriftCheck({
  id: 'release-section',
  meta: {
    docs: { description: 'the release-readiness (W5) section of the playbook names every CI command of the policy (ci.commands), so a release never skips a CI gate' },
    codes: {
      'release-command-missing': {
        severity: 'error',
        message: (a: { command: string; section: string | undefined; policy: string }) =>
          a.section === undefined
            ? `the playbook has no release-readiness (W5) section, so nothing verifies "${a.command}" (ci.commands in ${a.policy}) before a release`
            : `the release-readiness section "${a.section}" does not mention "${a.command}" (ci.commands in ${a.policy}); a release must not skip a CI gate`,
      },
    },
  },
  run(files, context) {
    const { commands } = context.policy.ci;
    const playbook = commands.length ? readPlaybook(files, context) : undefined;
    if (!playbook) return [];
    const { file, root, text } = playbook;
    const policy = context.paths.policy;
    const section = findSection(root, (t) => RELEASE_SECTION.some((needle) => t.includes(needle)));
    if (!section) return commands.map((command) => ({ code: 'release-command-missing', file, args: { command, section: undefined, policy } }));
    const sectionRoot: Root = { type: 'root', children: [...section.nodes] };
    const texts = commandTexts(sectionRoot, text).map((t) => t.text);
    const title = textOf(section.heading);
    return commands
      .filter((command) => !texts.some((t) => mentionsCommand(t, command)))
      .map((command) => ({ code: 'release-command-missing', file, line: lineOf(section.heading), args: { command, section: title, policy } }));
  },
});

const COMMAND_CHAR = /[\w:./@-]/;

/** Whether `text` names `command` as a whole: `npm run a` is in `npm run a -- x`, not in `npm run a-b`. */
function mentionsCommand(text: string, command: string): boolean {
  for (let i = text.indexOf(command); i !== -1; i = text.indexOf(command, i + 1)) {
    const before = text[i - 1];
    const after = text[i + command.length];
    if ((before === undefined || !COMMAND_CHAR.test(before)) && (after === undefined || !COMMAND_CHAR.test(after))) return true;
  }
  return false;
}
