'use strict';
/*
 * The dsctl launcher's Node half (see `dsctl` beside it). No dependencies, on purpose: it must work in
 * a fresh clone, a new worktree or a cloud sandbox where `node_modules` does not exist yet.
 *
 * 1. dsctl is found in the project's node_modules (this folder's project, then its parents: a
 *    workspace), or where `launcher.dsctl` in dsctl.config.json points; never on the network.
 * 2. Not found, it fails closed and says how to install:
 *    - an agent's PreToolUse / beforeShellExecution: a tool call whose path, or Bash command text,
 *      names anything under a hard gate of the policy is denied; other calls pass;
 *    - PostToolUse, Stop, afterFileEdit: pass, with a warning on stderr;
 *    - `gate check --staged` (the git hook): staged paths against the gate globs, blocking only on a match;
 *    - anything else (`mcp`, CI's `gate check --range`): exit non-zero with the message.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const BLOCKING = new Set(['pre-tool-use', 'before-shell-execution']);
// Tools that only read: their paths may name a gate freely.
const READ_ONLY_TOOLS = new Set(['Read', 'Grep', 'Glob', 'LS', 'NotebookRead', 'WebFetch', 'WebSearch', 'TodoWrite', 'Task', 'BashOutput', 'KillShell', 'ExitPlanMode']);
// Claude Code's file tools: only the path they write counts (a README that mentions a gate is fine).
const FILE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

function readJson(file) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
}

function findDsctl() {
  const config = readJson(path.join(root, 'dsctl.config.json'));
  const pinned = config && config.launcher && typeof config.launcher.dsctl === 'string' ? path.resolve(root, config.launcher.dsctl) : undefined;
  if (pinned !== undefined && fs.existsSync(pinned)) return pinned;
  for (let dir = root; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'node_modules', 'dsctl');
    const manifest = readJson(path.join(pkg, 'package.json'));
    const bin = manifest && (typeof manifest.bin === 'string' ? manifest.bin : manifest.bin && manifest.bin.dsctl);
    if (typeof bin === 'string' && fs.existsSync(path.join(pkg, bin))) return path.join(pkg, bin);
    if (path.dirname(dir) === dir) return undefined;
  }
}

function installCommand() {
  const has = (file) => fs.existsSync(path.join(root, file));
  if (has('pnpm-lock.yaml')) return 'pnpm install';
  if (has('yarn.lock')) return 'yarn install';
  if (has('bun.lock') || has('bun.lockb')) return 'bun install';
  if (has('package-lock.json')) return 'npm ci';
  return 'npm install';
}

const dsctl = findDsctl();
if (dsctl !== undefined) {
  // The same process: an agent hook costs one Node start, not two. dsctl reads process.argv itself.
  import(pathToFileURL(dsctl).href).catch((error) => {
    process.stderr.write(`dsctl launcher: could not load ${dsctl}: ${error && error.message ? error.message : error}\n`);
    process.exitCode = args[0] === 'hook' && BLOCKING.has(args[2]) ? 2 : 70;
  });
} else {
  process.exitCode = fallback();
}

// --- dsctl is not installed: fail closed -----------------------------------------------------------

function fallback() {
  const message = `dsctl is not installed here: run \`${installCommand()}\``;
  if (args[0] === 'hook') return hookFallback(args[1], args[2], message);
  if (args[0] === 'gate' && args[1] === 'check' && args.includes('--staged')) return stagedFallback(message);
  process.stderr.write(`${message} (the launcher found no dsctl in node_modules and no launcher.dsctl in dsctl.config.json)\n`);
  return args[0] === 'mcp' ? 1 : 2;
}

/** The policy's gates as { id, test(relativePath), names } (names: literal text a command may mention). */
function gates() {
  const config = readJson(path.join(root, 'dsctl.config.json')) || {};
  const policy = readJson(path.join(root, typeof config.policy === 'string' ? config.policy : 'design/policy.json'));
  if (!policy || !Array.isArray(policy.hardGates)) return undefined;
  return policy.hardGates.map((gate) => {
    const globs = (Array.isArray(gate.paths) ? gate.paths : []).filter((p) => typeof p === 'string').map((p) => p.split('#')[0]);
    const regexes = globs.map(globToRegExp);
    return {
      id: String(gate.id),
      test: (rel) => regexes.some((r) => r.test(rel)),
      // A pointer gate protects part of a file that commands read all the time (package.json): a command
      // naming it is not a write of it, so only whole-file gates are looked for in command text.
      names: (Array.isArray(gate.paths) ? gate.paths : []).filter((p) => typeof p === 'string' && !p.includes('#')).map((p) => p.replace(/[*?[{].*$/, '').replace(/\/+$/, '')).filter((n) => n !== ''),
    };
  });
}

/** A glob (picomatch-like: `**`, `*`, `?`, `{a,b}`, `[…]`) as a case-insensitive RegExp over repo-relative paths. */
function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          out += '(?:.*/)?';
        } else out += '.*';
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end === -1) out += '\\{';
      else {
        out += `(?:${glob.slice(i + 1, end).split(',').map((part) => globToRegExp(part).source.slice(1, -1)).join('|')})`;
        i = end;
      }
    } else if (c === '[') {
      const end = glob.indexOf(']', i);
      if (end === -1) out += '\\[';
      else {
        out += glob.slice(i, end + 1);
        i = end;
      }
    } else out += c.replace(/[.+^$()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}(?:/.*)?$`, 'i');
}

function hookFallback(agent, event, message) {
  if (!BLOCKING.has(event)) {
    process.stderr.write(`${message}; dsctl did not lint or check anything for this ${event}\n`);
    if (agent === 'cursor') process.stdout.write('{}\n');
    return 0;
  }
  const deny = (why) => {
    const reason = `${message}. Until then, ${why}`;
    process.stderr.write(`${reason}\n`);
    if (agent === 'cursor') process.stdout.write(`${JSON.stringify({ permission: 'deny', user_message: reason, agent_message: reason })}\n`);
    else process.stdout.write(`${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}\n`);
    return 2;
  };
  const allow = () => {
    process.stderr.write(`${message}; only the hard-gated paths were checked\n`);
    if (agent === 'cursor') process.stdout.write('{"permission":"allow"}\n');
    return 0;
  };
  let input;
  try {
    input = JSON.parse(fs.readFileSync(0, 'utf8'));
  } catch {
    return deny('a hook input that is not JSON is denied.');
  }
  if (!input || typeof input !== 'object') return deny('a hook input that is not a JSON object is denied.');
  const tool = typeof input.tool_name === 'string' ? input.tool_name : event === 'before-shell-execution' ? 'Bash' : '';
  if (READ_ONLY_TOOLS.has(tool)) return allow();
  const all = gates();
  if (all === undefined) return deny('no hard gate could be read from the policy, so every tool call that may write is denied.');
  const cwd = typeof input.cwd === 'string' ? input.cwd : root;
  const toolInput = input.tool_input && typeof input.tool_input === 'object' ? input.tool_input : {};
  if (FILE_TOOLS.has(tool)) {
    const file = [toolInput.file_path, toolInput.notebook_path].find((v) => typeof v === 'string');
    if (file === undefined) return deny(`a ${tool} without a file path is denied.`);
    const hit = gateOf(all, cwd, file);
    return hit ? deny(`writes to hard-gated paths are denied: ${hit.rel} is under hard gate "${hit.gate.id}".`) : allow();
  }
  // Shell commands, patches, MCP and unknown tools: every string they carry.
  const strings = [];
  collect(event === 'before-shell-execution' ? input.command : toolInput, strings);
  for (const text of strings) {
    for (const word of text.split(/[\s'"`;|&<>()=,]+/)) {
      const hit = word === '' ? undefined : gateOf(all, cwd, word);
      if (hit) return deny(`writes to hard-gated paths are denied: ${hit.rel} is under hard gate "${hit.gate.id}".`);
    }
    const named = all.find((g) => g.names.some((n) => text.toLowerCase().includes(n.toLowerCase())));
    if (named) return deny(`a command that names a hard-gated path is denied (hard gate "${named.id}").`);
  }
  return allow();
}

/** The gate a path falls under, or whose folder it names (`rm -rf design` replaces design/contracts). */
function gateOf(all, cwd, word) {
  const rel = path.relative(root, path.resolve(cwd, word)).split(path.sep).join('/');
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const lower = rel.toLowerCase();
  const gate = all.find((g) => g.test(rel) || g.names.some((n) => n.toLowerCase().startsWith(`${lower}/`)));
  return gate ? { gate, rel } : undefined;
}

/** Every string of a tool input (bounded; no recursion on input depth). */
function collect(value, out) {
  const stack = [value];
  while (stack.length > 0 && out.length < 4096) {
    const v = stack.pop();
    if (typeof v === 'string') out.push(v.slice(0, 65536));
    else if (Array.isArray(v)) stack.push(...v.slice(0, 4096));
    else if (v && typeof v === 'object') stack.push(...Object.values(v).slice(0, 4096));
  }
}

function stagedFallback(message) {
  const all = gates();
  if (all === undefined) {
    process.stderr.write(`${message}. No hard gate could be read from the policy, so this commit is blocked.\n`);
    return 1;
  }
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8' });
  const staged = spawnSync('git', ['diff', '--cached', '--name-only', '--no-renames', '-z'], { cwd: root, encoding: 'utf8' });
  if (top.status !== 0 || staged.status !== 0) {
    process.stderr.write(`${message}. git could not list the staged changes, so this commit is blocked.\n`);
    return 1;
  }
  const prefix = path.relative(top.stdout.trim(), root).split(path.sep).join('/');
  const hits = [];
  for (const file of staged.stdout.split('\0').filter((f) => f !== '')) {
    const rel = prefix === '' ? file : file.startsWith(`${prefix}/`) ? file.slice(prefix.length + 1) : undefined;
    if (rel === undefined) continue;
    const gate = all.find((g) => g.test(rel));
    if (gate) hits.push(`${rel} (hard gate "${gate.id}")`);
  }
  if (hits.length === 0) {
    process.stderr.write(`${message}; no staged path is under a hard gate, so the commit goes ahead.\n`);
    return 0;
  }
  process.stderr.write(`${message}. These staged paths are under hard gates, so the commit is blocked:\n${hits.map((h) => `  ${h}\n`).join('')}`);
  return 1;
}
