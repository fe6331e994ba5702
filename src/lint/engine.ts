import { extname } from 'node:path';
import { computeLineStarts, offsetToPosition } from '../diagnostics/json-source.js';
import { isAutomated, type Rule } from '../contracts/rule-types.js';
import type { Project } from '../project/project.js';
import { ruleCoverage } from './coverage.js';
import { SourceParseError, type DetectorModule, type Finding, type LintContext } from './detector.js';
import { detectorRegistry } from './detectors/index.js';
import type { LintDocument } from './document.js';
import { fingerprinter } from './fingerprint.js';
import { applyDisables, findDirectives } from './disables.js';
import { ruleSettingsFor } from './overrides.js';
import { buildThemeIndex } from '../contracts/theme-index.js';
import { loadTailwindModel } from './tailwind/load.js';
import type { TailwindLoad } from './tailwind/model.js';
import { LINT_CLEAN_LABEL, PARSE_ERROR, type LintResult, type SourceType, type Violation } from './types.js';

export interface LintOptions {
  /** Defaults to the filename's extension. */
  readonly sourceType?: SourceType;
  readonly filename?: string;
}

export interface Linter {
  readonly project: Project;
  /** Pure and synchronous: a source in, a result out. Never throws on any input. */
  lint(source: string, options: LintOptions): LintResult;
}

type Parse = (text: string, project: Project, filename: string | undefined) => LintDocument;

// Parsers are the heavy part (Babel, Vue's compiler, PostCSS): load only those a run needs.
const SOURCES: Readonly<Record<SourceType, () => Promise<Parse>>> = {
  html: async () => {
    const { parseHtmlSource } = await import('./sources/html.js');
    return (text, project, filename) => parseHtmlSource(text, classOptions(project, filename));
  },
  jsx: async () => jsxParser('jsx'),
  tsx: async () => jsxParser('tsx'),
  vue: async () => {
    const { parseVueSource } = await import('./sources/vue.js');
    return (text, project, filename) => parseVueSource(text, classOptions(project, filename));
  },
  css: async () => {
    const { parseCssSource } = await import('./sources/css.js');
    return (text, _project, filename) => parseCssSource(text, filename);
  },
};

async function jsxParser(sourceType: 'jsx' | 'tsx'): Promise<Parse> {
  const { parseJsxSource } = await import('./sources/jsx.js');
  return (text, project, filename) => parseJsxSource(text, { sourceType, ...classOptions(project, filename) });
}

/** What every markup source is told: the file, and what marks class text in it. */
function classOptions(project: Project, filename: string | undefined) {
  const { classFunctions, classAttributes } = project.config.lint;
  return { ...(filename === undefined ? {} : { filename }), classFunctions, classAttributes };
}

// .js files may hold JSX, as Babel reads them; .ts/.mts/.cts are TypeScript without JSX (so `<T>value`
// casts parse): the JSX source tells them apart by the filename (see parseJsxSource).
const EXTENSIONS: Readonly<Record<string, SourceType>> = {
  '.html': 'html',
  '.htm': 'html',
  '.jsx': 'jsx',
  '.js': 'jsx',
  '.mjs': 'jsx',
  '.cjs': 'jsx',
  '.tsx': 'tsx',
  '.ts': 'tsx',
  '.mts': 'tsx',
  '.cts': 'tsx',
  '.vue': 'vue',
  '.css': 'css',
};

export const LINTABLE_EXTENSIONS: readonly string[] = Object.keys(EXTENSIONS);

export function sourceTypeOf(filename: string): SourceType | undefined {
  return EXTENSIONS[extname(filename).toLowerCase()];
}

/** The detectors that read LintContext.tailwind. */
const TAILWIND_READERS: ReadonlySet<string> = new Set(['tailwind-unknown-class', 'token-value', 'contrast']);

interface PlacedFinding {
  readonly rule: Rule;
  readonly detector: DetectorModule<unknown>;
  readonly finding: Finding;
  /** The rule's index in the linter's rules, sorted by id. */
  readonly order: number;
  /** finding.range.start, the sort key, at hand. */
  readonly start: number;
}

interface PreparedRule {
  readonly rule: Rule;
  readonly detector: DetectorModule<unknown>;
  readonly prepared: unknown;
}

/**
 * Compiles the project's automated rules once (regexes, selectors, token indexes) and loads the
 * parsers for `sourceTypes`; the returned linter is then reused for every file.
 */
export async function createLinter(project: Project, sourceTypes: readonly SourceType[] = ['html', 'jsx', 'tsx', 'vue', 'css']): Promise<Linter> {
  const automated = project.rules.rules.filter(isAutomated);
  // Tailwind's class model only for the rules that read it: loading it is the heavy part of start-up.
  const tailwind: TailwindLoad = automated.some((rule) => TAILWIND_READERS.has(rule.detector)) ? await loadTailwindModel(project) : {};
  const theme = buildThemeIndex(project);
  const context: LintContext = tailwind.model ? { project, theme, tailwind: tailwind.model } : { project, theme };
  // By rule id: findings at one place are listed in this order.
  const prepared: PreparedRule[] = project.rules.rules
    .filter(isAutomated)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((rule) => {
      const detector = detectorRegistry[rule.detector as keyof typeof detectorRegistry] as DetectorModule<unknown>;
      return { rule, detector, prepared: detector.prepare(rule, context) };
    });
  const rulesCovered = ruleCoverage(project.rules.rules);
  // Said once per result, in the summary: which class model the class rules ran on, when not Tailwind's.
  const coverage = tailwind.note ? { ...rulesCovered, summary: `${rulesCovered.summary}; ${tailwind.note}` } : rulesCovered;
  // Message templates are few: each is split once per linter.
  const templates = new Map<string, CompiledTemplate>();
  const parsers = new Map<SourceType, Parse>();
  for (const type of new Set(sourceTypes)) parsers.set(type, await SOURCES[type]());

  return {
    project,
    lint(source, options) {
      const sourceType = options.sourceType ?? (options.filename ? sourceTypeOf(options.filename) : undefined) ?? 'html';
      const parse = parsers.get(sourceType);
      if (!parse) throw new Error(`linter created without the ${sourceType} parser`);
      const lineStarts = computeLineStarts(source);
      const clamp = (offset: number) => Math.min(Math.max(offset, 0), source.length);
      const position = (offset: number) => offsetToPosition(lineStarts, clamp(offset));
      const lineText = (line: number) => source.slice(lineStarts[line - 1] ?? 0, (lineStarts[line] ?? source.length + 1) - 1);
      const fingerprint = fingerprinter(lineText);
      let violations: Violation[] = [];
      // `overrides` of dsctl.config.json for this file: a rule off here does not run.
      const settings = ruleSettingsFor(project, options.filename);
      let unchecked: { offset: number; reason: string }[] = [];

      const toViolation = (rule: Rule, detector: DetectorModule<unknown> | undefined, finding: Finding, severity = rule.severity): Violation => {
        const startOffset = clamp(finding.range.start);
        const endOffset = clamp(Math.max(finding.range.end, finding.range.start));
        const start = offsetToPosition(lineStarts, startOffset);
        // Most findings end on the line they start on: no second search then.
        const end = endOffset < (lineStarts[start.line] ?? Infinity) ? { line: start.line, column: start.column + endOffset - startOffset } : offsetToPosition(lineStarts, endOffset);
        const alternative = finding.alternative ?? rule.alternative;
        const message = detector ? interpolate(detector, finding, rule, templates) : finding.messageId;
        const fingerprinted = fingerprint(rule.id, finding.token, start.line, start.column);
        // Two literal shapes rather than a spread: one of these is made per finding.
        return alternative === undefined
          ? { ruleId: rule.id, severity, message, token: finding.token, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, fingerprint: fingerprinted }
          : { ruleId: rule.id, severity, message, alternative, token: finding.token, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, fingerprint: fingerprinted };
      };

      try {
        const doc = parse(source, project, options.filename);
        unchecked = [...doc.unchecked];
        const findings: PlacedFinding[] = [];
        prepared.forEach(({ rule, detector, prepared: data }, order) => {
          if (settings?.get(rule.id) === 'off') return;
          for (const finding of detector.run(doc, rule, data, context)) findings.push({ rule, detector, finding, order, start: finding.range.start });
        });
        // By place, then by rule id (the order of `prepared`). The sort is stable: of one rule's
        // findings at one place (a detector that got there twice), the first found is kept.
        findings.sort((a, b) => a.start - b.start || a.order - b.order);
        let previous: PlacedFinding | undefined;
        let noted = false;
        for (const placed of findings) {
          if (placed.finding.unchecked !== undefined) {
            // Could not be judged here (a spread may supply it): said, never counted.
            unchecked.push({ offset: placed.start, reason: `${placed.rule.id} not checked: ${placed.finding.unchecked}` });
            noted = true;
            continue;
          }
          if (previous?.order === placed.order && previous.start === placed.start) continue;
          previous = placed;
          const setting = settings?.get(placed.rule.id);
          violations.push(toViolation(placed.rule, placed.detector, placed.finding, setting === 'warn' || setting === 'error' ? setting : placed.rule.severity));
        }
        if (noted) unchecked.sort((a, b) => a.offset - b.offset);
      } catch (error) {
        if (!(error instanceof SourceParseError)) throw error;
        const rule: Rule = { id: PARSE_ERROR, category: 'syntax', severity: 'error', description: error.message, detector: 'manual', automationStatus: 'auto' };
        violations.push(toViolation(rule, undefined, { range: { start: error.offset, end: error.offset }, token: '', messageId: `could not parse this ${sourceType} source: ${error.message}` }));
      }

      // `dsctl-disable…` comments: suppressed findings move to coverage.disables.
      const directives = findDirectives(source, sourceType);
      const disabled =
        directives.length === 0
          ? undefined
          : applyDisables(directives, violations, position, project.rules.byId, (p) =>
              toViolation({ id: p.ruleId, category: 'dsctl', severity: p.severity, description: p.message, detector: 'manual', automationStatus: 'auto' }, undefined, { range: p.range, token: p.token, messageId: p.message }),
            );
      if (disabled) violations = disabled.violations;
      let errorCount = 0;
      for (const v of violations) if (v.severity === 'error') errorCount++;
      const passed = errorCount === 0;
      // Literals of one shape each, not spreads: a spread makes V8 build the object slowly, per file.
      const covered = { automated: coverage.automated, notAutomated: coverage.notAutomated, summary: coverage.summary, unchecked: unchecked.map((u) => ({ ...position(u.offset), reason: u.reason })) };
      if (disabled?.notes.length) Object.assign(covered, { disables: disabled.notes });
      const label = passed ? LINT_CLEAN_LABEL : 'needs repair';
      const warnCount = violations.length - errorCount;
      return options.filename === undefined
        ? { sourceType, passed, label, errorCount, warnCount, violations, coverage: covered }
        : { filename: options.filename, sourceType, passed, label, errorCount, warnCount, violations, coverage: covered };
    },
  };
}

/** One-off convenience; callers linting many files should keep the Linter. */
export async function lint(project: Project, source: string, options: LintOptions): Promise<LintResult> {
  const sourceType = options.sourceType ?? (options.filename ? sourceTypeOf(options.filename) : undefined) ?? 'html';
  return (await createLinter(project, [sourceType])).lint(source, { ...options, sourceType });
}

const NO_DATA: Readonly<Record<string, string | number>> = {};

/** A message template split at its `{placeholders}`: text at even indexes, placeholder names at odd ones. */
type CompiledTemplate = readonly string[];

function interpolate(detector: DetectorModule<unknown>, finding: Finding, rule: Rule, templates: Map<string, CompiledTemplate>): string {
  const template = detector.messages[finding.messageId];
  // An unknown message id is a bug in the detector, not a user mistake: fail loudly.
  if (template === undefined) throw new Error(`detector ${detector.id} has no message "${finding.messageId}"`);
  let parts = templates.get(template);
  if (parts === undefined) templates.set(template, (parts = template.split(/\{(\w+)\}/)));
  // The finding's data first, then `{token}` and `{description}`; an unknown placeholder stays as written.
  const data = finding.data ?? NO_DATA;
  let message = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i] as string;
    message += key in data ? String(data[key]) : key === 'token' ? finding.token : key === 'description' ? rule.description : `{${key}}`;
    message += parts[i + 1] as string;
  }
  return message;
}
