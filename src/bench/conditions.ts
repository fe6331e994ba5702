import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from '../project/project.js';

/*
 * The benchmark conditions of the seed playbook's W3 row, as data: what context each gives the model.
 * A condition is a set of context parts; the text of each part is read from the project, so the
 * protocol id changes when DESIGN.md or a contract does. Tools are never described here: they come
 * from dsctl's own MCP server (mcp-tools.ts), and so do the `full` condition's instructions.
 */

export type ContextPart = 'designmd' | 'quickref' | 'contracts' | 'tools' | 'instructions';

export interface ConditionModule {
  readonly id: string;
  readonly description: string;
  readonly parts: readonly ContextPart[];
}

/** Sorted as the seed lists them, mcp-only last. */
export const CONDITIONS = [
  { id: 'cold', description: 'No context: the model alone.', parts: [] },
  { id: 'designmd', description: 'DESIGN.md.', parts: ['designmd'] },
  { id: 'contracts', description: 'DESIGN.md and the component contract summaries.', parts: ['designmd', 'contracts'] },
  { id: 'mcp-raw', description: "The contracts condition plus dsctl's MCP tools.", parts: ['designmd', 'contracts', 'tools'] },
  { id: 'full', description: 'The MCP tools plus the instructions (look up, check_html until clean).', parts: ['designmd', 'contracts', 'tools', 'instructions'] },
  { id: 'mcp-only', description: "Only DESIGN.md's Quick Reference and the MCP tools.", parts: ['quickref', 'tools'] },
] as const satisfies readonly ConditionModule[];

export type ConditionId = (typeof CONDITIONS)[number]['id'];
export const CONDITION_IDS = CONDITIONS.map((c) => c.id) as [ConditionId, ...ConditionId[]];

export function conditionById(id: string): ConditionModule {
  const found = CONDITIONS.find((c) => c.id === id);
  if (found === undefined) throw new Error(`unknown condition ${id}`);
  return found;
}

export const usesTools = (condition: ConditionModule): boolean => condition.parts.includes('tools');

const ANSWER_FORMAT = 'Answer with the complete UI source in one fenced code block, and nothing after it.';

const CHECK_FIRST = 'Call check_html on your draft and repair every error it reports before you answer.';

export const needsServer = (condition: ConditionModule): boolean => condition.parts.includes('tools') || condition.parts.includes('instructions');

/**
 * The system prompt of a condition for this project: every part's text, in a fixed order. `instructions`
 * are the MCP server's own (the `full` condition's), as its client received them.
 */
export function conditionContext(project: Project, condition: ConditionModule, instructions = ''): string {
  const sections: string[] = [];
  const designMd = () => readFileSync(join(project.root, project.config.designMd), 'utf8');
  for (const part of condition.parts) {
    if (part === 'designmd') sections.push(`# DESIGN.md\n\n${designMd().trim()}`);
    if (part === 'quickref') sections.push(`# Quick Reference (from DESIGN.md)\n\n${quickReference(designMd())}`);
    if (part === 'contracts') sections.push(`# Component contracts\n\n${contractSummaries(project)}`);
    if (part === 'tools') sections.push("# Tools\n\nThe design system's MCP tools are available: look components and tokens up instead of guessing.");
    if (part === 'instructions') sections.push(`# How to work\n\n${`${instructions} ${CHECK_FIRST}`.trim()}`);
  }
  sections.push(ANSWER_FORMAT);
  return sections.join('\n\n');
}

/** The `## Quick Reference` section of DESIGN.md (up to the next level-2 heading); empty when missing. */
export function quickReference(markdown: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^##\s+Quick Reference\b/i.test(l));
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && /^##\s/.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n').trim();
}

/** One short block per contract: what an author needs, not the whole JSON. */
export function contractSummaries(project: Project): string {
  return project.components.components
    .map(({ contract: c }) => {
      const lines = [`## ${c.name} (${c.type})`, c.description];
      for (const [axis, v] of Object.entries(c.variants ?? {})) {
        const classes = v.classes ? Object.entries(v.classes).map(([o, cls]) => `${o}: \`${cls}\``).join('; ') : v.options.join(', ');
        lines.push(`- ${axis} (default ${v.default}): ${classes}`);
      }
      if (c.accessibility.role) lines.push(`- role: ${c.accessibility.role}`);
      for (const a of c.usage.antiPatterns ?? []) lines.push(`- never: ${a}`);
      lines.push(`- sample: \`${c.htmlSample.replace(/\s+/g, ' ').trim()}\``);
      return lines.join('\n');
    })
    .join('\n\n');
}
