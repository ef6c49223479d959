/**
 * egulias/email-validator's `EmailLexer` (v3.2/v4, on doctrine/lexer), the
 * tokenizer and cursor under Laravel's `email` rule, ported so that its
 * quirks stay: a token is a run of ASCII letters (with `ſ` and the Kelvin
 * sign, which PCRE's caseless `[a-zA-Z]` also takes) and one optional `4`
 * or `6`, a run of digits, `\r\n`, `::`, or any other single character;
 * `previous` is a copy of the token before the current one, the "null
 * token" at the start and after the end; recording accumulates the values
 * moved over, and is not cleared between two parses on the same lexer.
 * Work is linear: one pass to tokenize, each token moved over once.
 */
import { PCRE_UNASSIGNED } from './pcre-unassigned.js';

/** Token types, egulias' constants: a punctuation or space character's type is its code. */
export const T = {
  EMPTY: -1, // egulias' S_EMPTY: the null token's type
  NUL: 0,
  HTAB: 9,
  LF: 10,
  CR: 13,
  SP: 32,
  DQUOTE: 34,
  OPENPARENTHESIS: 40,
  CLOSEPARENTHESIS: 41,
  COMMA: 44,
  HYPHEN: 45,
  DOT: 46,
  SLASH: 47,
  COLON: 58,
  SEMICOLON: 59,
  LOWERTHAN: 60,
  GREATERTHAN: 62,
  AT: 64,
  OPENBRACKET: 91,
  BACKSLASH: 92,
  CLOSEBRACKET: 93,
  DEL: 127, // never produced: DEL is a control character, so INVALID (egulias tests for it anyway)
  INVERT_QUESTIONMARK: 168,
  INVERT_EXCLAMATION: 173,
  GENERIC: 300,
  IPV6TAG: 301,
  INVALID: 302,
  CRLF: 1310,
  DOUBLECOLON: 5858,
} as const;

/** A character that is all symbol or "other" (control, format, unassigned, private use, surrogate): egulias' INVALID. */
const SYMBOL_OR_OTHER = /^[\p{S}\p{C}]$/u;

function typeOf(ch: string): number {
  return SYMBOL_OR_OTHER.test(ch) || PCRE_UNASSIGNED.test(ch) ? T.INVALID : T.GENERIC;
}

/** The types of the BMP characters met so far (0: not yet known), so a long run costs one test per distinct character. */
const BMP_TYPES = new Int16Array(0x10000);

function bmpType(c: number): number {
  if (BMP_TYPES[c] === 0) BMP_TYPES[c] = typeOf(String.fromCharCode(c));
  return BMP_TYPES[c]!;
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 0x17f || c === 0x212a;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** The type of a one-character ASCII token that is not a letter or digit. */
function asciiType(c: number): number {
  if (c === 0) return T.NUL;
  if (c === 9 || c === 10 || c === 13 || (c >= 32 && c <= 126)) return c; // egulias' named characters
  return T.INVALID; // other controls, \v, \f, DEL
}

/** The input's tokens: `start[i]`..`start[i + 1]` is token i, `type[i]` its type. */
export interface Tokens {
  readonly input: string;
  readonly count: number;
  readonly type: Int32Array;
  readonly start: Uint32Array;
  readonly hasInvalid: boolean;
}

/** doctrine/lexer's `scan` with EmailLexer's patterns and `getType`. */
export function tokenize(input: string): Tokens {
  const n = input.length;
  const type = new Int32Array(n);
  const start = new Uint32Array(n + 1);
  let count = 0;
  let hasInvalid = false;
  let i = 0;
  while (i < n) {
    const c = input.charCodeAt(i);
    let j = i + 1;
    let t: number;
    if (isLetter(c)) {
      while (j < n && isLetter(input.charCodeAt(j))) j++;
      if (j < n && (input.charCodeAt(j) === 52 || input.charCodeAt(j) === 54)) j++;
      t = j - i === 4 && input.startsWith('IPv6', i) ? T.IPV6TAG : T.GENERIC;
    } else if (isDigit(c)) {
      while (j < n && isDigit(input.charCodeAt(j))) j++;
      t = T.GENERIC;
    } else if (c >= 0x80) {
      if (c >= 0xd800 && c <= 0xdbff && j < n) {
        const low = input.charCodeAt(j);
        if (low >= 0xdc00 && low <= 0xdfff) j++;
      }
      if (c === 0xbf) t = T.INVERT_QUESTIONMARK;
      else if (c === 0xa1) t = T.INVERT_EXCLAMATION;
      else t = j - i === 1 ? bmpType(c) : typeOf(input.slice(i, j));
    } else if (c === 13 && input.charCodeAt(j) === 10) {
      j++;
      t = T.CRLF;
    } else if (c === 58 && input.charCodeAt(j) === 58) {
      j++;
      t = T.DOUBLECOLON;
    } else {
      t = asciiType(c);
    }
    if (t === T.INVALID) hasInvalid = true;
    type[count] = t;
    start[count] = i;
    count++;
    i = j;
  }
  start[count] = n;
  return { input, count, type, start, hasInvalid };
}

/** The null token (`['value' => '', 'type' => null]`), and doctrine's `null` (no token). */
const NULL_TOKEN = -1;
const NONE = -2;

/**
 * The cursor: doctrine's `token` and `lookahead` and EmailLexer's
 * `previous`, as token indexes (or the null token / none), plus recording.
 * One instance serves every RFC validation of one `email` rule check, as
 * egulias' EmailValidator passes its one lexer to each validation.
 */
export class EmailLexer {
  #tokens: Tokens = tokenize('');
  #position = 0;
  #current = NULL_TOKEN;
  #lookahead = NONE;
  #previous = NULL_TOKEN;
  /** The types of `#current` and `#previous`, read many times per token. */
  #currentType: number = T.EMPTY;
  #previousType: number = T.EMPTY;
  #recording = false;
  /** The recorded values: a string, then a run of the input (offsets) not copied yet. */
  #recorded = '';
  #runStart = -1;
  #runEnd = -1;

  /** `setInput`: tokenizes and resets the cursor, but not the recording. */
  setInput(input: string): void {
    this.#flush();
    this.#tokens = tokenize(input);
    this.#position = 0;
    this.#lookahead = NONE;
    this.#current = NULL_TOKEN;
    this.#previous = NULL_TOKEN;
    this.#currentType = T.EMPTY;
    this.#previousType = T.EMPTY;
  }

  get hasInvalidTokens(): boolean {
    return this.#tokens.hasInvalid;
  }

  #typeOf(index: number): number {
    return index < 0 ? T.EMPTY : this.#tokens.type[index]!;
  }

  #valueOf(index: number): string {
    return index < 0 ? '' : this.#tokens.input.slice(this.#tokens.start[index], this.#tokens.start[index + 1]);
  }

  /** The current token's type (`EMPTY` for the null token). */
  get type(): number {
    return this.#currentType;
  }

  get value(): string {
    return this.#valueOf(this.#current);
  }

  /** The previous token's type. */
  get previousType(): number {
    return this.#previousType;
  }

  isNext(type: number): boolean {
    return this.#lookahead >= 0 && this.#tokens.type[this.#lookahead] === type;
  }

  isNextAny(a: number, b: number, c: number = a): boolean {
    return this.isNext(a) || this.isNext(b) || this.isNext(c);
  }

  /** The type of the token after the lookahead (a clone's lookahead after one `moveNext`), or EMPTY. */
  get typeAfterNext(): number {
    return this.#position < this.#tokens.count ? this.#tokens.type[this.#position]! : T.EMPTY;
  }

  /** EmailLexer::moveNext: true while a token follows the new current one. */
  moveNext(): boolean {
    if (this.#recording && this.#previous === NULL_TOKEN) this.#record(this.#current);
    this.#previous = this.#current;
    this.#previousType = this.#currentType;
    // doctrine moves the lookahead in; EmailLexer makes a missing one the null token first.
    this.#current = this.#lookahead === NONE ? NULL_TOKEN : this.#lookahead;
    this.#currentType = this.#typeOf(this.#current);
    this.#lookahead = this.#position < this.#tokens.count ? this.#position++ : NONE;
    if (this.#recording) this.#record(this.#current);
    return this.#lookahead !== NONE;
  }

  /** EmailLexer::find: does a token of this type come at or after the lookahead? */
  find(type: number): boolean {
    if (this.#lookahead === NONE) return false;
    const types = this.#tokens.type;
    for (let i = this.#lookahead; i < this.#tokens.count; i++) if (types[i] === type) return true;
    return false;
  }

  startRecording(): void {
    this.#recording = true;
  }

  stopRecording(): void {
    this.#recording = false;
  }

  clearRecorded(): void {
    this.#recorded = '';
    this.#runStart = -1;
  }

  get accumulated(): string {
    this.#flush();
    return this.#recorded;
  }

  /** Appends a token's value: consecutive tokens only extend the run. */
  #record(index: number): void {
    if (index < 0) return;
    const start = this.#tokens.start[index]!;
    if (this.#runStart >= 0 && start === this.#runEnd) {
      this.#runEnd = this.#tokens.start[index + 1]!;
      return;
    }
    this.#flush();
    this.#runStart = start;
    this.#runEnd = this.#tokens.start[index + 1]!;
  }

  #flush(): void {
    if (this.#runStart < 0) return;
    this.#recorded += this.#tokens.input.slice(this.#runStart, this.#runEnd);
    this.#runStart = -1;
  }
}
