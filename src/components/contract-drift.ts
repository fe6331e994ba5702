import { join } from 'node:path';
import type { ComponentContract, ComponentEntry, VariantAxis } from '../contracts/component-types.js';
import { buildThemeIndex } from '../contracts/theme-index.js';
import type { TokenSet } from '../contracts/tokens.js';
import type { JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import { isUserError } from '../diagnostics/user-error.js';
import type { Config } from '../project/config-schema.js';
import type { Project } from '../project/project.js';
import { packageVersion } from '../project/package-root.js';
import { readJsonDocument } from '../project/read-json.js';
import type { ScannedComponent } from '../adopt/components/types.js';
import { tokensOfClasses } from './class-tokens.js';
import { cacheKey, readCachedProblems, writeCachedProblems } from './contract-code-cache.js';
import { scanSources, type ScannedSource, type ScanResult } from './scan-sources.js';

export const CODE_MISMATCH = 'component/code-mismatch';

export interface ContractCodeInput {
  readonly root: string;
  readonly config: Config;
  readonly tokens: TokenSet;
  readonly components: readonly ComponentEntry[];
  /** The loader's list of files read: the component sources are added, so a cached Project reloads when code changes. */
  readonly sources?: string[];
}

/**
 * `dsctl check`'s contract-vs-code findings: for every contract with `source`, the component's cva/tv
 * variants, its props and the tokens its classes use must agree with the contract (warn for drafts,
 * error once a person owns it). What the contract leaves out it makes no claim about — `props` and
 * `tokens` are compared when present, as the scanner writes props but never tokens; an absent
 * `variants` means none. Without any `source` nothing is loaded, TypeScript included; with one, the
 * findings are reused from .dsctl/cache/ until a contract, the theme or a file the scan read changes.
 */
export function contractCodeProblems(input: ContractCodeInput): Problem[] {
  const scanned = input.components.filter((e) => typeof e.contract.source === 'string' && e.contract.source !== '');
  if (scanned.length === 0) return [];
  input.sources?.push(...scanned.map((e) => join(input.root, e.contract.source as string)));
  const docs = scanned.map((e) => readJsonDocument(join(input.root, e.file), e.file, 'component contract'));
  const key = cacheKey([packageVersion(), JSON.stringify(input.config.theme), [...input.tokens.tokens.keys()].join(','), ...docs.flatMap((d) => [d.file, d.text])]);
  const cached = readCachedProblems(input.root, key);
  if (cached) return [...cached];

  let result: ScanResult;
  try {
    result = scanSources(input.root, scanned.map((e) => e.contract.source as string));
  } catch (error) {
    // No TypeScript compiler: the contracts are still good, the comparison just cannot be made.
    if (!isUserError(error)) throw error;
    return scanned.map((e) => ({ severity: 'warn', code: CODE_MISMATCH, message: `${e.contract.name} was not compared with ${String(e.contract.source)}: ${error.message}`, file: e.file, pointer: '/source' }));
  }
  // The theme index reads only the config's theme and the tokens; built once, and only when a contract lists tokens.
  const theme = scanned.some((e) => e.contract.tokens) ? buildThemeIndex({ config: input.config, tokens: input.tokens } as unknown as Project) : undefined;
  const problems = scanned.flatMap((entry, index) => compare(entry.contract, docs[index] as JsonDocument, result.sources.get(entry.contract.source as string) as ScannedSource, theme));
  writeCachedProblems(input.root, key, result.inputs, problems);
  return problems;
}

type Theme = ReturnType<typeof buildThemeIndex>;

function compare(contract: ComponentContract, doc: JsonDocument, scanned: ScannedSource, theme: Theme | undefined): Problem[] {
  const out: Problem[] = [];
  const severity = contract.status === 'draft' ? 'warn' : 'error';
  const report = (message: string, pointer: string) => out.push(problem(doc, CODE_MISMATCH, severity, message, pointer));
  const src = scanned.source;
  if (scanned.text === undefined) {
    report(`contract source ${src} is not a file of the project: fix "source", or remove it if the component is gone`, '/source');
    return out;
  }
  const component = pick(contract, scanned.components);
  if (!component) {
    report(`${src} exports no component ${contract.exportName ?? contract.name}: fix "source"${contract.exportName ? ' or "exportName"' : ''}, or export it again`, contract.exportName ? '/exportName' : '/source');
    return out;
  }
  const recipe = /\btv\s*\(/.test(scanned.text) && !/\bcva\s*\(/.test(scanned.text) ? 'tv' : 'cva';

  // Variants: axes, options and defaults, both ways.
  const axes: Record<string, VariantAxis> = { ...(contract.variants ?? {}) };
  if (contract.sizes && !axes['size']) axes['size'] = contract.sizes;
  const pointerOf = (axis: string) => (contract.variants?.[axis] || !contract.sizes || axis !== 'size' ? `/variants/${axis}` : '/sizes');
  for (const [axis, code] of Object.entries(component.variants)) {
    const mine = axes[axis];
    if (!mine) {
      report(`contract variants lacks "${axis}" (${code.options.map((o) => `"${o}"`).join(', ')}), which ${src} defines: add it to the contract or remove it from the ${recipe} call`, contract.variants ? '/variants' : '');
      continue;
    }
    for (const option of code.options) {
      if (!mine.options.includes(option)) report(`contract variants.${axis} lacks "${option}", which ${src} defines: add it to the contract or remove it from the ${recipe} call`, `${pointerOf(axis)}/options`);
    }
    for (const option of mine.options) {
      if (!code.options.includes(option)) report(`contract variants.${axis} has "${option}", which ${src} does not define: remove it from the contract or add it to the ${recipe} call`, `${pointerOf(axis)}/options`);
    }
    if (mine.default !== code.default && mine.options.includes(code.default)) {
      report(`contract variants.${axis} defaults to "${mine.default}", ${src} to "${code.default}": change the contract's default or the ${recipe} call's defaultVariants`, `${pointerOf(axis)}/default`);
    }
  }
  for (const axis of Object.keys(axes)) {
    if (!component.variants[axis]) report(`contract variants.${axis} is not a variant of ${src}: remove it from the contract or add it to the ${recipe} call`, pointerOf(axis));
  }

  // Props other than the variant axes (those are compared above).
  if (contract.props) {
    const codeProps = component.props.filter((p) => !component.variants[p.name]);
    contract.props.forEach((prop, index) => {
      if (component.variants[prop.name] || axes[prop.name]) return;
      const code = codeProps.find((p) => p.name === prop.name);
      if (!code) {
        report(`contract props has "${prop.name}", which ${src} does not declare: remove it from the contract or add it to the component's props`, `/props/${index}`);
        return;
      }
      if (code.required !== prop.required) {
        report(`contract props "${prop.name}" is ${prop.required ? 'required' : 'optional'}, ${src} declares it ${code.required ? 'required' : 'optional'}: make the contract or the props type agree`, `/props/${index}/required`);
      }
      if (normal(code.type) !== normal(prop.type)) {
        report(`contract props "${prop.name}" has type ${prop.type}, ${src} declares ${code.type}: change the contract's type or the component's`, `/props/${index}/type`);
      }
    });
    for (const code of codeProps) {
      if (!contract.props.some((p) => p.name === code.name) && !axes[code.name]) {
        report(`contract props lacks "${code.name}", which ${src} declares: add it to the contract or remove it from the component's props`, '/props');
      }
    }
  }

  // Tokens: every token the component's classes use is one the contract lists.
  if (contract.tokens && theme) {
    const classes = [component.baseClasses, component.rootClasses, ...Object.values(component.variants).flatMap((a) => Object.values(a.classes ?? {}))].filter((c): c is string => c !== undefined).join(' ');
    for (const [token, cls] of tokensOfClasses(classes, theme)) {
      if (!contract.tokens.includes(token)) report(`contract tokens lacks "${token}", which ${src} uses (${cls}): add it to the contract or use a token the contract lists`, '/tokens');
    }
  }
  return out;
}

/** The scanned component a contract describes: by export, else by name, else the file's only one. */
function pick(contract: ComponentContract, components: readonly ScannedComponent[]): ScannedComponent | undefined {
  if (contract.exportName) return components.find((c) => c.exportName === contract.exportName);
  return components.find((c) => c.name === contract.name) ?? (components.length === 1 ? components[0] : undefined);
}

function normal(type: string): string {
  return type.replace(/\s+/g, ' ').replace(/'/g, '"').trim();
}
