import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A deterministic corpus: realistic pages and components, 2–50 KB, with a few violations each.
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const CLEAN = ['p-4', 'gap-2', 'text-fg', 'text-fg-muted', 'bg-surface', 'rounded-md', 'shadow-sm', 'flex', 'items-center', 'font-medium', 'text-sm'];
const BAD = ['text-black', 'bg-blue-500', 'p-[13px]', 'z-50', 'shadow-2xl'];

function htmlBlock(r: () => number, i: number): string {
  const cls = () => Array.from({ length: 3 + Math.floor(r() * 4) }, () => (r() < 0.03 ? BAD : CLEAN)[Math.floor(r() * 5)]).join(' ');
  return `  <section class="card ${cls()}">
    <h2 class="text-lg ${cls()}">Section ${i}</h2>
    <p class="${cls()}">Body text for section ${i}, written to look like a real page with enough words to matter.</p>
    <button type="button" class="btn ${cls()}" aria-label="Action ${i}">Do ${i}</button>
    ${r() < 0.05 ? '<img src="x.png">' : '<img src="x.png" alt="Illustration">'}
    <ul class="${cls()}">${Array.from({ length: 3 }, (_, j) => `<li class="${cls()}">Item ${j}</li>`).join('')}</ul>
  </section>
`;
}

function tsxBlock(r: () => number, i: number): string {
  const cls = () => Array.from({ length: 3 + Math.floor(r() * 4) }, () => (r() < 0.03 ? BAD : CLEAN)[Math.floor(r() * 5)]).join(' ');
  return `      <section className={cn('card ${cls()}', active && '${cls()}')}>
        <h2 className="${cls()}">Section {title${i}}</h2>
        <button type="button" className={clsx('btn', { '${cls()}': on })} onClick={() => go(${i})}>Do ${i}</button>
      </section>
`;
}

export function writeCorpus(dir: string, count = 2000): { html: string[]; tsx: string[] } {
  mkdirSync(dir, { recursive: true });
  const r = prng(42);
  const html: string[] = [];
  const tsx: string[] = [];
  for (let n = 0; n < count; n++) {
    const target = 2_000 + Math.floor(r() * 48_000);
    const isTsx = n % 4 === 3;
    let body = '';
    for (let i = 0; body.length < target - 300; i++) body += isTsx ? tsxBlock(r, i) : htmlBlock(r, i);
    const text = isTsx
      ? `import { cn, clsx } from './cn';\n\nexport function Page${n}({ active, on, go }: Props) {\n  return (\n    <main>\n${body}    </main>\n  );\n}\n`
      : `<!doctype html>\n<html lang="en">\n<head><title>Page ${n}</title></head>\n<body class="bg-bg text-fg">\n${body}</body>\n</html>\n`;
    const file = join(dir, `page-${String(n).padStart(4, '0')}.${isTsx ? 'tsx' : 'html'}`);
    writeFileSync(file, text);
    (isTsx ? tsx : html).push(file);
  }
  return { html, tsx };
}
