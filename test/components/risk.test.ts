import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentRisk, findContract } from '../../src/components/risk.js';
import type { ComponentContract } from '../../src/contracts/component-types.js';
import { isUserError } from '../../src/diagnostics/user-error.js';
import { loadProject } from '../../src/project/project.js';
import { sharedStarterProject } from '../support/project.js';

const STARTER = new URL('../../templates/starter/design/contracts/components/', import.meta.url).pathname;
const starter = Object.fromEntries(
  readdirSync(STARTER)
    .filter((f) => f.endsWith('.contract.json'))
    .map((f) => {
      const contract = JSON.parse(readFileSync(join(STARTER, f), 'utf8')) as ComponentContract;
      return [contract.name, contract];
    }),
);

const crafted = (type: ComponentContract['type'], role: string, keys: [string, string][] = []): Pick<ComponentContract, 'name' | 'type' | 'accessibility'> => ({
  name: 'Crafted',
  type,
  accessibility: { role, keyboardInteractions: keys.map(([key, action]) => ({ key, action })) },
});

describe('componentRisk', () => {
  it.each([
    ['Badge', 'display', []],
    ['Button', 'interactive', ['type is "interactive"', 'accessibility role names "button"', 'keyboard contract handles "Enter", "Space"']],
    ['Card', 'display', []],
    ['Checkbox', 'interactive', ['type is "input"', 'accessibility role names "checkbox"', 'keyboard contract handles "Space"']],
    ['Dialog', 'interactive', ['type is "interactive"', 'keyboard contract handles "Escape"']],
    ['IconButton', 'interactive', ['type is "interactive"', 'accessibility role names "button"', 'keyboard contract handles "Enter", "Space"']],
    // tablist is not "tab" as a whole word; its arrow keys make it interactive anyway.
    ['Tabs', 'interactive', ['type is "interactive"', 'keyboard contract handles "ArrowRight", "ArrowLeft", "Home", "End"']],
    ['TextField', 'interactive', ['type is "input"', 'accessibility role names "textbox"', 'keyboard contract handles "Enter"']],
  ])('starter %s is %s', (name, risk, reasons) => {
    expect(Object.keys(starter)).toHaveLength(8);
    expect(componentRisk(starter[name] as ComponentContract)).toEqual({ name, risk, reasons });
  });

  it.each([
    ['an interactive ARIA role as a whole word', crafted('display', 'menuitemcheckbox'), 'interactive'],
    ['a role list naming one', crafted('container', 'group switch'), 'interactive'],
    ['case-insensitively', crafted('display', 'Slider'), 'interactive'],
    ['a composite role that merely contains one', crafted('display', 'tablist'), 'display'],
    ['a hyphenated role that contains one', crafted('display', 'x-button'), 'display'],
    ['a non-interactive role', crafted('container', 'region'), 'display'],
    ['a widget key', crafted('display', 'generic', [['Escape', 'Closes the popover.']]), 'interactive'],
    ['only Tab and Shift+Tab', crafted('display', 'generic', [['Tab', 'Moves focus.'], ['Shift + Tab', 'Moves back.']]), 'display'],
    ['keys the browser handles natively', crafted('display', 'generic', [['Enter', 'Follows the link (native <a href>).']]), 'display'],
    ['type input alone', crafted('input', 'generic'), 'interactive'],
  ])('%s', (_what, contract, risk) => {
    expect(componentRisk(contract).risk).toBe(risk);
  });
});

describe('findContract', () => {
  const project = loadProject({ cwd: sharedStarterProject() });

  it('finds by name or id, case-insensitively', () => {
    expect(findContract(project, 'iconbutton').name).toBe('IconButton');
    expect(findContract(project, 'text-field').name).toBe('TextField');
  });

  it('suggests the nearest names for an unknown one', () => {
    let error: unknown;
    try {
      findContract(project, 'Tab');
    } catch (e) {
      error = e;
    }
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toBe('no component contract named "Tab" in design/contracts/components: did you mean "Tabs"?');
  });
});
