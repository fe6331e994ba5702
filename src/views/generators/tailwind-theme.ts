/**
 * theme.css: a Tailwind v4 `@theme` block that turns the tokens into utilities. It is imported after
 * Tailwind and before tokens.css, which holds the values and the dark theme (the header says how).
 *
 * Each theme variable points at the tokens.css property of its token: `--text-sm:
 * var(--font-size-sm)`. Where Tailwind's variable has the very name of the token's property
 * (`--spacing-4`, `--radius-md`, `--shadow-sm`, `--font-weight-medium`) a `var()` would refer to
 * itself, so the resolved value is written instead; tokens.css, unlayered, declares the same
 * property again and wins over Tailwind's theme layer. Colour roles point at the light tokens;
 * tokens.css re-points `--color-<role>` for the dark theme.
 *
 * Namespaces the design system defines are reset first (`--color-*: initial`), so only its scale
 * exists: no palette (`bg-blue-500`), no raw ramp steps (`bg-brand-600`), no stock radii or shadows.
 * Spacing and font families are not reset: Tailwind's spacing multiplier drives `h-px` and every
 * step, and its preflight reads `--font-sans`. Z-index and duration tokens have no Tailwind v4
 * theme namespace (`z-*` and `duration-*` take bare numbers), so they stay in tokens.css only.
 */
import { posix } from 'node:path';
import type { Token } from '../../contracts/tokens.js';
import { buildThemeIndex } from '../../contracts/theme-index.js';
import type { Project } from '../../project/project.js';
import type { ViewDefinition } from '../view.js';
import { colourRoles, conventionTokens, type NamedToken } from './conventions.js';
import { cssNames, type CssNames } from './css-names.js';
import { cssComment, resolvedCss } from './css-values.js';
import { configFile } from './project-files.js';

export const view: ViewDefinition = {
  name: 'tailwind-theme',
  description: 'Tailwind v4 @theme block: utilities named after the tokens, values from tokens.css.',
  sources: (project) => [configFile(project), project.tokens.file],
  generate(project) {
    const { text, origins } = tailwindTheme(project);
    return [{ kind: 'file', path: project.config.views['tailwind-theme'].path, text, format: 'css', origins }];
  },
};

/** One Tailwind namespace: its variable prefix, whether the stock scale is reset, and what it holds. */
interface Namespace {
  readonly prefix: string;
  readonly reset: boolean;
  readonly title: string;
  readonly entries: readonly (NamedToken & { readonly value?: string })[];
}

function namespaces(project: Project, names: CssNames): Namespace[] {
  const index = buildThemeIndex(project);
  const theme = (kind: Parameters<typeof index.candidates>[0]) => index.candidates(kind).map(({ utility, token }) => ({ name: utility, token }));
  const groups = (list: readonly string[]) => (list.length > 0 ? ` (${list.join(', ')})` : '');
  const { config } = project;
  return [
    {
      prefix: '--color',
      reset: true,
      title: `Colour roles${groups(config.theme.color)}: bg-*, text-*, border-*. The palette is reset: raw ramp steps and Tailwind's colours have no utility.`,
      // A role tokens.css declares under Tailwind's own name (`--color-primary`) is re-pointed there for the
      // dark theme, so the theme points at the light token; any other role property is read as it is.
      entries: colourRoles(index).map((role) => {
        const own = names.roleProperty(role) === `--color-${role.name}` && !names.roleFromSource(role);
        return { name: role.name, token: role.light, ...(own ? {} : { value: names.roleReference(role) }) };
      }),
    },
    { prefix: '--spacing', reset: false, title: `Spacing${groups(config.theme.spacing)}: p-*, m-*, gap-*, w-*, h-*, size-*.`, entries: theme('spacing') },
    { prefix: '--radius', reset: true, title: `Radii${groups(config.theme.radius)}: rounded-*.`, entries: theme('radius') },
    { prefix: '--text', reset: true, title: `Font sizes${groups(config.theme.fontSize)}: text-*.`, entries: theme('font-size') },
    { prefix: '--font', reset: false, title: 'Font families (fontFamily tokens): font-*.', entries: conventionTokens(project, 'fontFamily') },
    { prefix: '--font-weight', reset: true, title: 'Font weights (fontWeight tokens): font-*.', entries: conventionTokens(project, 'fontWeight') },
    { prefix: '--leading', reset: true, title: 'Line heights (number tokens under a line-height group): leading-*.', entries: conventionTokens(project, 'lineHeight') },
    { prefix: '--shadow', reset: true, title: `Shadows${groups(config.theme.shadow)}: shadow-*.`, entries: theme('shadow') },
    { prefix: '--ease', reset: true, title: 'Easings (cubicBezier tokens): ease-*.', entries: conventionTokens(project, 'easing') },
  ];
}

function tailwindTheme(project: Project): { text: string; origins: Map<string, string> } {
  const origins = new Map<string, string>();
  const names = cssNames(project);
  const tokensCss = project.config.views['tokens-css'].path;
  const themeCss = project.config.views['tailwind-theme'].path;
  let tokensImport = posix.relative(posix.dirname(themeCss), tokensCss);
  if (!tokensImport.startsWith('.')) tokensImport = `./${tokensImport}`;

  const { zIndex, duration } = project.config.theme;
  const out: string[] = [
    '/*',
    ` * Generated by dsctl from ${cssComment(project.tokens.file)}. Do not edit: change the tokens and run \`dsctl build\`.`,
    ' * Tailwind v4 theme. Import it after Tailwind and before tokens.css, which holds the values and the dark theme:',
    ' *   @import "tailwindcss";',
    ` *   @import "./${cssComment(posix.basename(themeCss))}";`,
    ` *   @import "${cssComment(tokensImport)}";`,
    ' * tokens.css must stay unlayered so its properties (and the dark theme) win over the theme layer.',
    ...([...zIndex, ...duration].length > 0
      ? [
          ` * Not here: ${cssComment([...zIndex, ...duration].map((g) => `${g}.*`).join(', '))}. Tailwind v4 has no theme namespace for z-index or`,
          ' * durations; component classes use their tokens.css properties (var(--…)) instead.',
        ]
      : []),
    ' */',
    '',
    '@theme {',
  ];
  let first = true;
  for (const ns of namespaces(project, names)) {
    const entries = ns.entries.filter((e) => e.name !== '');
    if (entries.length === 0) continue;
    if (!first) out.push('');
    first = false;
    out.push(`  /* ${cssComment(ns.title)} */`);
    if (ns.reset) out.push(`  ${ns.prefix}-*: initial;`);
    const skipped = ns.entries.filter((e) => e.name === '');
    for (const { token } of skipped) out.push(`  /* ${cssComment(token.path)}: Tailwind v4 has no bare theme variable for it; skipped. */`);
    const seen = new Set<string>();
    for (const { name, token, value: given } of entries) {
      const property = `${ns.prefix}-${name}`;
      if (seen.has(property)) continue;
      const value = given ?? themeValue(property, token, names);
      if (value === undefined) continue;
      seen.add(property);
      out.push(`  ${property}: ${value}; /* ${cssComment(token.path)} */`);
      origins.set(`@theme ${property}`, token.path);
    }
  }
  out.push('}');
  return { text: `${out.join('\n')}\n`, origins };
}

/** A reference to the token's tokens.css property, or the resolved value when that property is this very variable. */
function themeValue(property: string, token: Token, names: CssNames): string | undefined {
  return names.property(token.path) === property ? resolvedCss(token) : names.reference(token.path);
}
