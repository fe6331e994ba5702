// Lint throughput on a generated corpus, against a bare htmlparser2 parse of the same HTML files.
import { importTs } from './bundle.mjs';

export async function run() {
  const { measure } = await importTs('bench/lint-entry.ts');
  const m = await measure();
  const mbps = (bytes, ms) => bytes / 1e6 / (ms / 1000);
  const bare = mbps(m.htmlBytes, m.bare);
  const html = mbps(m.htmlBytes, m.lintHtml);
  const tsx = mbps(m.tsxBytes, m.lintTsx);
  return {
    title: `lint throughput (${m.htmlFiles} HTML + ${m.tsxFiles} TSX files, ${((m.htmlBytes + m.tsxBytes) / 1e6).toFixed(1)} MB, ${m.findings} findings in HTML)`,
    rows: [
      { name: 'htmlparser2 parse (HTML)', text: `${bare.toFixed(1)} MB/s, ${(m.htmlFiles / (m.bare / 1000)).toFixed(0)} files/s` },
      { name: 'dsctl lint (HTML)', text: `${html.toFixed(1)} MB/s, ${(m.htmlFiles / (m.lintHtml / 1000)).toFixed(0)} files/s` },
      { name: 'dsctl lint (TSX)', text: `${tsx.toFixed(1)} MB/s, ${(m.tsxFiles / (m.lintTsx / 1000)).toFixed(0)} files/s` },
      { name: 'one-line page', text: `${(m.longLine.bytes / 1e3).toFixed(0)} KB, ${m.longLine.findings} findings: ${m.longLine.oneLine.toFixed(0)} ms one line, ${m.longLine.multiLine.toFixed(0)} ms as written` },
    ],
    ratios: [
      { name: `lint HTML throughput / bare parse (median of ${m.rounds} interleaved rounds)`, value: m.ratio, target: 0.5, higherIsBetter: true },
      { name: 'lint time of one minified line / the same markup as written', value: m.longLine.ratio, target: 1.5, higherIsBetter: false },
    ],
  };
}
