import type * as t from '@babel/types';
import type { ClassSyntax } from './class-attributes.js';
import { collectClassValue } from './class-expressions.js';
import type { ClassSink } from './class-sink.js';
import { decodedClassList } from './html-entities.js';
import { babelParser } from './lazy-babel.js';

/** Where one attribute of an HTML start tag lies: its name as written and its value without quotes. */
export interface HtmlAttribute {
  /** Lower-cased, as htmlparser2 reports it. */
  readonly name: string;
  readonly nameStart: number;
  /** As decoded by htmlparser2. */
  readonly value: string;
  readonly valueStart: number;
  readonly valueEnd: number;
  readonly quote: string | null;
}

// Binding syntaxes of frameworks that write markup as HTML: Vue/petite-vue and Alpine (`:x`,
// `v-bind:x`, `x-bind:x`) and Angular templates (`[x]`).
const BINDING = /^(?::|v-bind:|x-bind:)(.+)$|^\[(.+)\]$/;
// Angular's `[class.z-50]="on"`: the class is in the name.
const ANGULAR_CLASS = /^\[class\.(.+)\]$/;

const REASON_BINDING = 'dynamic class binding not checked';
const REASON_ENTITIES = 'class binding written with character references not checked';

/** Whether an attribute may hold class text: asked of every attribute, so by its name alone. */
export function mayHoldClasses(syntax: ClassSyntax, name: string): boolean {
  const c = name.charCodeAt(0);
  // `:x`, `[x]`, `v-bind:x`, `x-bind:x`
  if (c === 58 || c === 91 || name.startsWith('v-bind:') || name.startsWith('x-bind:')) return true;
  return name !== 'class' && syntax.classAttributes.kindOfAttribute(name) !== undefined;
}

/**
 * Class text in an HTML attribute other than the element's own `class`: class-bearing attributes
 * (`lint.classAttributes`) and class bindings, read with the JSX/Vue class-expression rules. Their
 * classes belong to no element: HTML's tree holds only what `class` says. Returns false when the
 * attribute holds no class text.
 */
export function readHtmlClassAttribute(sink: ClassSink, syntax: ClassSyntax, attribute: HtmlAttribute): boolean {
  const { name, nameStart } = attribute;
  const angularClass = ANGULAR_CLASS.exec(name);
  if (angularClass) {
    const written = sink.text.slice(nameStart + '[class.'.length, nameStart + name.length - 1);
    sink.addClass(written, nameStart + '[class.'.length, nameStart + name.length - 1, undefined);
    return true;
  }
  const binding = BINDING.exec(name);
  const target = binding ? ((binding[1] ?? binding[2]) as string) : name;
  const kind = target === 'class' ? 'list' : syntax.classAttributes.kindOfAttribute(target);
  if (kind === undefined || (!binding && target === 'class')) return false;
  if (!binding) {
    for (const c of decodedClassList(sink.text, attribute.valueStart, attribute.valueEnd, attribute.quote)) sink.addClass(c.name, c.start, c.end, undefined);
    return true;
  }
  const raw = sink.text.slice(attribute.valueStart, attribute.valueEnd);
  if (raw !== attribute.value) {
    sink.note(attribute.valueStart, REASON_ENTITIES);
    return true;
  }
  const expression = parseBinding(raw, attribute.valueStart);
  const scope = { reason: REASON_BINDING, classFunctions: syntax.classFunctions };
  if (expression === undefined) sink.note(attribute.valueStart, REASON_BINDING);
  // `:class`, `[ngClass]` take strings, arrays and `{ class: condition }` maps, as Vue's :class does.
  else collectClassValue(sink, expression, scope, kind, true);
  return true;
}

/** A binding's value as a JS expression at its place in the file; undefined when it is not one (an Angular pipe chain may not be). */
function parseBinding(raw: string, start: number): t.Expression | undefined {
  if (raw.trim() === '') return undefined;
  try {
    return babelParser().parseExpression(raw, { startIndex: start, plugins: ['typescript'] });
  } catch {
    return undefined;
  }
}
