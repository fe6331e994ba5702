import { runSelfDrift } from '../governance/self-drift/run.js';
import type { Project } from '../project/project.js';
import type { DriftFinding } from './finding.js';
import { frontMatterError, readFrontMatter } from './front-matter.js';
import { resolveOutputs } from './outputs.js';
import { contentHash, findRegions, regionMarkerHint } from './regions.js';
import { semanticDiff } from './semantic-diff.js';

/** Every drift check: generated views against their sources, and the playbook against reality. */
export function checkDrift(project: Project, options: { commands: ReadonlySet<string> }): DriftFinding[] {
  return [...checkViews(project), ...runSelfDrift(project, options)];
}

export function checkViews(project: Project): DriftFinding[] {
  const findings: DriftFinding[] = [];
  // `color.semantic.light.primary → color.brand.600`: a changed alias target is named wherever it shows.
  const describeOrigin = (path: string) => {
    const chain = project.tokens.tokens.get(path)?.aliasChain ?? [];
    return chain.length ? [path, ...chain].join(' → ') : path;
  };
  for (const { view, output, current } of resolveOutputs(project)) {
    const file = output.path;
    const stale = (message: string, details: readonly string[], line?: number): DriftFinding => ({
      code: 'view-stale',
      severity: 'error',
      file,
      ...(line === undefined ? {} : { line }),
      message,
      fixable: true,
      details,
    });
    if (current === undefined) {
      findings.push({ code: output.kind === 'regions' ? 'view-file-missing' : 'view-missing', severity: 'error', file, message: `${view.name}: ${file} does not exist`, fixable: output.kind !== 'regions' });
      continue;
    }
    switch (output.kind) {
      case 'file':
        if (current !== output.text) {
          const diff = semanticDiff(output.format, current, output.text, output.origins, describeOrigin);
          findings.push(stale(`${view.name} is stale${diff.keys.length ? `: ${describeKeys(diff.keys)}` : ''}`, diff.details));
        }
        break;
      case 'front-matter': {
        const fm = readFrontMatter(current);
        if (!fm) {
          findings.push({ code: 'view-missing', severity: 'error', file, line: 1, message: `${view.name}: ${file} has no front matter`, fixable: true });
          break;
        }
        const error = frontMatterError(fm);
        if (error) {
          findings.push({ code: 'front-matter-invalid', severity: 'error', file, line: error.line, message: `the front matter is not valid YAML: ${error.message}`, fixable: false });
          break;
        }
        if (fm.hash === undefined) {
          findings.push({ code: 'front-matter-unmanaged', severity: 'error', file, line: 1, message: 'the front matter was not written by dsctl build', fixable: false });
          break;
        }
        // A hand edit is the more useful thing to say; the same build repairs staleness too.
        if (fm.hash !== contentHash(fm.yaml)) {
          findings.push({ code: 'generated-region-edited', severity: 'error', file, line: fm.line, message: `the generated front matter (${view.name}) was edited by hand; change ${view.sources(project).slice(0, 2).join(', ')}… instead`, fixable: true });
        } else if (fm.yaml !== (output.yaml.endsWith('\n') ? output.yaml : `${output.yaml}\n`)) {
          const diff = semanticDiff('yaml', fm.yaml, output.yaml, output.origins, describeOrigin);
          findings.push(stale(`${view.name} is stale${diff.keys.length ? `: ${describeKeys(diff.keys)}` : ''}`, diff.details, fm.line));
        }
        break;
      }
      case 'regions': {
        const { regions, problems } = findRegions(current, output.syntax);
        for (const p of problems) findings.push({ code: p.code, severity: 'error', file, line: p.line, message: p.message, fixable: false });
        for (const wanted of output.regions) {
          const region = regions.find((r) => r.name === wanted.name);
          if (!region) {
            // An unbalanced marker of this region is already said, and says more.
            if (problems.some((p) => p.name === wanted.name)) continue;
            findings.push({ code: 'marker-missing', severity: 'error', file, message: `no generated region "${wanted.name}" (${regionMarkerHint(wanted.name, output.syntax)})`, fixable: false });
            continue;
          }
          if (region.hash !== contentHash(region.content) && region.hash !== '0') {
            findings.push({ code: 'generated-region-edited', severity: 'error', file, line: region.line, message: `generated region "${region.name}" was edited by hand; change ${view.sources(project).join(', ')} instead`, fixable: true });
          } else if (region.content !== wanted.text) {
            const diff = semanticDiff('text', region.content, wanted.text, undefined);
            findings.push({ code: 'generated-region-stale', severity: 'error', file, line: region.line, message: `generated region "${region.name}" is stale`, fixable: true, details: diff.details });
          }
        }
      }
    }
  }
  return findings;
}

function describeKeys(keys: readonly string[]): string {
  const shown = keys.slice(0, 3).join(', ');
  return `${keys.length} key${keys.length === 1 ? ' differs' : 's differ'} (${shown}${keys.length > 3 ? ', …' : ''})`;
}
