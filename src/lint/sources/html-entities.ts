import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** A decoded piece of an attribute value and where its source text lies. */
interface Piece {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The class names of an attribute value written with character references (`a&#32;b` is `a` and
 * `b`), each at the offset of its first character as written. htmlparser2's own tokenizer decodes
 * the value, so it reads exactly as the page's parse did; the text between its data runs is where
 * each reference was written.
 */
export function decodedClassList(text: string, start: number, end: number, quote: string | null): { name: string; start: number; end: number }[] {
  const q = quote === "'" ? "'" : '"';
  const prefix = `<a c=${q}`;
  const pieces: Piece[] = [];
  let last = prefix.length;
  let entities: string[] = [];
  const at = (index: number) => start + index - prefix.length;
  // References written back to back reach us as a run, with no offsets: each one starts at its `&`.
  const flushEntities = (until: number) => {
    if (entities.length === 0) return;
    const run = source.slice(last, until);
    const starts: number[] = [];
    for (let k = run.indexOf('&'); k !== -1; k = run.indexOf('&', k + 1)) starts.push(last + k);
    entities.forEach((text, i) => {
      const known = starts.length === entities.length;
      pieces.push({ text, start: at(known ? (starts[i] as number) : last), end: at(known ? (starts[i + 1] ?? until) : until) });
    });
    entities = [];
  };
  const callbacks: TokenizerCallbacks = {
    onattribdata(from, to) {
      flushEntities(from);
      pieces.push({ text: source.slice(from, to), start: at(from), end: at(to) });
      last = to;
    },
    onattribentity(codepoint) {
      entities.push(String.fromCodePoint(codepoint));
    },
    onattribend(_quote, endIndex) {
      flushEntities(endIndex);
    },
    onattribname() {},
    oncdata() {},
    onclosetag() {},
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onopentagend() {},
    onopentagname() {},
    onprocessinginstruction() {},
    onselfclosingtag() {},
    ontext() {},
    ontextentity() {},
  };
  const source = `${prefix}${text.slice(start, end)}${q}>`;
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(source);
  tokenizer.end();

  const names: { name: string; start: number; end: number }[] = [];
  let name = '';
  let nameStart = -1;
  let nameEnd = -1;
  const close = () => {
    if (name !== '') names.push({ name, start: nameStart, end: nameEnd });
    name = '';
  };
  for (const piece of pieces) {
    const single = piece.end - piece.start !== piece.text.length;
    for (let k = 0; k < piece.text.length; k++) {
      const c = piece.text[k] as string;
      // A reference is one character (or a surrogate pair) written over several.
      const from = single ? piece.start : piece.start + k;
      const to = single ? piece.end : from + 1;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') close();
      else {
        if (name === '') nameStart = from;
        name += c;
        nameEnd = to;
      }
    }
  }
  close();
  return names;
}
