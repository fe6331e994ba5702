import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAutomated } from '../../../src/contracts/rule-types.js';
import { loadValidProject, type Project } from '../../../src/project/project.js';
import { view } from '../../../src/views/generators/llms-txt.js';
import type { ViewOutput } from '../../../src/views/view.js';
import { editJson, starterProject } from '../../support/project.js';

type FileOutput = Extract<ViewOutput, { kind: 'file' }>;

function files(project: Project): [FileOutput, FileOutput] {
  const outputs = view.generate(project);
  expect(outputs).toHaveLength(2);
  const [index, full] = outputs;
  if (index?.kind !== 'file' || full?.kind !== 'file') throw new Error('expected two files');
  return [index, full];
}

/** Lines of `after` that `before` does not have. */
const newLines = (before: string, after: string) => after.split('\n').filter((line) => !before.split('\n').includes(line));

describe('llms-txt', () => {
  const starter = () => loadValidProject({ cwd: starterProject() });

  it('writes llms.txt at the configured path and llms-full.txt beside it, as text', () => {
    const project = starter();
    expect(view.name).toBe('llms-txt');
    const [index, full] = files(project);
    expect([index.path, full.path]).toEqual(['llms.txt', 'llms-full.txt']);
    expect([index.format, full.format]).toEqual(['text', 'text']);
    expect(index.text.endsWith('\n') && !index.text.endsWith('\n\n')).toBe(true);
    expect(full.text.endsWith('\n') && !full.text.endsWith('\n\n')).toBe(true);
  });

  it('reads the config, tokens, rules, contracts and AGENTS.md', () => {
    const project = starter();
    expect(view.sources(project)).toEqual([
      'dsctl.config.json',
      'design/contracts/tokens.json',
      'design/contracts/rules.json',
      ...project.components.components.map((c) => c.file),
      'AGENTS.md',
    ]);
  });

  it('follows the llms.txt convention: title, one-line summary, sections of links', () => {
    const [index] = files(starter());
    const lines = index.text.split('\n');
    expect(lines[0]).toBe('# Tessera');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> Tessera is this project's design system: 126 design tokens, 8 component contracts and 45 rules \(30 checked automatically\)/);
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Docs', '## Contracts', '## Components', '## Generated views']);
    for (const line of lines.filter((l) => l.startsWith('- '))) expect(line).toMatch(/^- \[[^\]]+\]\([^)\s]+\): \S/);
  });

  it('links the docs, contracts, components and generated views by relative path', () => {
    const [index] = files(starter());
    for (const link of [
      '- [DESIGN.md](DESIGN.md): ',
      '- [AGENTS.md](AGENTS.md): ',
      '- [llms-full.txt](llms-full.txt): ',
      '- [Tokens](design/contracts/tokens.json): ',
      '- [Rules](design/contracts/rules.json): ',
      '- [Button](design/contracts/components/button.contract.json): `button` (actions, stable). Triggers an action in place: saving, submitting, opening a dialog.\n',
      '- [tokens.css](design/generated/tokens.css): ',
      '- [theme.css](design/generated/theme.css): ',
      '- [components.json](design/generated/components.json): ',
    ]) {
      expect(index.text).toContain(link);
    }
    expect(index.text.match(/\.contract\.json\)/g)).toHaveLength(8);
  });

  it('writes links relative to a nested llms.txt, and leaves out disabled views and a missing AGENTS.md', () => {
    const dir = starterProject();
    editJson<{ views: Record<string, unknown> }>(dir, 'dsctl.config.json', (config) => {
      config.views = { 'llms-txt': { path: 'docs/ai/llms.txt' }, 'tailwind-theme': { enabled: false } };
    });
    rmSync(join(dir, 'AGENTS.md'));
    const project = loadValidProject({ cwd: dir });
    const [index, full] = files(project);
    expect([index.path, full.path]).toEqual(['docs/ai/llms.txt', 'docs/ai/llms-full.txt']);
    expect(index.text).toContain('- [DESIGN.md](../../DESIGN.md): ');
    expect(index.text).toContain('- [llms-full.txt](llms-full.txt): ');
    expect(index.text).toContain('- [Button](../../design/contracts/components/button.contract.json): ');
    expect(index.text).not.toContain('theme.css');
    expect(index.text).not.toContain('AGENTS.md');
    expect(view.sources(project)).not.toContain('AGENTS.md');
  });

  it('lists every token in llms-full.txt with its path, type and value', () => {
    const project = starter();
    const [, full] = files(project);
    const lines = full.text.split('\n');
    for (const path of project.tokens.tokens.keys()) {
      expect(lines.filter((l) => l.startsWith(`- ${path} (`)), path).toHaveLength(1);
    }
    expect(lines).toContain('- color.brand.600 (color): #3549cf — The brand anchor: primary actions and links in the light theme.');
    expect(lines).toContain('- color.semantic.light.primary (color): #3549cf = {color.brand.600}; {bg,text,border}-primary');
    expect(lines).toContain('- color.semantic.dark.primary (color): #7a94f0 = {color.brand.400}; dark theme of {bg,text,border}-primary');
    expect(lines).toContain('- color.legacy.accent (color): #2f6fe0; DEPRECATED: Use {color.semantic.light.primary} instead. — The pre-Tessera link blue.');
    expect(lines).toContain('- spacing.4 (dimension): 16px; {p,m,gap}-4 — Default padding inside controls and cards.');
    expect(lines).toContain('- font.family.sans (fontFamily): "Public Sans", ui-sans-serif, system-ui, sans-serif; font-sans');
    expect(lines).toContain('- motion.duration.fast (duration): 120ms');
    expect(lines).toContain('- z-index.modal (number): 1300');
  });

  it('writes each component contract as Markdown', () => {
    const [, full] = files(starter());
    expect(full.text).toContain('### Button (`button`)\n\nCategory: actions. Type: interactive. Status: stable. Contract: design/contracts/components/button.contract.json');
    expect(full.text).toContain('- intent (default: secondary)\n  - primary: `btn rounded-md font-medium bg-primary text-on-primary hover:bg-primary-hover`');
    expect(full.text).toContain('- size (default: md)\n  - sm: `h-8 px-3 gap-1 text-sm`');
    expect(full.text).toContain('#### States\n\ndefault, hover, focus-visible, active, disabled, loading');
    expect(full.text).toContain('- Keyboard:\n  - Enter: Activates the button.\n  - Space: Activates the button on key release.');
    expect(full.text).toContain('Anti-patterns:\n\n- Two primary buttons side by side.');
    expect(full.text).toContain('#### HTML sample\n\n```html\n<div class="flex items-center justify-end gap-2"><button type="button"');
    expect(full.text.match(/^```html$/gm)).toHaveLength(8);
  });

  it('lengthens the fence when a sample holds backticks', () => {
    const dir = starterProject();
    editJson<{ htmlSample: string }>(dir, 'design/contracts/components/badge.contract.json', (c) => {
      c.htmlSample = '<span class="badge inline-flex items-center rounded-full font-medium bg-bg-subtle text-fg-muted px-2 py-1 text-xs">```</span>';
    });
    const [, full] = files(loadValidProject({ cwd: dir }));
    expect(full.text).toContain('````html\n<span class="badge');
    expect(full.text).toContain('```</span>\n````\n');
  });

  it('lists the automated rules, then the others with their automation status', () => {
    const project = starter();
    const [, full] = files(project);
    const [automated = '', manual = ''] = full.text.split('### Not checked automatically');
    for (const rule of project.rules.rules) {
      const section = isAutomated(rule) ? automated : manual;
      expect(section, rule.id).toContain(`- ${rule.id} (${rule.severity}, ${rule.category}${isAutomated(rule) ? '' : `, automationStatus: ${rule.automationStatus}`}): `);
    }
    expect(automated).toContain(
      '- A11Y_BUTTON_TYPE (error, accessibility): A button without type submits its form by default; every button states type="button", "submit" or "reset". Instead: Add type="button"',
    );
    expect(manual).toContain('- BRAND_VOICE (warn, brand, automationStatus: human-only): ');
  });

  it('is deterministic', () => {
    const a = starter();
    const b = starter();
    expect(files(a).map((f) => f.text)).toEqual(files(a).map((f) => f.text));
    expect(files(a).map((f) => f.text)).toEqual(files(b).map((f) => f.text));
  });

  it('changes exactly the token lines resolving through a changed token', () => {
    const dir = starterProject();
    const [index, full] = files(loadValidProject({ cwd: dir }));
    editJson<{ color: { brand: Record<string, { $value: unknown }> } }>(dir, 'design/contracts/tokens.json', (t) => {
      const step = t.color.brand['600'];
      if (step) step.$value = '#ff0000';
    });
    const [index2, full2] = files(loadValidProject({ cwd: dir }));
    expect(index2.text).toBe(index.text);
    expect(newLines(full.text, full2.text)).toEqual([
      '- color.brand.600 (color): #ff0000 — The brand anchor: primary actions and links in the light theme.',
      '- color.semantic.light.primary (color): #ff0000 = {color.brand.600}; {bg,text,border}-primary',
    ]);
  });
});
