import { parseTokens } from '../contracts/tokens.js';
import { buildThemeIndex } from '../contracts/theme-index.js';
import { parseJsonDocument } from '../diagnostics/json-source.js';
import { isUserError } from '../diagnostics/user-error.js';
import { ConfigSchema } from '../project/config-schema.js';
import { starterFiles } from '../project/init.js';
import type { Project } from '../project/project.js';
import { scanComponents } from './components/scan.js';
import type { RepoDetection } from './detect/index.js';
import type { PlanSteps, StepResult } from './plan.js';
import { rulesFromTheme } from './rules-from-theme.js';
import { importTokens } from './tokens-import.js';

const TOKENS = 'design/contracts/tokens.json';
const RULES = 'design/contracts/rules.json';
const COMPONENTS = 'design/contracts/components';

/**
 * What `dsctl init` does in an existing repository besides merging: the app's own tokens (and the
 * theme wired to them), rules whose alternatives name the app's utilities, and draft contracts of its
 * real components — in place of Tessera's. Nothing is written here: the plan shows it, then applies it.
 */
export const ADOPT_STEPS: PlanSteps = { importTokens: importAppTokens, scanComponents: scanAppComponents };

async function importAppTokens(detection: RepoDetection): Promise<StepResult> {
  const notes: string[] = [];
  // dsctl's own files (a second init) are what an import writes, not a source of it.
  const own = (file: string) => file.startsWith('design/') || file.startsWith('.dsctl/') || file.endsWith('.schema.json');
  let sources = detection.tokenSources.map((s) => s.file).filter((f) => !own(f));
  if (sources.length === 0) return { files: new Map(), notes: ['no token source found: the Tessera starter tokens and rules are written'] };
  let imported;
  try {
    imported = await importTokens({ cwd: detection.root, sources, out: TOKENS, dryRun: true });
  } catch (error) {
    // A Tailwind config that needs packages not installed: import the CSS sources, and say how to add the rest.
    const configs = detection.tokenSources.filter((s) => s.kind === 'tailwind-config').map((s) => s.file);
    if (!isUserError(error) || configs.length === 0) throw error;
    notes.push(`${configs.join(', ')} not imported: ${error.message}`);
    sources = sources.filter((s) => !configs.includes(s));
    if (sources.length === 0) return { files: new Map(), notes: [...notes, 'the Tessera starter tokens and rules are written'] };
    imported = await importTokens({ cwd: detection.root, sources, out: TOKENS, dryRun: true });
  }
  const starter = starterFiles();
  const config = JSON.parse(starter.get('dsctl.config.json') ?? '{}') as Record<string, unknown>;
  const pkgName = detection.packageJson?.data['name'];
  const name = typeof pkgName === 'string' ? pkgName : 'the design system';
  config.name = name;
  config.theme = imported.theme;
  // The app's own CSS holds these values and its Tailwind setup makes the utilities: a generated
  // tokens.css and @theme would be a second copy under other names, so those views start switched off.
  // Should the team later let dsctl generate them, `naming: "source"` keeps the app's property names.
  const views: Record<string, unknown> = { ...(config.views as Record<string, unknown> | undefined) };
  if (imported.sources.some((s) => s.format === 'css-variables' || s.format === 'tailwind-v4-theme')) {
    Object.assign(views, { 'tokens-css': { enabled: false, naming: 'source' }, 'tailwind-theme': { enabled: false } });
    notes.push('views tokens-css and tailwind-theme switched off: the app\'s CSS is the token source (tokens.css, when switched on, keeps its property names: naming "source")');
  } else if (detection.tailwind.major === 3) {
    // A v3 app reads a preset, not v4's @theme.
    Object.assign(views, { 'tailwind-theme': { enabled: false }, 'tailwind-preset': { enabled: true } });
    notes.push('Tailwind v3: view tailwind-preset (theme.extend) written instead of the v4 @theme block');
  }
  if (Object.keys(views).length > 0) config.views = views;
  const tokens = parseTokens(parseJsonDocument(imported.text, TOKENS)).tokens;
  // The theme index needs the config's theme and the tokens, which is all of a project it reads.
  const theme = buildThemeIndex({ config: ConfigSchema.parse(config), tokens } as unknown as Project);
  const rules = rulesFromTheme({ theme, name });
  notes.push(`${imported.tokenCount} tokens from ${sources.join(', ')}${imported.modes.length ? ` (modes: ${imported.modes.join(', ')})` : ''}; ${rules.rules.length} rules naming the app's utilities`);
  for (const p of imported.problems) notes.push(`${p.file}${p.line === undefined ? '' : `:${p.line}`}: ${p.message}`);
  // The starter's component contracts name Tessera's tokens and rules, which the app does not have.
  const drop = starterContracts(starter);
  const files = new Map([
    [TOKENS, imported.text],
    [RULES, `${JSON.stringify(rules, null, 2)}\n`],
    ['dsctl.config.json', `${JSON.stringify(config, null, 2)}\n`],
  ]);
  if (detection.componentFolders.length === 0) {
    notes.push(`no component contracts yet: the starter's name Tessera's tokens (${COMPONENTS}/README.md says how to add them)`);
    files.set(`${COMPONENTS}/README.md`, COMPONENTS_README);
  }
  return {
    files,
    drop,
    notes,
  };
}

const COMPONENTS_README = `# Component contracts

One \`<id>.contract.json\` per component (schema: \`design/schemas/component.schema.json\`): its variants and
their exact classes, states, accessibility and tokens. \`dsctl components scan <dir>\` drafts them from the
app's components; a person reviews each draft and marks it \`"status": "ready"\`.
`;

const starterContracts = (starter: ReadonlyMap<string, string>) => [...starter.keys()].filter((path) => path.startsWith(`${COMPONENTS}/`));

function scanAppComponents(detection: RepoDetection): StepResult {
  if (detection.componentFolders.length === 0) return { files: new Map(), notes: ['no components folder found'] };
  const report = scanComponents({ root: detection.root, contractsDir: COMPONENTS, schemasDir: 'design/schemas', dirs: detection.componentFolders.map((f) => f.dir), dryRun: true });
  return {
    files: report.texts,
    drop: starterContracts(starterFiles()),
    notes: [`${report.texts.size} draft contract(s) from ${report.folders.join(', ')} (status "draft": a person marks each "ready")`],
  };
}
