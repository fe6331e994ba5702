import type { Element } from 'domhandler';
import { isSpace } from './class-token.js';
import type { ClassOccurrence, Range } from './document.js';

// Rules usually ask for a few names of a page; past this many, grouping every name is cheaper.
const SCANS_BEFORE_GROUPING = 8;

/**
 * A document's class names in document order, kept as columns. They are a page's most numerous
 * items (thousands of occurrences of a few dozen names), so there is no object per occurrence, and
 * each distinct name is numbered once, as it is added: a rule decides each name once and reads its
 * occurrences by number. Sources add in document order and finish before any detector reads.
 */
export class ClassTable implements Iterable<ClassOccurrence> {
  /** Each distinct name, in order of first occurrence. */
  readonly names: string[] = [];
  /** Per occurrence: the index of its name in `names`. */
  readonly nameIndex: number[] = [];
  private readonly starts: number[] = [];
  /**
   * The element occurrences apply to (when the source has a markup tree), by runs: a class list is
   * one element's, so `runElements[r]` is the element from occurrence `runStarts[r]` to the next run.
   */
  private readonly runStarts: number[] = [];
  private readonly runElements: (Element | undefined)[] = [];
  private readonly ids = new Map<string, number>();
  /**
   * For addClassList(): a direct-mapped cache from a hash of a name's characters to its id + 1 (0:
   * empty). A page has a few hundred distinct names at most; a clash only costs a slice and a lookup.
   */
  private recent: Int32Array | undefined;
  private byName: number[][] | undefined;
  private scans = 0;

  static from(occurrences: Iterable<ClassOccurrence>): ClassTable {
    const table = new ClassTable();
    for (const { name, range, element } of occurrences) table.add(name, range.start, element);
    return table;
  }

  get length(): number {
    return this.nameIndex.length;
  }

  /** A name written at `start` (it ends `name.length` later). */
  add(name: string, start: number, element: Element | undefined): void {
    this.startRun(element);
    this.nameIndex.push(this.idOf(name));
    this.starts.push(start);
  }

  /**
   * The whitespace-separated names of `text[from, to)`, the bulk of a page's work: each name is
   * hashed as it is scanned and compared in place with the name seen with that hash, so that only
   * the first occurrence of a name becomes a string.
   */
  addClassList(text: string, from: number, to: number, element: Element | undefined): void {
    this.startRun(element);
    const { names, nameIndex, starts } = this;
    const recent = (this.recent ??= new Int32Array(RECENT_SLOTS));
    let i = from;
    while (i < to) {
      let c = text.charCodeAt(i);
      while (i < to && isSpace(c)) c = text.charCodeAt(++i);
      const start = i;
      let hash = FNV_OFFSET;
      while (i < to && !isSpace(c)) {
        hash = Math.imul(hash ^ c, FNV_PRIME);
        c = text.charCodeAt(++i);
      }
      if (i === start) break;
      const slot = hash & (RECENT_SLOTS - 1);
      let id = (recent[slot] as number) - 1;
      const seen = id >= 0 ? names[id] : undefined;
      if (seen === undefined || seen.length !== i - start || !text.startsWith(seen, start)) {
        id = this.idOf(text.slice(start, i));
        recent[slot] = id + 1;
      }
      nameIndex.push(id);
      starts.push(start);
    }
  }

  private startRun(element: Element | undefined): void {
    const runs = this.runElements.length;
    if (runs > 0 && this.runElements[runs - 1] === element) return;
    this.runStarts.push(this.nameIndex.length);
    this.runElements.push(element);
  }

  /** The element of each run of occurrences `[from, to)`, in document order. */
  forEachRun(visit: (element: Element | undefined, from: number, to: number) => void): void {
    const { runStarts, runElements } = this;
    for (let r = 0; r < runStarts.length; r++) visit(runElements[r], runStarts[r] as number, (runStarts[r + 1] ?? this.length) as number);
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

  private idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  /** Where occurrence `k` is written. */
  range(k: number): Range {
    const start = this.starts[k] as number;
    return { start, end: start + (this.names[this.nameIndex[k] as number] as string).length };
  }

  start(k: number): number {
    return this.starts[k] as number;
  }

  /** The occurrences of `names[i]`, in document order: a scan for the first few names asked, then a grouping of all. */
  occurrencesOf(i: number): readonly number[] {
    if (this.byName === undefined && this.scans < SCANS_BEFORE_GROUPING) {
      this.scans++;
      const found: number[] = [];
      const { nameIndex } = this;
      for (let k = 0; k < nameIndex.length; k++) if (nameIndex[k] === i) found.push(k);
      return found;
    }
    if (this.byName === undefined) {
      const byName: number[][] = this.names.map(() => []);
      this.nameIndex.forEach((id, k) => (byName[id] as number[]).push(k));
      this.byName = byName;
    }
    return this.byName[i] ?? [];
  }

  /** Occurrence `k` as an object: for tests and for the few readers that want one. */
  at(k: number): ClassOccurrence | undefined {
    if (k < 0) k += this.length;
    if (k < 0 || k >= this.length) return undefined;
    const element = this.elementOf(k);
    const name = this.names[this.nameIndex[k] as number] as string;
    return element ? { name, range: this.range(k), element } : { name, range: this.range(k) };
  }

  *[Symbol.iterator](): Iterator<ClassOccurrence> {
    for (let k = 0; k < this.length; k++) yield this.at(k) as ClassOccurrence;
  }
}

// FNV-1a, 32-bit.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const RECENT_SLOTS = 1024;
