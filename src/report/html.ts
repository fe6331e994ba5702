import type { ReportData, ThemeColours } from './data.js';

/** `</script` and `<!--` cannot appear inside an inline script: escaped so data and code stay inert. */
function inlineScript(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

function vars(c: ThemeColours): string {
  return Object.entries(c)
    .map(([k, v]) => `--${k}:${v};`)
    .join('');
}

/** The page's styles: every colour is a custom property from the project's tokens, light and dark. */
function styles(data: ReportData): string {
  const { light, dark } = data.theme;
  return `
:root{${vars(light)}color-scheme:light}
@media (prefers-color-scheme: dark){:root:not([data-theme=light]){${vars(dark)}color-scheme:dark}}
:root[data-theme=dark]{${vars(dark)}color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
a{color:var(--primary)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:var(--surface);color:var(--fg);padding:.5rem 1rem}
.skip:focus{left:1rem}
header,main,footer{max-width:1040px;margin:0 auto;padding:1rem 1.5rem}
header{display:flex;align-items:baseline;justify-content:space-between;gap:1rem;flex-wrap:wrap;border-bottom:1px solid var(--border)}
header h1{font-size:1.5rem;margin:.25rem 0}
header p{margin:0;color:var(--muted)}
nav ul{display:flex;gap:1rem;list-style:none;padding:0;margin:.5rem 0;flex-wrap:wrap}
section{background:var(--surface);border:1px solid var(--border);border-radius:8px;padding:1rem 1.5rem;margin:1.5rem 0}
h2{font-size:1.25rem;margin:.25rem 0 .5rem}
h3{font-size:1.05rem;margin:1.25rem 0 .5rem}
.summary{font-size:1.05rem;margin:.25rem 0 1rem}
.alt,.hint,footer{color:var(--muted)}
.missing{padding:.75rem 1rem;border:1px dashed var(--border);border-radius:6px;background:var(--subtle)}
.ok{color:var(--success)}.bad,.warn{color:var(--danger)}
figure.chart{margin:1rem 0 1.5rem}
figcaption h3{margin:0}
figcaption p{margin:.25rem 0 .5rem}
.plot svg{max-width:100%;height:auto;--plot-background:var(--surface)}
details.data summary{cursor:pointer;color:var(--primary);padding:.25rem 0}
.table-wrap{overflow:auto;margin:.5rem 0}
details .table-wrap{max-height:28rem}
table{border-collapse:collapse;font-size:.9rem;width:100%}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-bottom:1px solid var(--border);padding:.3rem .6rem;text-align:left;vertical-align:top}
thead th{position:sticky;top:0;background:var(--surface)}
tbody th{font-weight:500}
.num{text-align:right;font-variant-numeric:tabular-nums}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
.filters{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:.5rem 0 1rem}
.filters p{flex-basis:100%;margin:0}
input,select,button{font:inherit;color:var(--fg);background:var(--surface);border:1px solid var(--muted);border-radius:4px;padding:.2rem .4rem}
button{cursor:pointer}
`;
}

/**
 * The report as one HTML file: styles, data and script inline, no request to anything. Deterministic:
 * the same data and script give the same bytes (no time of generation; the data carries its own).
 */
export function renderReportHtml(data: ReportData, script: string): string {
  const title = `${data.project ? `${data.project}: ` : ''}design-system governance report`;
  const asOf = data.asOf === null ? 'no recorded data yet' : `data up to ${data.asOf}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="dsctl report">
<title>${escapeHtml(title)}</title>
<style>${styles(data)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the report</a>
<header>
<div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(asOf)}</p></div>
<nav aria-label="Sections"><ul><li><a href="#governance">Governance now</a></li><li><a href="#runs">Runs</a></li><li><a href="#lint">Lint debt</a></li><li><a href="#components">Component loop</a></li><li><a href="#benchmarks">Benchmarks</a></li></ul></nav>
<button type="button" id="theme-toggle" aria-pressed="false">Dark theme</button>
</header>
<main id="main" tabindex="-1"><noscript><p>This report draws its sections with JavaScript; the same data is printed by <code>dsctl report --format json</code>.</p></noscript></main>
<footer><p>Written by <code>dsctl report</code>; charts drawn with Observable Plot (ISC licence). Colours from ${data.theme.sources.length ? 'the project\u2019s semantic colour tokens' : 'the starter\u2019s colour tokens (the project has no semantic colour roles)'}.</p></footer>
<script type="application/json" id="dsctl-report-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>
<script>${inlineScript(script)}</script>
</body>
</html>
`;
}
