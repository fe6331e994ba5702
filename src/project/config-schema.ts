import { z } from 'zod';

// An attribute name as HTML, JSX and Vue allow it (no spaces, quotes, `=`, `<`, `>` or `/`), `*` a wildcard.
const CLASS_ATTRIBUTE_NAME = /^[^\s"'=<>/`]+$/;

const path = (description: string, fallback: string) => z.string().min(1).default(fallback).describe(description);

const groups = (description: string) =>
  z
    .array(z.string().min(1))
    .default([])
    .describe(`${description} Token group paths, e.g. "color.semantic.light".`);

const viewShape = (fallback: string, enabled: boolean) => ({
  enabled: z.boolean().default(enabled).describe('Generate and drift-check this view.'),
  path: path('Where the view is written, relative to the project root.', fallback),
});

const view = (fallback: string, description: string, enabled = true) => z.strictObject(viewShape(fallback, enabled)).prefault({}).describe(description);

/** How generated CSS custom properties are named (tokens.css, and what theme.css and the Tailwind preset point at). */
const CSS_NAMING = {
  naming: z
    .enum(['path', 'source'])
    .default('path')
    .describe(
      '`path`: one property per token path (`color.brand.600` → `--color-brand-600`) and `--color-<role>` for the colour roles. `source`: a token imported from the app\'s CSS keeps the property and scope it was declared with (`--primary-foreground` in `:root` and `.dark`, recorded in `$extensions["dsctl.css"]`); other tokens are named by path.',
    ),
  prefix: z
    .string()
    .regex(/^(?:[a-z][a-z0-9]*-)?$/, 'a lowercase word and a dash, e.g. "ds-", or ""')
    .default('')
    .describe('Prepended to every path-named property: "ds-" gives `--ds-color-brand-600`. Source names are kept as they are.'),
};

/** `dsctl.config.json`: where the design system's files are, and how dsctl treats them. */
export const ConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe('JSON Schema for editor completion.'),
    name: z.string().min(1).optional().describe('Name of the design system.'),
    contracts: z
      .strictObject({
        tokens: path('DTCG 2025.10 token file.', 'design/contracts/tokens.json'),
        rules: path('Lint rules file.', 'design/contracts/rules.json'),
        components: path('Folder of <id>.contract.json component contracts.', 'design/contracts/components'),
        schemas: path('Folder of the JSON Schemas that validate tokens, rules and components.', 'design/schemas'),
      })
      .prefault({})
      .describe('The contracts: the single source of truth.'),
    policy: path('Governance policy: gates, CI commands, triage, loop limits.', 'design/policy.json'),
    designMd: path('The design constitution, DESIGN.md.', 'DESIGN.md'),
    lint: z
      .strictObject({
        include: z
          .array(z.string().min(1))
          .default(['**/*.{html,jsx,tsx,vue,css}'])
          .describe('Globs linted when `dsctl lint` is given no paths.'),
        exclude: z
          .array(z.string().min(1))
          .default(['**/node_modules/**', '.dsctl/**'])
          .describe('Globs never linted.'),
        baseline: z.string().min(1).optional().describe('Baseline file of accepted findings, e.g. .design-baseline.json.'),
        maxFileSize: z
          .number()
          .int()
          .positive()
          .default(1_048_576)
          .describe('Files larger than this many bytes are reported, not linted.'),
        classFunctions: z
          .array(z.string().min(1))
          .default(['clsx', 'cn', 'classnames', 'classNames', 'cx', 'cva', 'tv', 'twJoin', 'twMerge', 'tw'])
          .describe('Functions whose arguments are class names (JSX/TSX, Vue templates and scripts); cva()/tv() configs are read for their class values.'),
        classAttributes: z
          .array(
            z.union([
              z.string().regex(CLASS_ATTRIBUTE_NAME, 'an attribute or prop name, `*` for any characters (e.g. "*-class")'),
              z
                .strictObject({
                  name: z.string().regex(CLASS_ATTRIBUTE_NAME, 'an attribute or prop name, `*` for any characters'),
                  object: z.literal(true).describe('The value is an object whose string leaf values are classes (its keys are slot names).'),
                })
                .describe('An object-valued class prop, e.g. Nuxt UI\'s `ui`.'),
            ]),
          )
          .default(['class', 'className', '*-class', 'ngClass', 'x-transition:*', { name: 'ui', object: true }])
          .describe(
            'Attributes and props whose values are classes, in every markup source and binding syntax (Vue `:x`/`v-bind:x`, Alpine `:x`/`x-bind:x`, Angular `[x]`). ' +
              "An element's own `class`/`className` is always read; other names are class text that the Tailwind rules check, not the element's classes.",
          ),
      })
      .prefault({})
      .describe('What `dsctl lint` checks.'),
    overrides: z
      .array(
        z.strictObject({
          files: z.array(z.string().min(1)).min(1).describe('Globs of project-relative files this entry applies to, e.g. "components/ui/**".'),
          rules: z
            .record(z.string().min(1), z.enum(['off', 'warn', 'error']))
            .describe('Rule id → "off" (not run on these files), "warn" or "error" (the severity there).'),
        }),
      )
      .optional()
      .describe('Per-glob rule settings for `dsctl lint`; of entries matching a file, later ones win.'),
    theme: z
      .strictObject({
        color: groups('Colour utilities (bg-*, text-*, border-*): the name is the token path under the group, joined with "-".'),
        colorDark: groups('The same colour names for the dark theme (generated CSS only; contrast is checked on the light theme).'),
        spacing: groups('Spacing utilities (p-*, m-*, gap-*, …).'),
        radius: groups('Radius utilities (rounded-*).'),
        fontSize: groups('Font-size utilities (text-*).'),
        shadow: groups('Shadow utilities (shadow-*).'),
        zIndex: groups('Z-index utilities (z-*).'),
        duration: groups('Duration utilities (duration-*).'),
      })
      .prefault({})
      .describe('How Tailwind utility names map to token groups: used for contrast, token suggestions and the theme view.'),
    tailwind: z
      .strictObject({
        css: z
          .string()
          .min(1)
          .optional()
          .describe('The Tailwind CSS entry (the file with `@import "tailwindcss"`), project-relative. Default: the first such CSS file of the lint include set; else the generated theme view with dsctl\'s own Tailwind.'),
        componentCss: z
          .array(z.string().min(1))
          .optional()
          .describe('Globs of the CSS files whose class selectors define component classes (btn, card). Default: the CSS files of the lint include set and the generated tokens CSS.'),
        cache: z.boolean().default(true).describe('Keep class classifications under .dsctl/cache/tailwind/, by the hash of the theme, between runs.'),
      })
      .prefault({})
      .describe("How the checker loads Tailwind's own class model (v4 design system; a v3 config through v4's @config)."),
    launcher: z
      .strictObject({
        dsctl: z
          .string()
          .min(1)
          .optional()
          .describe("Where the launcher (.dsctl/bin/dsctl) finds dsctl's bin when it is not in node_modules, project-relative (a vendored or monorepo build)."),
      })
      .optional()
      .describe('The launcher every integration calls: it never reaches the network.'),
    agent: z
      .strictObject({
        driver: z
          .enum(['claude-code', 'command', 'scripted'])
          .default('claude-code')
          .describe('The agent driver loops use unless `--agent` names another.'),
        claudeCode: z
          .strictObject({
            command: z.string().min(1).default('claude').describe('The Claude Code CLI (npm @anthropic-ai/claude-code): a path or a name on PATH.'),
            model: z.string().min(1).optional().describe('`--model` for every session, e.g. claude-sonnet-4-5.'),
            args: z.array(z.string()).default([]).describe('Extra arguments after the ones dsctl sets.'),
          })
          .prefault({})
          .describe('The claude-code driver: `claude -p --output-format stream-json`.'),
        command: z
          .strictObject({
            template: z
              .string()
              .min(1)
              .optional()
              .describe('A shell command for any other agent CLI; {prompt_file} and {cwd} are replaced by quoted paths.'),
          })
          .prefault({})
          .describe('The command driver.'),
        scripted: z
          .strictObject({
            script: z.string().min(1).optional().describe('JSON script of file edits and answers to replay (offline; tests and demos).'),
          })
          .prefault({})
          .describe('The scripted driver.'),
      })
      .prefault({})
      .describe('Which agent the loop runner drives, and how.'),
    views: z
      .strictObject({
        'design-md-front-matter': view('DESIGN.md', 'YAML front matter of DESIGN.md, from tokens and components.'),
        'tokens-css': z
          .strictObject({ ...viewShape('design/generated/tokens.css', true), ...CSS_NAMING })
          .prefault({})
          .describe('CSS custom properties (light and dark).'),
        'tailwind-theme': view('design/generated/theme.css', 'Tailwind v4 @theme block.'),
        'tailwind-preset': view('design/generated/tailwind.preset.cjs', 'Tailwind v3 preset (theme.extend) pointing at the tokens.css properties; off unless the app uses Tailwind v3.', false),
        codeowners: view('.github/CODEOWNERS', "CODEOWNERS region from the owners of the hard gates (written when a gate has owners)."),
        'components-json': view('design/generated/components.json', 'Component metadata served over MCP.'),
        'llms-txt': view('llms.txt', 'llms.txt index (llms-full.txt is written beside it).'),
        'playbook-sections': view('docs/loop-playbook.md', 'Generated regions of the loop playbook.'),
      })
      .prefault({})
      .describe('Generated views and where they are written.'),
  })
  .describe('dsctl configuration');

export type Config = z.output<typeof ConfigSchema>;
export { CONFIG_FILE } from './config-discovery.js';
