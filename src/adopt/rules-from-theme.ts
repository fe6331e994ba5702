import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ThemeIndex } from '../contracts/theme-index.js';
import { packageRoot } from '../project/package-root.js';

/*
 * The rule set of an adopted repository: the starter's rules that hold for any design system, with
 * every alternative naming the project's own utilities (from its imported theme) instead of
 * Tessera's. Rules about Tessera's own components and scales (`.btn`, `.card`, its spacing steps) are
 * left out: they would flag a team's code for classes it never had.
 */

type RuleJson = Record<string, unknown> & { id: string; alternative?: string; description?: string };

/** Rules kept as they are: their words name no class. */
const KEPT = new Set([
  'A11Y_IMG_ALT',
  'A11Y_BUTTON_TYPE',
  'A11Y_NO_POSITIVE_TABINDEX',
  'CSS_NO_IMPORTANT',
  'TW_NO_ARBITRARY_VALUE',
  'TW_UNKNOWN_CLASS',
  'TOKEN_RAW_COLOR',
  'COLOR_NO_TAILWIND_PALETTE',
  'A11Y_TEXT_CONTRAST',
  'A11Y_NO_OBSOLETE_TAGS',
  'A11Y_NO_INLINE_HANDLERS',
  'A11Y_NO_FAKE_BUTTON',
  'A11Y_NO_NESTED_INTERACTIVE',
  'A11Y_ICON_BUTTON_LABEL',
  'A11Y_GLYPH_BUTTON_LABEL',
  'A11Y_DIALOG_LABEL',
  'A11Y_TAB_SELECTED',
]);

/** Tailwind's default palette names: flagged unless the project's theme defines one of them itself. */
const PALETTE = ['slate', 'gray', 'zinc', 'neutral', 'stone', 'red', 'orange', 'amber', 'yellow', 'lime', 'green', 'emerald', 'teal', 'cyan', 'sky', 'blue', 'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose'];

export interface ThemeRulesInput {
  readonly theme: ThemeIndex;
  /** The design system's name, for the descriptions. */
  readonly name: string;
}

/** The rules document (rules.json) for an adopted project. */
export function rulesFromTheme(input: ThemeRulesInput): { $schema: string; version: string; rules: RuleJson[] } {
  const starter = JSON.parse(readFileSync(join(packageRoot(), 'templates/starter/design/contracts/rules.json'), 'utf8')) as { $schema: string; rules: RuleJson[] };
  const colours = input.theme.candidates('color').map((c) => c.utility);
  const own = new Set(colours);
  const words = themeWords(colours, input.theme);
  const rules: RuleJson[] = [];
  for (const rule of starter.rules) {
    if (rule.detector === 'manual') {
      const description = DESCRIPTIONS[rule.id]?.(words);
      const alternative = rule.id === 'HIERARCHY_ONE_PRIMARY_ACTION' ? 'Demote competing actions to a secondary or ghost variant of the Button.' : rule.alternative;
      rules.push({ ...rule, ...(alternative === undefined ? {} : { alternative }), ...(description === undefined ? {} : { description: description.replaceAll('Tessera', input.name) }) });
      continue;
    }
    if (!KEPT.has(rule.id)) continue;
    const alternative = ALTERNATIVES[rule.id]?.(words);
    const description = DESCRIPTIONS[rule.id]?.(words);
    const adapted: RuleJson = { ...rule, ...(alternative === undefined ? {} : { alternative }), ...(description === undefined ? {} : { description }) };
    if (rule.id === 'COLOR_NO_TAILWIND_PALETTE') adapted.matchPatterns = PALETTE.filter((p) => !own.has(p) && ![...own].some((c) => c.startsWith(`${p}-`)));
    if (typeof adapted.description === 'string') adapted.description = adapted.description.replaceAll('Tessera', input.name);
    rules.push(adapted);
  }
  return { $schema: starter.$schema, version: '1.0.0', rules };
}

interface ThemeWords {
  /** `bg-primary, text-foreground, …`: a few of the theme's colour utilities. */
  readonly colours: string;
  /** `bg-primary + text-primary-foreground, …`: fills with their foreground. */
  readonly pairs: string;
  readonly text: string;
  readonly radius: string | undefined;
}

function themeWords(colours: readonly string[], theme: ThemeIndex): ThemeWords {
  const foreground = (c: string) => /(?:^|-)(?:foreground|fg)$/.test(c) || c.startsWith('on-');
  const fills = colours.filter((c) => !foreground(c));
  const texts = colours.filter(foreground);
  const pairs = fills
    .map((fill) => [fill, texts.find((t) => t === `${fill}-foreground` || t === `${fill}-fg` || t === `on-${fill}`)] as const)
    .filter((p): p is readonly [string, string] => p[1] !== undefined)
    .slice(0, 3)
    .map(([fill, text]) => `bg-${fill} + text-${text}`);
  const shown = [...fills.slice(0, 3).map((c) => `bg-${c}`), ...texts.slice(0, 2).map((c) => `text-${c}`)];
  const radius = theme.candidates('radius').map((c) => c.utility)[0];
  return {
    colours: shown.join(', ') || 'the theme colour utilities',
    pairs: pairs.join(', ') || 'each fill with the text colour designed for it',
    text: texts[0] === undefined ? 'a theme text colour' : `text-${texts[0]}`,
    radius: radius === undefined ? undefined : radius === '' ? 'rounded' : `rounded-${radius}`,
  };
}

/** Descriptions that name Tessera's own components, classes or pairs. */
const DESCRIPTIONS: Readonly<Record<string, (w: ThemeWords) => string>> = {
  A11Y_TEXT_CONTRAST: (w) => `Text colour against its resolved background must reach WCAG 2.x 4.5:1 (3:1 for large text). The theme's pairs are safe as designed (${w.pairs}); crossing them is not.`,
  TW_UNKNOWN_CLASS: () => "A class that Tailwind does not generate with the project's theme and that no project CSS or component contract defines: a typo, or a utility of another design system. It styles nothing.",
  A11Y_TARGET_SIZE: () => 'Pointer targets are at least 24×24 CSS px. Layout is only known after rendering.',
};

const ALTERNATIVES: Readonly<Record<string, (w: ThemeWords) => string>> = {
  COLOR_NO_TAILWIND_PALETTE: (w) => `Use the theme's colour utilities: ${w.colours}.`,
  TOKEN_RAW_COLOR: (w) => `Use the matching theme utility (${w.colours}) or the theme's CSS variable.`,
  TW_NO_ARBITRARY_VALUE: (w) => `Use a theme utility (${[w.colours.split(', ')[0], w.radius].filter(Boolean).join(', ')}). If no token fits, escalate for a new token instead of inventing a value.`,
  TW_UNKNOWN_CLASS: (w) => `Use a class the theme defines (${w.colours}), or define the component class in the project's CSS.`,
  A11Y_TEXT_CONTRAST: (w) => `Pair each fill with its foreground: ${w.pairs}.`,
  A11Y_NO_OBSOLETE_TAGS: (w) => `Semantic elements styled with utilities: <p class="text-center ${w.text}">.`,
  A11Y_NO_INLINE_HANDLERS: () => 'Attach listeners through the framework (onClick on the Button component) or addEventListener, on a <button type="button">.',
  A11Y_NO_FAKE_BUTTON: () => 'Use the Button component (a <button type="button">). A link that navigates stays an <a href>.',
  A11Y_NO_NESTED_INTERACTIVE: () => 'Use one element: a link styled as a button for navigation, a <button type="button"> for actions.',
  A11Y_ICON_BUTTON_LABEL: () => 'Give the icon button aria-label="Close" (the label names the action, not the icon).',
  A11Y_GLYPH_BUTTON_LABEL: () => 'Add aria-label="Close" / "More actions", or use an icon button with an svg icon and aria-label.',
  A11Y_DIALOG_LABEL: () => 'aria-labelledby pointing at the dialog title (the Dialog component\'s title).',
  A11Y_TAB_SELECTED: () => 'aria-selected="true" on the active tab and aria-selected="false" on the others.',
};
