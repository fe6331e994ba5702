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

const ROUNDS = 7;

export async function measure() {
  const corpus = writeCorpus(join(process.cwd(), 'bench/.corpus'));
  const starter = mkdtempSync(join(tmpdir(), 'dsctl-bench-starter-'));
  initProject(starter);
  const project = loadValidProject({ cwd: starter });
  let linter = await createLinter(project);
  const read = (files: string[]) => files.map((f) => ({ f, text: readFileSync(f, 'utf8') }));
  const html = read(corpus.html);
  const tsx = read(corpus.tsx);
  const bytes = (xs: { text: string }[]) => xs.reduce((n, x) => n + Buffer.byteLength(x.text), 0);

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  let findings = 0;
  const bareParse = (text: string) => new Parser(new DomHandler(), { lowerCaseAttributeNames: true }).end(text);
  const lintOne = (f: string, text: string) => linter.lint(text, { filename: f }).violations.length;
  // Bare parse and lint take turns file by file (which goes first alternates), so that both meet the
  // same machine: on a shared VM, timing one whole pass and then the other measured noise as often
  // as code. A warm-up round first; the medians of the rounds after it are reported. Each round has
  // a new linter, as each `dsctl lint` run does, so that no round reads what an earlier one cached.
  const bareRounds: number[] = [];
  const lintRounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    linter = await createLinter(project);
    let bare = 0;
    let lint = 0;
    findings = 0;
    html.forEach(({ f, text }, k) => {
      const t0 = performance.now();
      if (k % 2 === 0) bareParse(text);
      else findings += lintOne(f, text);
      const t1 = performance.now();
      if (k % 2 === 0) findings += lintOne(f, text);
      else bareParse(text);
      const t2 = performance.now();
      bare += k % 2 === 0 ? t1 - t0 : t2 - t1;
      lint += k % 2 === 0 ? t2 - t1 : t1 - t0;
    });
    if (round === 0) continue;
    bareRounds.push(bare);
    lintRounds.push(lint);
  }
  const bare = median(bareRounds);
  const lintHtml = median(lintRounds);
  const ratio = median(bareRounds.map((b, i) => b / (lintRounds[i] as number)));
  const tsxRounds: number[] = [];
  for (let round = 0; round <= 3; round++) {
    const t = performance.now();
    for (const { f, text } of tsx) linter.lint(text, { filename: f });
    if (round > 0) tsxRounds.push(performance.now() - t);
  }
  const lintTsx = median(tsxRounds);
  const longLine = measureLongLine(linter, html.map((h) => h.text));
  return { htmlFiles: html.length, tsxFiles: tsx.length, htmlBytes: bytes(html), tsxBytes: bytes(tsx), bare, lintHtml, lintTsx, ratio, rounds: ROUNDS, findings, longLine };
}

/**
 * The same ~900 KB of markup linted as written and minified onto one line: a finding's cost must not
 * grow with the length of its line (fingerprints, code frames). Turns alternate, as above.
 */
function measureLongLine(linter: Awaited<ReturnType<typeof createLinter>>, pages: readonly string[]) {
  let multi = '';
  for (const page of pages) {
    if (multi.length > 900_000) break;
    multi += page.replace(/<!doctype html>|<\/?(html|head|body)[^>]*>|<title>.*?<\/title>/g, '');
  }
  const single = multi.replace(/\n\s*/g, ' ');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const oneLine: number[] = [];
  const multiLine: number[] = [];
  let findings = 0;
  for (let round = 0; round <= 5; round++) {
    const order = round % 2 === 0 ? [single, multi] : [multi, single];
    for (const text of order) {
      const t = performance.now();
      findings = linter.lint(text, { filename: 'page.html' }).violations.length;
      if (round > 0) (text === single ? oneLine : multiLine).push(performance.now() - t);
    }
  }
  return { bytes: single.length, findings, oneLine: median(oneLine), multiLine: median(multiLine), ratio: median(oneLine.map((o, i) => o / (multiLine[i] as number))) };
}
