import type { ClassOccurrence, LintDocument } from '../document.js';

/** A document's class occurrences by name. Build it through view(): several detectors read it. */
export interface ClassNames {
  /** Each distinct name, in order of first occurrence. */
  readonly names: readonly string[];
  /** The occurrences of `names[i]`, in document order. */
  readonly occurrences: readonly (readonly ClassOccurrence[])[];
  /** For `doc.classes[k]`, the index of its name in `names`: per-name answers read without hashing names again. */
  readonly nameIndex: Int32Array;
}

/** Pages repeat a few dozen names thousands of times: a rule then decides each distinct name once. */
export function classNames(doc: LintDocument): ClassNames {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const occurrences: ClassOccurrence[][] = [];
  const nameIndex = new Int32Array(doc.classes.length);
  doc.classes.forEach((occurrence, k) => {
    let id = ids.get(occurrence.name);
    if (id === undefined) {
      id = names.length;
      ids.set(occurrence.name, id);
      names.push(occurrence.name);
      occurrences.push([]);
    }
    (occurrences[id] as ClassOccurrence[]).push(occurrence);
    nameIndex[k] = id;
  });
  return { names, occurrences, nameIndex };
}
