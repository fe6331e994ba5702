import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { Project } from '../project/project.js';
import { frontMatterError, readFrontMatter, spliceFrontMatter } from './front-matter.js';
import { resolveOutputs, type ResolvedOutput } from './outputs.js';
import { spliceRegions } from './regions.js';

export interface BuildResult {
  /** Every output file, project-relative, with whether it changed. */
  readonly files: readonly { readonly path: string; readonly view: string; readonly changed: boolean }[];
}

/** The new text of one output file; a UserError for anything a human must sort out first. */
function render({ output, current }: ResolvedOutput, view: string): string {
  switch (output.kind) {
    case 'file':
      return output.text;
    case 'front-matter': {
      const text = current ?? '';
      const fm = readFrontMatter(text);
      if (fm) {
        const error = frontMatterError(fm);
        if (error) throw new UserError('view/front-matter-invalid', `${output.path}:${error.line}: the front matter is not valid YAML: ${error.message}`, { location: { file: output.path, line: error.line, column: 1 }, sourceText: text });
        if (fm.hash === undefined) {
          throw new UserError('view/front-matter-unmanaged', `${output.path} has a front matter dsctl did not write; move it into the body or delete it, then run dsctl build`, { location: { file: output.path, line: 1, column: 1 } });
        }
      }
      return spliceFrontMatter(text, view, output.yaml);
    }
    case 'regions':
      if (current === undefined) throw new UserError('view/file-missing', `${output.path} does not exist: its generated regions have nowhere to go`, { location: { file: output.path } });
      return spliceRegions(current, output.path, new Map(output.regions.map((r) => [r.name, r.text])), output.syntax);
  }
}

/**
 * Writes every view. Everything is rendered first and only then written (each file atomically), so
 * bad input leaves every file as it was. With `check`, nothing is written.
 */
export function buildViews(project: Project, options: { check?: boolean } = {}): BuildResult {
  const planned = resolveOutputs(project).map((r) => ({ r, next: render(r, r.view.name) }));
  const files = planned.map(({ r, next }) => ({ path: r.output.path, view: r.view.name, changed: next !== r.current }));
  if (!options.check) {
    for (const { r, next } of planned) if (next !== r.current) writeFileAtomic(r.abs, next);
  }
  return { files };
}
