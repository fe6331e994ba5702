// npm run bench: performance as ratios against a baseline measured in the same run, never as a
// timed assertion in a test. Each module exports run() → { title, rows, ratios }.
import * as componentLoop from './component-loop.mjs';
import * as drift from './drift.mjs';
import * as hook from './hook.mjs';
import * as lint from './lint.mjs';
import * as mcp from './mcp.mjs';
import * as sandbox from './sandbox.mjs';
import * as startup from './startup.mjs';

// lint writes the corpus mcp reads its page from. `node bench/run.mjs lint mcp` runs only those suites.
const all = { startup, hook, sandbox, drift, lint, mcp, component: componentLoop };
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in all));
if (unknown.length) throw new Error(`unknown bench suite(s): ${unknown.join(', ')} (known: ${Object.keys(all).join(', ')})`);
const suites = Object.entries(all).filter(([name]) => wanted.length === 0 || wanted.includes(name)).map(([, suite]) => suite);
let missed = 0;
for (const suite of suites) {
  const { title, rows, ratios, note } = await suite.run();
  console.log(`\n## ${title}`);
  if (note) console.log(`  ! ${note}`);
  for (const r of rows) {
    console.log(`  ${r.name.padEnd(28)} ${r.text ?? `median ${r.median.toFixed(1).padStart(7)} ms   p90 ${r.p90.toFixed(1).padStart(7)} ms`}`);
  }
  for (const r of ratios) {
    const ok = r.target === undefined || (r.higherIsBetter ? r.value >= r.target : r.value <= r.target);
    if (!ok) missed++;
    const target = r.target === undefined ? '' : ` (target ${r.higherIsBetter ? '≥' : '≤'} ${r.target}×)`;
    console.log(`  ${ok ? '✔' : '✖'} ${r.name}: ${r.value.toFixed(2)}×${target}`);
  }
}
console.log(missed ? `\n${missed} ratio(s) off target` : '\nall ratios on target');
