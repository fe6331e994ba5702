import type { Element } from 'domhandler';
import { isSpace } from './class-token.js';
import type { ClassOccurrence, Range } from './document.js';

// Rules usually ask for a few names of a page; past this many, grouping every name is cheaper.
const SCANS_BEFORE_GROUPING = 2;

/**
 * A document's class names in document order, kept as columns. They are a page's most numerous
 * items (thousands of occurrences of a few dozen names), so there is no object per occurrence, and
 * each distinct name is numbered once, as it is added: a rule decides each name once and reads its
 * occurrences by number. Sources add in document order and finish before any detector reads.
 */
export class ClassTable implements Iterable<ClassOccurrence> {
  private readonly nameList: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Per occurrence: its name's id, and where it starts. */
  private readonly occurrenceIds: number[] = [];
  private readonly starts: number[] = [];
  /**
   * The element occurrences apply to (when the source has a markup tree), by runs: a class list is
   * one element's, so `runElements[r]` is the element from occurrence `runStarts[r]` to the next run.
   */
  private readonly runStarts: number[] = [];
  private readonly runElements: (Element | undefined)[] = [];
  /** Per name: where addClassList() first met it in `scanned`, or -1. */
  private readonly firsts: number[] = [];
  /** Per name: whether css-select may split it where HTML does not (see isUnusual()). */
  private readonly unusualNames: boolean[] = [];
  private scanned: string | undefined;
  private readonly unreadList: Element[] = [];
  private unreadSet: Set<Element> | undefined;
  private byName: number[][] | undefined;
  private scans = 0;

  static from(occurrences: Iterable<ClassOccurrence>): ClassTable {
    const table = new ClassTable();
    for (const { name, range, element } of occurrences) table.add(name, range.start, element);
    return table;
  }

  get length(): number {
    return this.occurrenceIds.length;
  }

  /** Each distinct name, in order of first occurrence: `names[id]`. */
  get names(): readonly string[] {
    return this.nameList;
  }

  /** Per occurrence `k`: the id of its name. */
  get nameIndex(): readonly number[] {
    return this.occurrenceIds;
  }

  /** A name written at `start` (it ends `name.length` later). */
  add(name: string, start: number, element: Element | undefined): void {
    this.startRun(element);
    const id = this.idOf(name);
    if (element && this.unusualNames[id] === true) this.addUnread(element);
    this.occurrenceIds.push(id);
    this.starts.push(start);
  }

  /**
   * The whitespace-separated names of `text[from, to)`, the bulk of a page's work. Each name found
   * is looked up by a hash of a few of its characters and compared in place with the name that
   * hash last led to, so only a page's first occurrence of a name becomes a string. Characters are
   * read as UTF-16 code units from a typed array, several times cheaper than charCodeAt().
   */
  addClassList(text: string, from: number, to: number, element: Element | undefined): void {
    this.startRun(element);
    if (this.scanned === undefined) this.scanned = text;
    const { nameList: names, occurrenceIds, starts, firsts, unusualNames } = this;
    const units = codeUnits(text);
    // A name first seen in another text (or added by name) is compared as a string.
    const sameText = this.scanned === text;
    let unusual = false;
    let i = from;
    while (i < to) {
      let c = units[i] as number;
      while (i < to && isSpace(c)) c = units[++i] as number;
      const start = i;
      while (i < to && !isSpace(c)) c = units[++i] as number;
      if (i === start) break;
      const slot = sampleHash(units, start, i) & (RECENT_SLOTS - 1);
      let id = (recent[slot] as number) - 1;
      if (id < 0 || id >= names.length || !sameName(units, start, i, names[id] as string, sameText ? (firsts[id] as number) : -1, text)) {
        id = this.idOf(text.slice(start, i), sameText ? start : -1);
        recent[slot] = id + 1;
      }
      if (unusualNames[id] === true) unusual = true;
      occurrenceIds.push(id);
      starts.push(start);
    }
    if (unusual && element) this.addUnread(element);
  }

  private startRun(element: Element | undefined): void {
    const runs = this.runElements.length;
    if (runs > 0 && this.runElements[runs - 1] === element) return;
    this.runStarts.push(this.occurrenceIds.length);
    this.runElements.push(element);
  }

  /**
   * Runs of occurrences that apply to one element, in document order: run `r` is occurrences
   * `[runStart(r), runStart(r + 1))`, of element `runElements[r]`.
   */
  get runCount(): number {
    return this.runStarts.length;
  }

  runStart(r: number): number {
    return r < this.runStarts.length ? (this.runStarts[r] as number) : this.length;
  }

  runElement(r: number): Element | undefined {
    return this.runElements[r];
  }

  /**
   * Marks an element whose class list may be read otherwise than this table did (HTML entities in
   * it, characters outside printable ASCII, which css-select may split at): see `unread`.
   */
  addUnread(element: Element): void {
    this.unreadList.push(element);
    this.unreadSet = undefined;
  }

  /** Elements whose classes are not known from this table alone: any class may apply to them. */
  get unread(): ReadonlySet<Element> {
    return (this.unreadSet ??= new Set(this.unreadList));
  }

  /** The elements this table lists with `name` (with repeats, in no set order). */
  elementsWith(name: string): Element[] {
    const found: Element[] = [];
    const id = this.ids.get(name);
    if (id === undefined) return found;
    for (const k of this.occurrencesOf(id)) {
      const element = this.elementOf(k);
      if (element) found.push(element);
    }
    return found;
  }

  /** The element occurrence `k` applies to. */
  elementOf(k: number): Element | undefined {
    const { runStarts } = this;
    let lo = 0;
    let hi = runStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((runStarts[mid] as number) <= k) lo = mid;
      else hi = mid - 1;
    }
    return this.runElements[lo];
  }

  private idOf(name: string, first = -1): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.nameList.length;
      this.ids.set(name, id);
      this.nameList.push(name);
      this.firsts.push(first);
      this.unusualNames.push(isUnusual(name));
    }
    return id;
  }

  /** Where occurrence `k` is written. */
  range(k: number): Range {
    const start = this.starts[k] as number;
    return { start, end: start + (this.nameList[this.occurrenceIds[k] as number] as string).length };
  }

  start(k: number): number {
    return this.starts[k] as number;
  }

  /** The occurrences of `names[i]`, in document order: a scan for the first few names asked, then a grouping of all. */
  occurrencesOf(i: number): readonly number[] {
    if (this.byName === undefined && this.scans < SCANS_BEFORE_GROUPING) {
      this.scans++;
      const found: number[] = [];
      const ids = this.occurrenceIds;
      for (let k = 0; k < ids.length; k++) if (ids[k] === i) found.push(k);
      return found;
    }
    if (this.byName === undefined) {
      const byName: number[][] = this.nameList.map(() => []);
      const ids = this.occurrenceIds;
      for (let k = 0; k < ids.length; k++) (byName[ids[k] as number] as number[]).push(k);
      this.byName = byName;
    }
    return this.byName[i] ?? [];
  }

  /** Occurrence `k` as an object: for tests and for the few readers that want one. */
  at(k: number): ClassOccurrence | undefined {
    if (k < 0) k += this.length;
    if (k < 0 || k >= this.length) return undefined;
    const element = this.elementOf(k);
    const name = this.nameList[this.occurrenceIds[k] as number] as string;
    return element ? { name, range: this.range(k), element } : { name, range: this.range(k) };
  }

  *[Symbol.iterator](): Iterator<ClassOccurrence> {
    for (let k = 0; k < this.length; k++) yield this.at(k) as ClassOccurrence;
  }
}

/** Outside printable ASCII: css-select also splits class lists at \v and at non-ASCII spaces; HTML does not. */
function isUnusual(name: string): boolean {
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c < 33 || c > 126) return true;
  }
  return false;
}

/** Whether `units[start, end)` spells `name`, which was met at `first` in the same text (or -1). */
function sameName(units: Uint16Array, start: number, end: number, name: string, first: number, text: string): boolean {
  const length = end - start;
  if (name.length !== length) return false;
  if (first < 0) return text.startsWith(name, start);
  for (let k = 0; k < length; k++) if (units[start + k] !== units[first + k]) return false;
  return true;
}

/**
 * The UTF-16 code units of the last text scanned, in a buffer reused from page to page (one past
 * the end stays readable, so scans read a number there, never undefined).
 */
let units = new Uint16Array(0);
let unitsView = Buffer.from(units.buffer);
let unitsOf: string | undefined;

function codeUnits(text: string): Uint16Array {
  if (unitsOf !== text) {
    if (units.length <= text.length) {
      units = new Uint16Array(Math.max(text.length + 1, units.length * 2));
      unitsView = Buffer.from(units.buffer);
    }
    // utf16le writes a string's code units as they are, lone surrogates included.
    unitsView.write(text, 0, 'utf16le');
    units[text.length] = 0;
    unitsOf = text;
  }
  return units;
}

const FNV_PRIME = 0x01000193;

/**
 * A name's slot in the cache, from its length and five of its characters: most names differ there,
 * and a clash costs a slice and a Map lookup, not a wrong answer (the name is compared in full).
 */
function sampleHash(units: Uint16Array, start: number, end: number): number {
  const length = end - start;
  // Inside the name whatever its length, so that a name always lands in the same slot.
  const second = length > 1 ? 1 : 0;
  let hash = Math.imul(length, 0x9e3779b1);
  hash = Math.imul(hash ^ (units[start] as number), FNV_PRIME);
  hash = Math.imul(hash ^ (units[start + second] as number), FNV_PRIME);
  hash = Math.imul(hash ^ (units[start + (length >> 1)] as number), FNV_PRIME);
  hash = Math.imul(hash ^ (units[end - 1 - second] as number), FNV_PRIME);
  hash = Math.imul(hash ^ (units[end - 1] as number), FNV_PRIME);
  return hash ^ (hash >>> 15);
}

const RECENT_SLOTS = 1024;

/**
 * For addClassList(): a direct-mapped cache from a name's slot to an id + 1 (0: empty). Shared by
 * every table, never cleared: an id is only a guess, taken when the name it stands for in this
 * table is the one scanned, so a stale or foreign entry costs a slice and a Map lookup, no more.
 */
const recent = new Int32Array(RECENT_SLOTS);
