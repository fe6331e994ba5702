import type { HookAdapter } from './adapter.js';
import { claudeAdapter } from './claude.js';
import { codexAdapter } from './codex.js';
import { cursorAdapter } from './cursor.js';

/** Every agent's hook adapter, sorted by id. */
export const HOOK_ADAPTERS: readonly HookAdapter[] = [claudeAdapter, codexAdapter, cursorAdapter];
