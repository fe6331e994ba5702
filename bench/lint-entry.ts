import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomHandler } from 'domhandler';
import { Parser } from 'htmlparser2';
import { createLinter } from '../src/lint/engine.js';
import { initProject } from '../src/project/init.js';
import { loadValidProject } from '../src/project/project.js';
import { writeCorpus } from './lint-corpus.js';

export async function measure() {
  const corpus = writeCorpus(join(process.cwd(), 'bench/.corpus'));
  const starter = mkdtempSync(join(tmpdir(), 'dsctl-bench-starter-'));
  initProject(starter);
  const linter = await createLinter(loadValidProject({ cwd: starter }));
  const read = (files: string[]) => files.map((f) => ({ f, text: readFileSync(f, 'utf8') }));
  const html = read(corpus.html);
  const tsx = read(corpus.tsx);
  const bytes = (xs: { text: string }[]) => xs.reduce((n, x) => n + Buffer.byteLength(x.text), 0);

  const time = (fn: () => void, rounds = 3) => {
    fn(); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      fn();
      samples.push(performance.now() - t);
    }
    return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)] as number;
  };
  let findings = 0;
  const bare = time(() => {
    for (const { text } of html) {
      const handler = new DomHandler();
      new Parser(handler, { lowerCaseAttributeNames: true }).end(text);
    }
  });
  const lintHtml = time(() => {
    findings = 0;
    for (const { f, text } of html) findings += linter.lint(text, { filename: f }).violations.length;
  });
  const lintTsx = time(() => {
    for (const { f, text } of tsx) linter.lint(text, { filename: f });
  });
  return { htmlFiles: html.length, tsxFiles: tsx.length, htmlBytes: bytes(html), tsxBytes: bytes(tsx), bare, lintHtml, lintTsx, findings };
}
