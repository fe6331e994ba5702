import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeSandboxMissing } from '../../sandbox/claude-settings.js';
import { detectSandbox } from '../../sandbox/sandbox.js';
import { reporter, type DoctorCheck } from '../check.js';

export const check: DoctorCheck = {
  id: 'os-sandbox',
  meta: {
    docs: { description: "the OS sandbox that holds the gates is installed: bubblewrap on Linux (and socat for Claude Code's own sandbox), sandbox-exec on macOS" },
    messages: {
      unavailable: { message: 'no OS sandbox: {reason}', fix: '{fix}' },
      'claude-sandbox': { message: '{reason}', fix: '{fix}' },
    },
  },
  run(ctx) {
    const report = reporter(check);
    const path = ctx.env.PATH ?? '';
    const claude = claudeSandboxOn(ctx.root) ? claudeSandboxMissing(ctx.platform, path) : undefined;
    // claudeSandboxMissing names bubblewrap too: one finding says it all.
    if (claude) return [report('claude-sandbox', { reason: claude, fix: installHint(claude) })];
    const availability = detectSandbox(ctx.platform, path);
    return availability.ok ? [] : [report('unavailable', { reason: availability.reason, fix: installHint(availability.reason) })];
  },
};

/** The install command the reason names in backquotes, or the reason itself. */
function installHint(reason: string): string {
  const command = /`([^`]+)`/.exec(reason)?.[1];
  return command ? `run \`${command}\`` : reason;
}

function claudeSandboxOn(root: string): boolean {
  const file = join(root, '.claude/settings.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { sandbox?: { enabled?: unknown } }).sandbox?.enabled === true;
  } catch {
    return false;
  }
}
