import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { LintAnswer, LintRequest } from './protocol.js';

/*
 * `dsctl/eslint`: an ESLint 9 flat-config plugin that shows dsctl's findings in the editor. One rule,
 * `dsctl/design-system`, runs the same lint() as `dsctl lint` on `context.sourceCode.text` under the
 * file's name — whatever parser ESLint used (espree, @typescript-eslint/parser, vue-eslint-parser) —
 * and reports each violation as "RULE_ID: message", at the same line:column, with dsctl's fix when
 * there is a certain one. dsctl's severities are folded into the rule's: set it to "error" or "warn".
 *
 * ESLint rules are synchronous and the linter loads its parsers asynchronously, so lint() runs in a
 * worker thread (one per ESLint process, one linter per project there) and the rule waits for it.
 */

declare const __DSCTL_VERSION__: string | undefined;

const WORKER_URL = new URL('./chunks/eslint-worker.js', import.meta.url);
const TIMEOUT_MS = 60_000;

let channel: { worker: Worker; port: MessagePort } | undefined;

function lintSync(filename: string, text: string): LintAnswer {
  if (!channel) {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_URL, { workerData: { port: port2 }, transferList: [port2] });
    // The worker must never keep ESLint's process alive.
    worker.unref();
    port1.unref();
    channel = { worker, port: port1 };
  }
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const request: LintRequest = { signal, filename, text };
  channel.worker.postMessage(request);
  if (Atomics.wait(signal, 0, 0, TIMEOUT_MS) === 'timed-out') return { ok: false, message: `dsctl did not answer within ${TIMEOUT_MS / 1000} s` };
  const reply = receiveMessageOnPort(channel.port);
  return reply ? (reply.message as LintAnswer) : { ok: false, message: 'dsctl gave no answer' };
}

/** The subset of ESLint's rule context this rule reads (eslint's own types are a dev dependency). */
interface RuleContext {
  readonly filename: string;
  readonly sourceCode: { readonly text: string };
  report(descriptor: {
    loc: { start: { line: number; column: number }; end: { line: number; column: number } };
    messageId: string;
    data: Record<string, string>;
    fix?: (fixer: { replaceTextRange(range: [number, number], text: string): unknown }) => unknown;
  }): void;
}

const designSystem = {
  meta: {
    type: 'problem',
    docs: { description: "The design system's rules (dsctl lint): the same findings as `dsctl lint`, live in the editor.", url: 'https://www.npmjs.com/package/dsctl' },
    fixable: 'code',
    schema: [],
    messages: {
      finding: '{{ruleId}}: {{message}}{{alternative}}',
      unavailable: 'dsctl could not lint this file: {{message}}',
    },
  },
  create(context: RuleContext) {
    return {
      Program() {
        const answer = lintSync(context.filename, context.sourceCode.text);
        if (!answer.ok) {
          context.report({ loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } }, messageId: 'unavailable', data: { message: answer.message } });
          return;
        }
        if ('skipped' in answer) return;
        for (const v of answer.violations) {
          const fix = v.fix;
          context.report({
            // ESLint's columns are 0-based; dsctl's 1-based.
            loc: { start: { line: v.line, column: v.column - 1 }, end: { line: v.endLine, column: v.endColumn - 1 } },
            messageId: 'finding',
            data: { ruleId: v.ruleId, message: v.message, alternative: v.alternative ? ` → ${v.alternative}` : '' },
            ...(fix ? { fix: (fixer: { replaceTextRange(range: [number, number], text: string): unknown }) => fixer.replaceTextRange(fix.range, fix.text) } : {}),
          });
        }
      },
    };
  },
};

const plugin = {
  meta: { name: 'dsctl', version: typeof __DSCTL_VERSION__ === 'string' ? __DSCTL_VERSION__ : '0.0.0' },
  rules: { 'design-system': designSystem },
  configs: {} as Record<string, unknown>,
};

// `...dsctl.configs.recommended` in eslint.config.js: the plugin under "dsctl" and its rule on.
plugin.configs['recommended'] = { name: 'dsctl/recommended', plugins: { dsctl: plugin }, rules: { 'dsctl/design-system': 'error' } };

export default plugin;
