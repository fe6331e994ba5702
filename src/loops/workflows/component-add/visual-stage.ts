import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Project } from '../../../project/project.js';
import { renderComponentShots, type VisualShot } from '../../../components/visual-review.js';
import type { ComponentSnapshot } from '../../../components/sense.js';
import type { RunContext } from '../../workflow.js';
import { humanCheckpoint, type CheckpointAnswer } from './checkpoint.js';
import type { ComponentFiles } from './prompts.js';

/**
 * One visual review round: the runner renders every variant and state (light and dark) in headless
 * Chromium, puts the screenshots in a checkpoint escalation and its Markdown, and waits for a person.
 */
export async function visualReviewStage(ctx: RunContext, snapshot: ComponentSnapshot, files: ComponentFiles, round: number): Promise<CheckpointAnswer & { shots: string[]; markdown: string }> {
  const rendered = await ctx.step(`render-${round}`, async () => {
    ctx.progress(`rendering ${snapshot.component} in headless Chromium, light and dark (visual review ${round})`);
    return renderComponentShots({ root: ctx.root, component: snapshot.component, source: files.target, preview: files.preview, contract: snapshot.contract?.value, outDir: `${relative(ctx.root, ctx.runDir).split('\\').join('/')}/visual-${round}`, styles: await pageStyles(ctx.project) });
  });
  const shots = rendered.shots.map((s) => s.file);
  const answer = await humanCheckpoint(ctx, `visual-review-${round}`, () => ({
    escalation: {
      stuck_reason: `${snapshot.component} passed the gate and its review: a person judges how it looks before the PR`,
      severity: 'warn',
      proposed_diff: files.target,
      evidence: [...rendered.shots.map((s) => `screenshot ${s.label} (${s.scheme}): ${s.file}`), ...rendered.problems.map((p) => `not rendered: ${p}`)],
      human_question: `Do ${snapshot.component}'s variants and states look right in light and dark? Answer "approved" or "changes-requested: <what to change>".`,
    },
    markdownExtra: screenshotMarkdown(rendered.shots, rendered.problems, '../..'),
  }));
  return { ...answer, shots, markdown: screenshotMarkdown(rendered.shots, rendered.problems, '../..') };
}

/** The screenshots as Markdown images, `prefix` leading from the Markdown file to the project root. */
export function screenshotMarkdown(shots: readonly VisualShot[], problems: readonly string[], prefix: string): string {
  const out = ['#### Screenshots', ''];
  if (shots.length === 0) out.push('_No screenshots: the component could not be rendered._');
  for (const s of shots) out.push(`**${s.label}** (${s.scheme})`, '', `![${s.label}, ${s.scheme}](${prefix}/${s.file})`, '');
  for (const p of problems) out.push(`- not rendered: ${p}`);
  return `${out.join('\n')}\n`;
}

/** The page's CSS: the project's tokens (light and dark roles) and a Tailwind entry on its theme, both as the views generate them. */
export async function pageStyles(project: Project): Promise<{ tailwind?: { css: string; base: string }; css?: string }> {
  const text = async (id: 'tokens-css' | 'tailwind-theme'): Promise<string | undefined> => {
    const view = project.config.views[id];
    if (!view.enabled) return undefined;
    const file = join(project.root, view.path);
    if (existsSync(file)) return readFileSync(file, 'utf8');
    const mod = id === 'tokens-css' ? await import('../../../views/generators/tokens-css.js') : await import('../../../views/generators/tailwind-theme.js');
    const output = mod.view.generate(project).find((o) => o.kind === 'file');
    return output && 'text' in output ? output.text : undefined;
  };
  const tokens = await text('tokens-css');
  const theme = await text('tailwind-theme');
  const configured = project.config.tailwind.css;
  const entry = configured && existsSync(join(project.root, configured)) ? { css: readFileSync(join(project.root, configured), 'utf8'), base: dirname(join(project.root, configured)) } : theme ? { css: `@import "tailwindcss";\n${theme}`, base: project.root } : undefined;
  return { ...(entry ? { tailwind: entry } : {}), ...(tokens ? { css: tokens } : {}) };
}
