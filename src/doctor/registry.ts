import type { DoctorCheck } from './check.js';
import { check as ciWorkflow } from './checks/ci-workflow.js';
import { check as claudeCode } from './checks/claude-code.js';
import { check as codex } from './checks/codex.js';
import { check as cursor } from './checks/cursor.js';
import { check as gitHook } from './checks/git-hook.js';
import { check as launcher } from './checks/launcher.js';
import { check as mcpConfig } from './checks/mcp-config.js';
import { check as node } from './checks/node.js';
import { check as osSandbox } from './checks/os-sandbox.js';
import { check as project } from './checks/project.js';

/** Every doctor check, sorted by id (= file name under checks/). */
export const CHECKS: readonly DoctorCheck[] = [ciWorkflow, claudeCode, codex, cursor, gitHook, launcher, mcpConfig, node, osSandbox, project];
