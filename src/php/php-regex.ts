/**
 * Turns the PCRE literal of a `regex:` / `not_regex:` rule (`/^[a-z]+$/i`,
 * `#\d+#`, `{a(b)c}`) into a JavaScript RegExp (`v` flag), once, at compile
 * time, with PHP's semantics:
 *
 * - without `/u`, PCRE matches bytes: the subject's UTF-8 bytes (and the
 *   pattern's) are read as Latin-1 characters, so `.` is one byte, `\p{Lu}`
 *   sees the byte 0xC3 as `Ã`, and `\w`, `\d`, `\s`, `[[:alpha:]]` are ASCII;
 * - with `/u`, PHP also turns on PCRE's Unicode properties (UCP): `\d` is
 *   `\p{Nd}`, `\w` letters, numbers and `_`, `\s` and `\b` follow, and the
 *   POSIX classes are their Unicode forms;
 * - `\A \z \Z \G`, `\h \v \R \N \e \Q…\E`, `\x{hh}`, `(?P<name>`, `(?P=name)`,
 *   `\g{n}`, `(?#…)`, a leading `(?i)`-style modifier group, the `x` and `A`
 *   modifiers, the default `$` (which also matches before a final newline),
 *   `.` (anything but `\n`) and literal `{ } ]` are rewritten.
 *
 * What JavaScript cannot do (possessive quantifiers, atomic groups, inline
 * modifiers inside the pattern, recursion, conditionals, `\X`, `\K`, the `U`
 * modifier) is refused with an Error, as is anything PCRE itself rejects.
 * The compiled pattern runs on src/regex/'s bounded matchers, never on
 * JavaScript's backtracking engine: a pattern such as `/^([a-z]+)*$/`
 * answers in linear time on any value.
 */
import { compileBoundedRegex, type BoundedRegex, type MatchOutcome } from '../regex/bounded-regex.js';
import { utf8AsLatin1 } from './utf8-bytes.js';

const BRACKETS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const MODIFIERS = 'imsuxDSAJ';

/** A compiled PCRE pattern: `match` and `test` take the subject as a JavaScript string. */
export interface PhpRegex {
  /** Whether the pattern matches, in bounded time; `gave-up` where PHP's `preg_match` returns false. */
  match(subject: string): MatchOutcome;
  /** `match(subject) === 'match'`, as `preg_match(...) > 0`. */
  test(subject: string): boolean;
  /** The JavaScript RegExp it means (its source for JSON Schema; never run on a request). */
  readonly regexp: RegExp;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;
const encoder = new TextEncoder();

/** The subject as PCRE sees it without `/u`: one character per UTF-8 byte (read as Latin-1, as PCRE does). */
function toBytes(subject: string): string {
  if (ASCII_ONLY.test(subject)) return subject;
  return utf8AsLatin1(subject);
}

/** Compiles a PHP regex literal; throws an Error with the reason when it cannot. */
export function compilePcre(literal: string): PhpRegex {
  const open = literal[0];
  if (open === undefined || /[a-zA-Z0-9\\\s]/.test(open)) throw new Error('a regex needs delimiters, e.g. /^[a-z]+$/');
  const close = BRACKETS[open] ?? open;
  const end = literal.lastIndexOf(close);
  if (end <= 0) {
    throw new Error(
      `the regex has no closing delimiter "${close}" (in a pipe string a regex cannot contain "|": use the list form of rules)`,
    );
  }
  const modifiers = literal.slice(end + 1).replace(/\n$/, '');
  for (const m of modifiers) {
    if (!MODIFIERS.includes(m)) throw new Error(`the regex modifier "${m}" is not supported`);
  }
  let body = literal.slice(1, end);
  const flags = new Set(modifiers);
  // A leading (?imsx) group sets modifiers for the whole pattern.
  const lead = /^\(\?([imsxJ]+)\)/.exec(body);
  if (lead !== null) {
    for (const m of lead[1]!) flags.add(m);
    body = body.slice(lead[0].length);
  }
  const source = new Translator(body, open, close, flags).run();
  const js = `v${flags.has('i') ? 'i' : ''}${flags.has('s') ? 's' : ''}`;
  const anchored = flags.has('A') ? `(?<![\\s\\S])(?:${source})` : source;
  let regexp: RegExp;
  try {
    regexp = new RegExp(anchored, js);
  } catch (error) {
    throw new Error(`the regex is not valid: ${(error as Error).message}`);
  }
  let bounded: BoundedRegex;
  try {
    bounded = compileBoundedRegex(anchored, js);
  } catch (error) {
    throw new Error(`the regex cannot be run in bounded time: ${(error as Error).message}`);
  }
  const match = flags.has('u') ? (s: string) => bounded.match(s) : (s: string) => bounded.match(toBytes(s));
  return { regexp, match, test: (s) => match(s) === 'match' };
}

/** A PHP regex literal as a plain RegExp (for its source: JSON Schema's `pattern`). */
export function compilePhpRegex(literal: string): RegExp {
  return compilePcre(literal).regexp;
}

const HEX = (n: number): string => (n < 0x10000 ? `\\u${n.toString(16).padStart(4, '0')}` : `\\u{${n.toString(16)}}`);

/** UCP `\s`: `\p{Z}`, `\h` and `\v`. */
const UCP_SPACE = '\\t\\n\\x0B\\f\\r\\x20\\x85\\xA0\\u1680\\u180E\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
const UCP_WORD = '\\p{L}\\p{N}_';
const HSPACE = '\\t\\x20\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
const VSPACE = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';
const BYTE_HSPACE = '\\t\\x20';
const BYTE_VSPACE = '\\n\\x0B\\f\\r';

/** POSIX classes: [ASCII members, UCP members]. */
const POSIX: Record<string, readonly [string, string]> = {
  alpha: ['a-zA-Z', '\\p{L}'],
  digit: ['0-9', '\\p{Nd}'],
  alnum: ['a-zA-Z0-9', '\\p{L}\\p{N}'],
  upper: ['A-Z', '\\p{Lu}'],
  lower: ['a-z', '\\p{Ll}'],
  space: ['\\t\\n\\x0B\\f\\r\\x20', UCP_SPACE],
  blank: ['\\t\\x20', HSPACE],
  word: ['a-zA-Z0-9_', UCP_WORD],
  xdigit: ['0-9A-Fa-f', '0-9A-Fa-f'],
  cntrl: ['\\x00-\\x1F\\x7F', '\\p{Cc}'],
  punct: ['\\x21-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7E', '\\p{P}\\x24\\x2B\\x3C-\\x3E\\x5E\\x60\\x7C\\x7E'],
  graph: ['\\x21-\\x7E', '[^\\p{Z}\\p{C}]'],
  print: ['\\x20-\\x7E', '[^\\p{Zl}\\p{Zp}\\p{C}]'],
  ascii: ['\\x00-\\x7F', '\\x00-\\x7F'],
};

class Translator {
  private i = 0;
  private out = '';
  private readonly unicode: boolean;
  private readonly extended: boolean;
  private readonly dollarEndOnly: boolean;
  private readonly multiline: boolean;
  private readonly dotAll: boolean;

  constructor(
    private readonly body: string,
    private readonly open: string,
    private readonly close: string,
    flags: ReadonlySet<string>,
  ) {
    this.unicode = flags.has('u');
    this.extended = flags.has('x');
    this.multiline = flags.has('m');
    this.dotAll = flags.has('s');
    this.dollarEndOnly = flags.has('D') || this.multiline;
  }

  run(): string {
    const b = this.body;
    while (this.i < b.length) {
      const ch = b[this.i]!;
      if (this.extended && /\s/.test(ch)) {
        this.i++;
        continue;
      }
      if (this.extended && ch === '#') {
        while (this.i < b.length && b[this.i] !== '\n') this.i++;
        continue;
      }
      switch (ch) {
        case '\\':
          this.out += this.escape(false);
          break;
        case '[':
          this.i++;
          this.out += this.charClass();
          break;
        case '(':
          this.group();
          break;
        case '.':
          this.i++;
          this.out += this.dotAll ? '.' : '[^\\n]';
          break;
        case '$':
          this.i++;
          this.out += this.multiline ? '(?![^\\n])' : this.dollarEndOnly ? '$' : '(?=\\n?(?![\\s\\S]))';
          break;
        case '^':
          this.i++;
          this.out += this.multiline ? '(?<![^\\n])' : '^';
          break;
        case '{': {
          const q = /^\{\d+(?:,\d*)?\}/.exec(b.slice(this.i, this.i + 24));
          if (q !== null) {
            this.i += q[0].length;
            this.out += q[0];
            this.quantifierSuffix();
          } else {
            this.i++;
            this.out += '\\{';
          }
          break;
        }
        case '}':
        case ']':
          this.i++;
          this.out += `\\${ch}`;
          break;
        case ')':
        case '|':
          this.i++;
          this.out += ch;
          break;
        case '*':
        case '+':
        case '?':
          this.i++;
          this.out += ch;
          this.quantifierSuffix();
          break;
        default: {
          const cp = b.codePointAt(this.i)!;
          this.i += cp > 0xffff ? 2 : 1;
          this.out += this.literal(cp, false);
        }
      }
    }
    return this.out;
  }

  /** After a quantifier: lazy `?` is kept, possessive `+` refused. */
  private quantifierSuffix(): void {
    const next = this.body[this.i];
    if (next === '+') throw new Error('possessive quantifiers (a++) have no JavaScript equivalent');
    if (next === '?') {
      this.out += '?';
      this.i++;
    }
  }

  /** A literal code point, as the JavaScript pattern must write it (bytes without /u). */
  private literal(cp: number, inClass: boolean): string {
    if (cp >= 0x80 && !this.unicode) {
      let s = '';
      for (const byte of encoder.encode(String.fromCodePoint(cp))) s += HEX(byte);
      return s;
    }
    if (cp < 0x80) {
      const ch = String.fromCharCode(cp);
      if (/[a-zA-Z0-9_ ]/.test(ch)) return ch;
      if (!inClass && !/[\\^$.*+?()[\]{}|/]/.test(ch)) return ch;
      return `\\x${cp.toString(16).padStart(2, '0')}`;
    }
    return HEX(cp);
  }

  /** A byte value from `\xhh` / `\x{hh}` / octal, in the mode's terms. */
  private codeUnit(cp: number, inClass: boolean): string {
    if (!this.unicode) {
      if (cp > 0xff) throw new Error('a character code above \\x{ff} needs the /u modifier');
      return cp >= 0x80 ? HEX(cp) : this.literal(cp, inClass);
    }
    if (cp > 0x10ffff) throw new Error('a character code above \\x{10ffff}');
    return cp < 0x80 ? this.literal(cp, inClass) : HEX(cp);
  }

  private classOf(kind: string, inClass: boolean): string {
    const u = this.unicode;
    const sets: Record<string, string> = {
      d: u ? '\\p{Nd}' : '0-9',
      w: u ? UCP_WORD : 'a-zA-Z0-9_',
      s: u ? UCP_SPACE : '\\t\\n\\x0B\\f\\r\\x20',
      h: u ? HSPACE : BYTE_HSPACE,
      v: u ? VSPACE : BYTE_VSPACE,
    };
    const lower = kind.toLowerCase();
    const members = sets[lower]!;
    const negated = kind !== lower;
    if (negated) return `[^${members}]`;
    return inClass ? members : `[${members}]`;
  }

  /** `\…` at `this.i`; returns the JavaScript text. */
  private escape(inClass: boolean): string {
    const b = this.body;
    const next = b[this.i + 1];
    this.i += 2;
    if (next === undefined) throw new Error('the regex ends with a backslash');
    if ((next === this.open || next === this.close) && !/[a-zA-Z0-9]/.test(next)) return this.literal(next.charCodeAt(0), inClass);
    switch (next) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
      case 'h':
      case 'H':
        return this.classOf(next, inClass);
      case 'v':
      case 'V':
        return this.classOf(next, inClass);
      case 'n':
        return '\\n';
      case 'r':
        return '\\r';
      case 't':
        return '\\t';
      case 'f':
        return '\\f';
      case 'e':
        return '\\x1b';
      case 'a':
        return '\\x07';
      case 'x': {
        if (b[this.i] === '{') {
          const m = /^\{([0-9a-fA-F]{1,8})\}/.exec(b.slice(this.i, this.i + 11));
          if (m === null) throw new Error('a \\x{...} escape needs hexadecimal digits');
          this.i += m[0].length;
          return this.codeUnit(Number.parseInt(m[1]!, 16), inClass);
        }
        const m = /^[0-9a-fA-F]{0,2}/.exec(b.slice(this.i, this.i + 2))![0];
        this.i += m.length;
        return this.codeUnit(m === '' ? 0 : Number.parseInt(m, 16), inClass);
      }
      case 'c': {
        const c = b[this.i++];
        if (c === undefined) throw new Error('\\c needs a character');
        return this.codeUnit(c.toUpperCase().charCodeAt(0) ^ 0x40, inClass);
      }
      case 'p':
      case 'P': {
        let name: string;
        if (b[this.i] === '{') {
          const close = b.indexOf('}', this.i);
          if (close < 0) throw new Error(`\\${next}{ is not closed`);
          name = b.slice(this.i + 1, close);
          this.i = close + 1;
        } else {
          name = b[this.i++] ?? '';
        }
        let negate = next === 'P';
        if (name.startsWith('^')) {
          negate = !negate;
          name = name.slice(1);
        }
        if (name === 'L&') name = 'LC';
        if (name === 'Xan' || name === 'Xwd' || name === 'Xsp' || name === 'Xps') {
          const members = name === 'Xan' ? '\\p{L}\\p{N}' : name === 'Xwd' ? UCP_WORD : UCP_SPACE;
          return negate ? `[^${members}]` : inClass ? members : `[${members}]`;
        }
        return `\\${negate ? 'P' : 'p'}{${name}}`;
      }
      case '0': {
        const m = /^[0-7]{0,2}/.exec(b.slice(this.i, this.i + 2))![0];
        this.i += m.length;
        return this.codeUnit(Number.parseInt(`0${m}`, 8), inClass);
      }
      case 'o': {
        const m = /^\{([0-7]+)\}/.exec(b.slice(this.i, this.i + 24));
        if (m === null) throw new Error('\\o needs {octal digits}');
        this.i += m[0].length;
        return this.codeUnit(Number.parseInt(m[1]!, 8), inClass);
      }
      case 'Q': {
        const stop = b.indexOf('\\E', this.i);
        const text = stop < 0 ? b.slice(this.i) : b.slice(this.i, stop);
        this.i = stop < 0 ? b.length : stop + 2;
        let out = '';
        for (const ch of text) out += this.literal(ch.codePointAt(0)!, inClass);
        return out;
      }
      case 'E':
        return '';
    }
    if (inClass) {
      if (next === 'b') return '\\x08';
      if (/[1-9]/.test(next)) {
        this.i--;
        const m = /^[0-7]{1,3}/.exec(b.slice(this.i, this.i + 3));
        if (m === null) throw new Error(`"\\${next}" in a character class`);
        this.i += m[0].length;
        return this.codeUnit(Number.parseInt(m[0], 8), true);
      }
    } else {
      switch (next) {
        case 'A':
        case 'G':
          return '(?<![\\s\\S])';
        case 'z':
          return '(?![\\s\\S])';
        case 'Z':
          return '(?=\\n?(?![\\s\\S]))';
        case 'b':
        case 'B': {
          if (!this.unicode) return `\\${next}`;
          const w = `[${UCP_WORD}]`;
          const boundary = `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
          return next === 'b' ? boundary : `(?!${boundary})`;
        }
        case 'R':
          return this.unicode ? '(?:\\r\\n|[\\n\\x0B\\f\\r\\x85\\u2028\\u2029])' : '(?:\\r\\n|[\\n\\x0B\\f\\r])';
        case 'N':
          return '[^\\n]';
        case 'g': {
          const m = /^(?:\{(-?\d+|[A-Za-z_]\w*)\}|(\d+))/.exec(b.slice(this.i, this.i + 40));
          if (m === null || (m[1] ?? m[2])!.startsWith('-')) throw new Error('this \\g reference has no JavaScript equivalent');
          this.i += m[0].length;
          const ref = (m[1] ?? m[2])!;
          return /^\d+$/.test(ref) ? `\\${ref}` : `\\k<${ref}>`;
        }
        case 'k': {
          const m = /^(?:<([A-Za-z_]\w*)>|\{([A-Za-z_]\w*)\}|'([A-Za-z_]\w*)')/.exec(b.slice(this.i, this.i + 40));
          if (m === null) throw new Error('a \\k reference needs a group name');
          this.i += m[0].length;
          return `\\k<${m[1] ?? m[2] ?? m[3]}>`;
        }
      }
      if (/[1-9]/.test(next)) {
        const m = /^\d*/.exec(b.slice(this.i, this.i + 3))![0];
        this.i += m.length;
        return `\\${next}${m}`;
      }
    }
    if (/[a-zA-Z0-9]/.test(next)) throw new Error(`the PCRE escape "\\${next}" has no JavaScript equivalent`);
    // An escaped symbol is that symbol.
    const cp = next.codePointAt(0)!;
    if (cp > 0xffff) this.i++;
    return this.literal(cp, inClass);
  }

  /** A character class, from after its `[`; returns it in `v`-flag syntax. */
  private charClass(): string {
    const b = this.body;
    let out = '[';
    if (b[this.i] === '^') {
      out += '^';
      this.i++;
    }
    let first = true;
    // What a dash would be here: literal at the start and right after a range (`[0-9-_]`, as in
    // PCRE), a range dash after a member, or the dash whose range the next member closes.
    let dash: 'literal' | 'range' | 'closes' = 'literal';
    while (this.i < b.length) {
      const ch = b[this.i]!;
      if (ch === ']' && !first) {
        this.i++;
        return `${out}]`;
      }
      first = false;
      if (ch === '-') {
        const next = b[this.i + 1];
        // A range dash between two members; a literal one at either end or after a range.
        const literal: boolean = next === ']' || out.endsWith('[') || out.endsWith('[^') || dash === 'literal';
        out += literal ? '\\x2d' : '-';
        dash = literal ? 'range' : 'closes';
        this.i++;
        continue;
      }
      dash = dash === 'closes' ? 'literal' : 'range';
      if (ch === '[' && b[this.i + 1] === ':') {
        const m = /^\[:(\^?)([a-z]+):\]/.exec(b.slice(this.i, this.i + 12));
        if (m !== null) {
          const pair = POSIX[m[2]!];
          if (pair === undefined) throw new Error(`unknown POSIX class [:${m[2]}:]`);
          const members = pair[this.unicode ? 1 : 0];
          this.i += m[0].length;
          const nested = members.startsWith('[');
          if (m[1] === '^') out += nested ? `[${members.slice(2)}` : `[^${members}]`;
          else out += members;
          continue;
        }
      }
      if (ch === '\\') {
        out += this.escape(true);
        continue;
      }
      const cp = ch.codePointAt(0)!;
      this.i += cp > 0xffff ? 2 : 1;
      out += this.literal(cp, true);
    }
    throw new Error('a character class is not closed');
  }

  /** `(` at `this.i`: groups JavaScript has, rewritten; the others refused. */
  private group(): void {
    const b = this.body;
    const rest = b.slice(this.i, this.i + 4);
    if (!rest.startsWith('(?') || rest.startsWith('(?:') || rest.startsWith('(?=') || rest.startsWith('(?!')) {
      this.out += rest.startsWith('(?') ? rest.slice(0, 3) : '(';
      this.i += rest.startsWith('(?') ? 3 : 1;
      if (rest.startsWith('(*')) throw new Error('PCRE verbs such as (*UTF) have no JavaScript equivalent');
      return;
    }
    if (rest.startsWith('(?<=') || rest.startsWith('(?<!')) {
      this.out += rest;
      this.i += 4;
      return;
    }
    if (rest.startsWith('(?#')) {
      const close = b.indexOf(')', this.i);
      if (close < 0) throw new Error('a (?# comment is not closed');
      this.i = close + 1;
      return;
    }
    const named = /^\(\?(?:P?<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)')/.exec(b.slice(this.i, this.i + 40));
    if (named !== null) {
      this.out += `(?<${named[1] ?? named[2]}>`;
      this.i += named[0].length;
      return;
    }
    const backref = /^\(\?P=([A-Za-z_]\w*)\)/.exec(b.slice(this.i, this.i + 40));
    if (backref !== null) {
      this.out += `\\k<${backref[1]}>`;
      this.i += backref[0].length;
      return;
    }
    if (rest.startsWith('(?>')) throw new Error('atomic groups (?>...) have no JavaScript equivalent');
    throw new Error(`the group "${rest}" (inline modifiers, recursion, conditionals) has no JavaScript equivalent`);
  }
}
