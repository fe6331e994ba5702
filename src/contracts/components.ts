import type { JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import { CONTRACT_SUFFIX, type ComponentContract, type ComponentEntry, type VariantAxis } from './component-types.js';
import { checkWellFormedHtml } from './html-well-formed.js';

/** Checks one schema-valid contract on its own: file name, variant axes, keyboard contract, sample. */
export function checkComponent(doc: JsonDocument, fileName: string): { entry: ComponentEntry; problems: Problem[] } {
  const problems: Problem[] = [];
  const contract = doc.value as ComponentContract;
  const report = (code: string, severity: 'error' | 'warn', message: string, pointer: string, hint?: string) =>
    problems.push(problem(doc, code, severity, message, pointer, false, hint));

  const expectedId = fileName.slice(0, -CONTRACT_SUFFIX.length);
  if (typeof contract.id === 'string' && contract.id !== expectedId) {
    report('component/id-mismatch', 'error', `component id "${contract.id}" does not match its file name ${fileName}`, '/id', `Rename the file to ${contract.id}${CONTRACT_SUFFIX} or the id to "${expectedId}".`);
  }

  const axes: [string, VariantAxis | undefined][] = [
    ...Object.entries(contract.variants ?? {}).map(([name, axis]): [string, VariantAxis] => [`/variants/${name}`, axis]),
    ['/sizes', contract.sizes],
  ];
  for (const [pointer, axis] of axes) {
    if (!axis || !Array.isArray(axis.options)) continue;
    if (typeof axis.default === 'string' && !axis.options.includes(axis.default)) {
      report('component/variant-default', 'error', `default "${axis.default}" is not one of the options ${axis.options.join(', ')}`, `${pointer}/default`);
    }
    for (const option of Object.keys(axis.classes ?? {})) {
      if (!axis.options.includes(option)) {
        report('component/variant-class-option', 'error', `classes are given for "${option}", which is not one of the options`, `${pointer}/classes/${option}`);
      }
    }
  }

  if ((contract.type === 'interactive' || contract.type === 'input') && !contract.accessibility?.keyboardInteractions?.length) {
    report('component/keyboard-missing', 'warn', `${contract.type} component "${contract.name}" declares no keyboardInteractions`, '/accessibility', 'List every key it handles, e.g. { "key": "Enter", "action": "activates" }.');
  }

  if (typeof contract.htmlSample === 'string') {
    for (const issue of checkWellFormedHtml(contract.htmlSample)) {
      report('component/html-sample-invalid', 'error', `htmlSample at ${issue.line}:${issue.column} of the sample: ${issue.message}`, '/htmlSample');
    }
  }

  return { entry: { file: doc.file, contract }, problems };
}

/** How the app imports a scanned component (`import { Button } from '@/components/ui/button'`); undefined for a hand-written contract. */
export function importLine(contract: Pick<ComponentContract, 'name' | 'importPath' | 'exportName'>): string | undefined {
  if (contract.importPath === undefined || contract.exportName === undefined) return undefined;
  const binding = contract.exportName === 'default' ? contract.name : contract.exportName === contract.name ? `{ ${contract.name} }` : `{ ${contract.exportName} as ${contract.name} }`;
  return `import ${binding} from '${contract.importPath}'`;
}
