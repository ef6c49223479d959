/**
 * A subject string as a pattern reads it: by code point with the `u` or `v`
 * flag, by UTF-16 unit without, and the assertions decided by the
 * characters around a position.
 */
import type { Alphabet } from './alphabet.js';
import type { PositionKind } from './syntax.js';

/** `\w`'s test is atom 0 of every pattern (see syntax.ts). */
const WORD = 0;

export class Subject {
  readonly length: number;

  constructor(
    readonly text: string,
    private readonly unicode: boolean,
  ) {
    this.length = text.length;
  }

  /** The character starting at `pos` (pos < length). */
  after(pos: number): number {
    return this.unicode ? this.text.codePointAt(pos)! : this.text.charCodeAt(pos);
  }

  /** The character ending at `pos` (pos > 0). */
  before(pos: number): number {
    const unit = this.text.charCodeAt(pos - 1);
    if (this.unicode && unit >= 0xdc00 && unit <= 0xdfff && pos >= 2) {
      const high = this.text.charCodeAt(pos - 2);
      if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (unit - 0xdc00) + 0x10000;
    }
    return unit;
  }

  static width(cp: number): number {
    return cp > 0xffff ? 2 : 1;
  }

  holds(kind: PositionKind, pos: number, alphabet: Alphabet): boolean {
    const n = this.length;
    switch (kind) {
      case 'start':
        return pos === 0;
      case 'end':
        return pos === n;
      case 'endNewline':
        return pos === n || (pos === n - 1 && this.text.charCodeAt(pos) === 10);
      case 'lineStart':
        return pos === 0 || isLineTerminator(this.text.charCodeAt(pos - 1));
      case 'lineEnd':
        return pos === n || isLineTerminator(this.text.charCodeAt(pos));
      case 'word':
      case 'notWord': {
        const left = pos > 0 && alphabet.has(WORD, this.before(pos));
        const right = pos < n && alphabet.has(WORD, this.after(pos));
        return (left !== right) === (kind === 'word');
      }
    }
  }

  /** A one-character lookaround. */
  holdsAtom(atom: number, behind: boolean, negate: boolean, pos: number, alphabet: Alphabet): boolean {
    const found = behind ? pos > 0 && alphabet.has(atom, this.before(pos)) : pos < this.length && alphabet.has(atom, this.after(pos));
    return found !== negate;
  }
}

function isLineTerminator(unit: number): boolean {
  return unit === 10 || unit === 13 || unit === 0x2028 || unit === 0x2029;
}
