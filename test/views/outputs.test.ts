import { describe, expect, it } from 'vitest';
import { loadValidProject } from '../../src/project/project.js';
import { resolveOutputs } from '../../src/views/outputs.js';
import type { ViewDefinition } from '../../src/views/view.js';
import { starterProject } from '../support/project.js';
import { thrownUserError } from '../support/user-error.js';

const view = (name: ViewDefinition['name'], sources: string[], path: string): ViewDefinition => ({
  name,
  description: 'test',
  sources: () => sources,
  generate: () => [{ kind: 'file', path, text: 'x\n', format: 'text' }],
});

describe('resolveOutputs', () => {
  it('refuses a view whose source is missing, naming both', () => {
    const project = loadValidProject({ cwd: starterProject() });
    const error = thrownUserError(() => resolveOutputs(project, [view('llms-txt', ['design/contracts/gone.json'], 'x.txt')]));
    expect(error).toMatchObject({ code: 'view/source-missing', message: 'view llms-txt reads design/contracts/gone.json, which does not exist' });
  });

  it('refuses two views writing one path', () => {
    const project = loadValidProject({ cwd: starterProject() });
    const error = thrownUserError(() => resolveOutputs(project, [view('llms-txt', [], 'same.txt'), view('tokens-css', [], 'same.txt')]));
    expect(error.code).toBe('view/path-conflict');
  });

  it('reads the current text of each output, or undefined', () => {
    const project = loadValidProject({ cwd: starterProject() });
    const [out] = resolveOutputs(project, [view('llms-txt', [], 'not-there.txt')]);
    expect(out?.current).toBeUndefined();
  });
});
