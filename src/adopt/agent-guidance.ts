import { findRegions, renderRegion, spliceRegions } from '../views/regions.js';

/** The region dsctl owns inside a repository's own AGENTS.md or CLAUDE.md. */
export const GUIDANCE_REGION = 'dsctl-agent-guidance';

/**
 * dsctl's agent guidance as a section for someone else's file: the starter's AGENTS.md without its
 * title, its headings one level down (the host file has its own `#`).
 */
export function guidanceSection(starterAgentsMd: string): string {
  const body = starterAgentsMd.replace(/^# .*\n+/, '');
  return `## Design system (dsctl)\n\n${body.replace(/^(#{2,5}) /gm, '#$1 ')}`;
}

/** The file with the guidance region added at its end, or brought up to date in place; every other byte kept. */
export function mergeGuidance(text: string, file: string, section: string): string {
  if (findRegions(text).regions.some((r) => r.name === GUIDANCE_REGION)) return spliceRegions(text, file, new Map([[GUIDANCE_REGION, section]]));
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const sep = text === '' ? '' : text.endsWith('\n') ? eol : `${eol}${eol}`;
  return `${text}${sep}${renderRegion(GUIDANCE_REGION, section)}\n`;
}

/** A CLAUDE.md that only imports AGENTS.md (`@AGENTS.md`) gets the guidance through it. */
export const importsAgentsMd = (claudeMd: string): boolean => /^@AGENTS\.md\s*$/m.test(claudeMd);
