/**
 * libmagic's JSON test (`is_json.c` of file 5.40, PHP 8.2's bundled
 * libmagic), which runs before any magic number: content whose first value
 * parses as JSON, with an object or an array in it, is `application/json`.
 * It is lenient where libmagic is (a trailing comma, `01`, `1.`, text after
 * the value, `true` read as any four letters starting with `t`), and strict
 * where it is (`[ ]` with a space, `1e`), because Laravel's `mimes:json`
 * answers what libmagic answers.
 */

/** libmagic gives up past this nesting level (each array or object adds two). */
const MAX_LEVEL = 20;

enum Char {
  Tab = 0x09,
  Lf = 0x0a,
  Cr = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Comma = 0x2c,
  Minus = 0x2d,
  Plus = 0x2b,
  Dot = 0x2e,
  Colon = 0x3a,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
}

const isSpace = (c: number | undefined) => c === Char.Space || c === Char.Lf || c === Char.Cr || c === Char.Tab;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isHex = (c: number | undefined) => isDigit(c) || (c !== undefined && ((c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)));
/** The escapes after a backslash: `" \ / b f n r t`. */
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** A failed parse: libmagic's answer is then "not JSON", whatever comes after. */
const FAIL = -1;

class JsonSniffer {
  /** Arrays closed and objects parsed: a top-level value counts only with one of them. */
  containers = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly end: number,
  ) {}

  skipSpace(at: number): number {
    while (at < this.end && isSpace(this.bytes[at])) at++;
    return at;
  }

  /** `json_parse`: one value after optional white space, and the white space after it; the position after, or FAIL. */
  value(start: number, level: number): number {
    let at = this.skipSpace(start);
    if (at === this.end || level > MAX_LEVEL) return FAIL;
    const c = this.bytes[at++];
    switch (c) {
      case Char.Quote:
        at = this.string(at);
        break;
      case Char.OpenBracket:
        at = this.array(at, level + 1);
        break;
      case Char.OpenBrace:
        at = this.object(at, level + 1);
        if (at !== FAIL) this.containers++;
        break;
      case 0x74: // t(rue)
      case 0x6e: // n(ull)
        at = this.constant(at, 3);
        break;
      case 0x66: // f(alse)
        at = this.constant(at, 4);
        break;
      default:
        at = this.number(at - 1);
    }
    return at === FAIL ? FAIL : this.skipSpace(at);
  }

  /** `json_parse_const`: skips the word's other letters without comparing them, and needs one more byte after them. */
  constant(at: number, letters: number): number {
    return this.end - at > letters ? at + letters : FAIL;
  }

  string(start: number): number {
    let at = start;
    while (at < this.end) {
      const c = this.bytes[at++];
      if (c === 0) return FAIL;
      if (c === Char.Quote) return at;
      if (c !== Char.Backslash) continue;
      if (at === this.end) return FAIL;
      const e = this.bytes[at++]!;
      if (SIMPLE_ESCAPES.has(e)) continue;
      if (e !== 0x75 /* u */ || this.end - at < 4) return FAIL;
      for (let i = 0; i < 4; i++) if (!isHex(this.bytes[at++])) return FAIL;
    }
    return FAIL;
  }

  /** After `[`: values separated by commas; `]` may follow a comma but not white space. */
  array(start: number, level: number): number {
    let at = start;
    while (at < this.end) {
      if (this.bytes[at] === Char.CloseBracket) return this.closeArray(at);
      at = this.value(at, level + 1);
      if (at === FAIL || at === this.end) return FAIL;
      const c = this.bytes[at];
      if (c === Char.CloseBracket) return this.closeArray(at);
      if (c !== Char.Comma) return FAIL;
      at++;
    }
    return FAIL;
  }

  closeArray(at: number): number {
    this.containers++;
    return at + 1;
  }

  /** After `{`: `"key": value` pairs separated by commas; `}` may follow a comma. */
  object(start: number, level: number): number {
    let at = start;
    while (at < this.end) {
      at = this.skipSpace(at);
      if (at === this.end) return FAIL;
      if (this.bytes[at] === Char.CloseBrace) return at + 1;
      if (this.bytes[at++] !== Char.Quote) return FAIL;
      at = this.string(at);
      if (at === FAIL) return FAIL;
      at = this.skipSpace(at);
      if (at === this.end || this.bytes[at++] !== Char.Colon) return FAIL;
      at = this.value(at, level + 1);
      if (at === FAIL || at === this.end) return FAIL;
      const c = this.bytes[at++];
      if (c === Char.CloseBrace) return at;
      if (c !== Char.Comma) return FAIL;
    }
    return FAIL;
  }

  /** `json_parse_number`: `-`, digits, `.`, digits, and an exponent only after a digit; at least one digit. */
  number(start: number): number {
    let at = start;
    let got = false;
    if (this.bytes[at] === Char.Minus) at++;
    while (at < this.end && isDigit(this.bytes[at])) {
      at++;
      got = true;
    }
    if (at === this.end) return got ? at : FAIL;
    if (this.bytes[at] === Char.Dot) at++;
    while (at < this.end && isDigit(this.bytes[at])) {
      at++;
      got = true;
    }
    if (at === this.end) return got ? at : FAIL;
    const e = this.bytes[at];
    if (got && (e === 0x65 || e === 0x45)) {
      at++;
      got = false;
      if (at === this.end) return FAIL;
      if (this.bytes[at] === Char.Plus || this.bytes[at] === Char.Minus) at++;
      while (at < this.end && isDigit(this.bytes[at])) {
        at++;
        got = true;
      }
    }
    return got ? at : FAIL;
  }
}

/** True when libmagic would call the first `limit` bytes JSON. */
export function looksLikeJson(content: Uint8Array, limit: number): boolean {
  const sniffer = new JsonSniffer(content, Math.min(content.length, limit));
  return sniffer.value(0, 0) !== FAIL && sniffer.containers > 0;
}
