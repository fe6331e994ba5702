import { buildThemeIndex } from '../contracts/theme-index.js';
import type { Project } from '../project/project.js';
import { colourRoles } from '../views/generators/conventions.js';
import { resolvedCss } from '../views/generators/css-values.js';
import type { ReportTheme, ThemeColours } from './data.js';

/** Which colour role (a utility name of config `theme.color`) paints what on the page. */
const ROLES: Readonly<Record<keyof ThemeColours, string>> = {
  bg: 'bg',
  surface: 'surface',
  subtle: 'bg-subtle',
  fg: 'fg',
  muted: 'fg-muted',
  border: 'border',
  primary: 'primary',
  focus: 'focus-ring',
  success: 'success-fg',
  warning: 'warning-fg',
  danger: 'danger-fg',
  info: 'info-fg',
};

/** The starter's semantic colours (templates/starter/design/contracts/tokens.json): for roles a project does not define. */
const STARTER: ReportTheme = {
  light: { bg: '#f8f7f4', surface: '#ffffff', subtle: '#f0eeea', fg: '#1e1c1a', muted: '#5e5a53', border: '#e2dfd9', primary: '#3549cf', focus: '#4a64e2', success: '#22663a', warning: '#7d5300', danger: '#9c2f1f', info: '#2c3aaa' },
  dark: { bg: '#131210', surface: '#1e1c1a', subtle: '#2f2d29', fg: '#f8f7f4', muted: '#a29d94', border: '#46433e', primary: '#7a94f0', focus: '#98aff4', success: '#8fd19b', warning: '#f2c35e', danger: '#f4a493', info: '#98aff4' },
  sources: [],
};

/** The page's colours from the project's own semantic tokens (light, and dark where the theme has it); the starter's fill the gaps. */
export function reportTheme(project: Project | undefined): ReportTheme {
  if (!project) return STARTER;
  const roles = new Map(colourRoles(buildThemeIndex(project)).map((r) => [r.name, r]));
  const light: Record<string, string> = { ...STARTER.light };
  const dark: Record<string, string> = { ...STARTER.dark };
  const sources: string[] = [];
  for (const [key, name] of Object.entries(ROLES)) {
    const role = roles.get(name);
    const l = role && resolvedCss(role.light);
    if (!role || !l) continue;
    light[key] = l;
    sources.push(role.light.path);
    const d = role.dark && resolvedCss(role.dark);
    if (role.dark && d) {
      dark[key] = d;
      sources.push(role.dark.path);
    }
  }
  return { light: light as unknown as ThemeColours, dark: dark as unknown as ThemeColours, sources: sources.sort() };
}
