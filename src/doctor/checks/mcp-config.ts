import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mcpSmoke } from '../../loops/release-checks.js';
import { LAUNCHER_PATH } from '../../project/launcher.js';
import { isObject, readSettings } from '../agent-hooks.js';
import { reporter, type DoctorCheck, type DoctorFinding } from '../check.js';
import { commandProgram } from '../command-program.js';

/** The MCP configs dsctl's starter writes, and the variables their agent expands in them. */
const FILES: readonly { readonly file: string; readonly agent: string; readonly vars: (root: string) => Record<string, string> }[] = [
  { file: '.mcp.json', agent: 'Claude Code', vars: (root) => ({ CLAUDE_PROJECT_DIR: root }) },
  { file: '.cursor/mcp.json', agent: 'Cursor', vars: (root) => ({ workspaceFolder: root }) },
];

const ENTRY = `"dsctl": { "command": "${LAUNCHER_PATH}", "args": ["mcp"] }`;

export const check: DoctorCheck = {
  id: 'mcp-config',
  meta: {
    docs: { description: 'the MCP configs (.mcp.json, .cursor/mcp.json) are valid JSON, run dsctl without the network, and the server boots and lists its tools' },
    messages: {
      'invalid-json': { message: 'not valid JSON: {error}; {agent} loads no MCP server from it', fix: 'correct the JSON at {file}:{line}:{column}' },
      'no-servers': { message: 'no "mcpServers" object', fix: `add { "mcpServers": { ${ENTRY} } }` },
      'no-dsctl': { message: 'no dsctl server: {agent} gets no design-system tools (check_html, get_component, …)', fix: `add ${ENTRY} under "mcpServers"` },
      'no-command': { message: 'the dsctl server has no "command"', fix: `make it ${ENTRY}` },
      network: { message: 'the dsctl server runs `{word}`, which can download and run whatever package owns the name "dsctl"', fix: `make it ${ENTRY} (the launcher never reaches the network)` },
      'command-missing': { message: 'the dsctl server runs {word}, which does not exist ({path}), so {agent} shows no dsctl tools', fix: 'run `dsctl hooks install` (it writes the launcher ' + LAUNCHER_PATH + '), or point "command" at it' },
      'command-not-executable': { message: 'the dsctl server runs {path}, which is not executable', fix: 'run `chmod +x {path}`' },
      'command-not-on-path': { message: 'the dsctl server runs `{word}`, which is not on PATH here', fix: `make it ${ENTRY}` },
      'command-unresolved': { message: 'the dsctl server runs {word}: {reason}', fix: `make it ${ENTRY}`, severity: 'warn' },
      'not-launcher': { message: "the dsctl server runs {path}, not the project's launcher " + LAUNCHER_PATH, fix: `make it ${ENTRY}`, severity: 'warn' },
      'boot-failed': { message: 'the dsctl MCP server does not start: {reason}', fix: 'run `{command}` in the project root to see why (is dsctl installed? `npm install`)' },
      'boot-skipped': { message: 'the dsctl server runs with arguments {args}; doctor boots only `<command> mcp`', fix: 'make "args" ["mcp"] (put other options in dsctl.config.json)', severity: 'warn' },
    },
  },
  skip: (ctx) => (FILES.some(({ file }) => existsSync(join(ctx.root, file))) ? undefined : `no ${FILES.map((f) => f.file).join(' or ')}: no agent gets dsctl's MCP tools from this project`),
  async run(ctx) {
    const report = reporter(check);
    const findings: DoctorFinding[] = [];
    // Both configs usually run the same server: boot it once.
    const boots = new Map<string, ReturnType<typeof mcpSmoke>>();
    for (const { file, agent, vars } of FILES) {
      const read = readSettings(ctx, file);
      if (read === undefined) continue;
      if ('error' in read) {
        findings.push(report('invalid-json', { file, agent, ...read.error }, { file, line: read.error.line, column: read.error.column }));
        continue;
      }
      const { doc } = read;
      const at = (pointer: string) => ({ file, ...doc.locate(pointer) });
      const servers = isObject(doc.value) ? doc.value.mcpServers : undefined;
      if (!isObject(servers)) {
        findings.push(report('no-servers', { file }, at('/mcpServers')));
        continue;
      }
      const name = 'dsctl' in servers ? 'dsctl' : Object.keys(servers).find((key) => JSON.stringify(servers[key]).includes('dsctl'));
      const entry = name === undefined ? undefined : servers[name];
      if (name === undefined || !isObject(entry)) {
        findings.push(report('no-dsctl', { file, agent }, at('/mcpServers')));
        continue;
      }
      const pointer = `/mcpServers/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (typeof entry.command !== 'string' || entry.command.trim() === '') {
        findings.push(report('no-command', { file }, at(pointer)));
        continue;
      }
      const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
      // The command is one program (no shell): quoted, so a path with spaces stays one word and `${VAR}` still expands.
      const program = commandProgram(`"${entry.command.replace(/["\\`]/g, '\\$&')}" ${args.join(' ')}`, { root: ctx.root, vars: vars(ctx.root), env: ctx.env });
      const place = at(`${pointer}/command`);
      if (program.kind === 'network') findings.push(report('network', { file, word: entry.command }, place));
      else if (program.kind === 'missing') findings.push(report('command-missing', { file, agent, word: entry.command, path: program.path }, place));
      else if (program.kind === 'not-executable') findings.push(report('command-not-executable', { file, path: program.path }, place));
      else if (program.kind === 'not-on-path') findings.push(report('command-not-on-path', { file, word: entry.command }, place));
      else if (program.kind === 'unresolved') findings.push(report('command-unresolved', { file, word: entry.command, reason: program.reason }, place));
      if (program.kind !== 'found') continue;
      if (!program.launcher) findings.push(report('not-launcher', { file, path: program.path }, place));
      if (args.length !== 1 || args[0] !== 'mcp') {
        findings.push(report('boot-skipped', { file, args: JSON.stringify(args) }, at(`${pointer}/args`)));
        continue;
      }
      if (!ctx.processes) continue;
      const boot = boots.get(program.path) ?? mcpSmoke(ctx.root, program.path, { timeoutMs: ctx.mcpTimeoutMs });
      boots.set(program.path, boot);
      const result = await boot;
      if (!result.passed) {
        const lastLine = result.tail.trim().split('\n').pop()?.trim();
        findings.push(report('boot-failed', { file, reason: `${result.reason.replace(/^the MCP server did not boot: /, '')}${lastLine ? ` (${lastLine})` : ''}`, command: `${entry.command} mcp` }, place));
      }
    }
    return findings;
  },
};
