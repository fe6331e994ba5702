import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeHook } from '../../src/hooks/claude.js';
import { starterRepo } from '../support/git-repo.js';

const postEdit = (dir: string, file: string) =>
  JSON.stringify({ session_id: 'legacy', cwd: dir, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: join(dir, file), old_string: 'a', new_string: 'b' } });

describe('the lint hooks respect the baseline', () => {
  it('an edit of a legacy file whose findings are all in the baseline does not block; a new finding does, alone', async () => {
    // The built starter: its example pages carry deliberate violations, all in .design-baseline.json.
    const { app } = starterRepo('dsctl-baseline-hook-');
    const file = 'examples/violations-settings.html';
    const page = readFileSync(join(app, file), 'utf8');
    // An unrelated edit: the legacy findings stay, and the hook leaves them alone.
    writeFileSync(join(app, file), page.replace('</body>', '<!-- an unrelated edit -->\n</body>'));
    expect(await claudeHook('post-tool-use', postEdit(app, file), app)).toEqual({ exitCode: 0 });
    expect(await claudeHook('stop', JSON.stringify({ session_id: 'legacy', cwd: app, hook_event_name: 'Stop' }), app)).toEqual({ exitCode: 0 });

    writeFileSync(join(app, file), page.replace('</body>', '<p class="text-black">new</p>\n</body>'));
    const blocked = await claudeHook('post-tool-use', postEdit(app, file), app);
    const answer = JSON.parse(blocked.stdout ?? '{}') as { decision: string; reason: string };
    expect(answer.decision).toBe('block');
    expect(answer.reason.match(/^- /gm)).toHaveLength(1);
    expect(answer.reason).toContain('COLOR_NO_RAW_BLACK_WHITE');
  });

  it("under dsctl run the Stop hook defers to the runner: no refusal, no second escalation", async () => {
    const { app } = starterRepo('dsctl-stop-runner-');
    const file = 'examples/new.html';
    writeFileSync(join(app, file), '<p class="text-black">x</p>\n');
    const post = JSON.stringify({ session_id: 'run', cwd: app, hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: join(app, file), content: 'x' } });
    expect(JSON.parse((await claudeHook('post-tool-use', post, app)).stdout ?? '{}')).toMatchObject({ decision: 'block' });
    const stop = JSON.stringify({ session_id: 'run', cwd: app, hook_event_name: 'Stop' });
    expect(await claudeHook('stop', stop, app, undefined, { env: { DSCTL_RUN_ID: '20261201T000000Z-ui-self-repair-abcd' } })).toEqual({ exitCode: 0 });
    // Outside a run the same session is refused.
    expect(JSON.parse((await claudeHook('stop', stop, app)).stdout ?? '{}')).toMatchObject({ decision: 'block' });
  });
});
