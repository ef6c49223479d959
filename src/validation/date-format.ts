/**
 * `date_format:Y-m-d` compiled once: the host framework accepts a value when
 * `DateTime::createFromFormat('!'.$format, $value)` parses it AND formatting
 * the result with the same format gives the value back. So this builds a
 * regex of canonical token shapes, rebuilds the date (overflowing like PHP:
 * `02-30` becomes `03-01`) and formats every token again to compare.
 */
import { NUMERIC_STRING } from './php.js';
import { emptyParsedTime, ZONE_ID, ZONE_OFFSET } from '../php/strtotime/parsed-time.js';
import type { Instant } from '../php/strtotime/resolve.js';
import { parseZoneInto } from '../php/strtotime/scanner.js';
import { TokenReader } from '../php/strtotime/token-reader.js';
import { offsetAt } from '../php/strtotime/zones.js';

/** Milliseconds since the epoch for wall-clock parts read as UTC (no overflow correction). */
function wallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Token shapes, exactly as `DateTime::format` writes them. */
const TOKENS: Record<string, string> = {
  d: '\\d{2}',
  j: '[1-9]\\d?',
  D: DAY_SHORT.join('|'),
  l: DAY_LONG.join('|'),
  S: 'st|nd|rd|th',
  z: '0|[1-9]\\d{0,2}',
  F: MONTH_LONG.join('|'),
  M: MONTH_SHORT.join('|'),
  m: '\\d{2}',
  n: '[1-9]\\d?',
  Y: '\\d{4}',
  y: '\\d{2}',
  a: 'am|pm',
  A: 'AM|PM',
  g: '[1-9]\\d?',
  h: '\\d{2}',
  G: '0|[1-9]\\d?',
  H: '\\d{2}',
  i: '\\d{2}',
  s: '\\d{2}',
  u: '\\d{6}',
  v: '\\d{3}',
  O: '[+-]\\d{4}',
  P: '[+-]\\d{2}:\\d{2}',
  p: 'Z|[+-]\\d{2}:\\d{2}',
  // At most 24 characters, as PHP reads a timestamp; anything longer can never round-trip anyway.
  U: '[+-]?\\d{1,24}',
  // A zone identifier as typed (PHP's longest has 32 characters), an abbreviation, or an offset.
  e: '[A-Za-z][A-Za-z0-9_/+-]{0,31}|[+-]\\d{2}:\\d{2}',
  T: 'GMT[+-]\\d{4}|[A-Za-z]{1,5}',
};

/**
 * The longest text each token matches. A value longer than its format's total
 * is refused before the regex runs, so the work per value is bounded by the
 * format, not by the input.
 */
const LONGEST: Record<string, number> = {
  d: 2,
  j: 2,
  D: 3,
  l: 9,
  S: 2,
  z: 3,
  F: 9,
  M: 3,
  m: 2,
  n: 2,
  Y: 4,
  y: 2,
  a: 2,
  A: 2,
  g: 2,
  h: 2,
  G: 2,
  H: 2,
  i: 2,
  s: 2,
  u: 6,
  v: 3,
  O: 5,
  P: 6,
  p: 6,
  U: 25,
  e: 32,
  T: 8,
};

/** Letters PHP knows but that can never round-trip, or that this port does not read. */
const UNSUPPORTED = 'XxNwWtLoBIZcr!|?*+#';

export interface DateFormat {
  /** The instant the value stands for, or null when the value does not match the format exactly. */
  parse(value: string): Instant | null;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function suffix(day: number): string {
  if (day >= 11 && day <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function formatOffset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return sign + pad(Math.floor(abs / 60), 2) + (colon ? ':' : '') + pad(abs % 60, 2);
}

/** Formats one token of a date held as UTC wall clock plus an offset. */
function formatToken(t: string, d: Date, micro: number, offset: number): string {
  const hour = d.getUTCHours();
  switch (t) {
    case 'd':
      return pad(d.getUTCDate(), 2);
    case 'j':
      return String(d.getUTCDate());
    case 'D':
      return DAY_SHORT[d.getUTCDay()]!;
    case 'l':
      return DAY_LONG[d.getUTCDay()]!;
    case 'S':
      return suffix(d.getUTCDate());
    case 'z':
      return String(Math.round((d.getTime() - wallClock(d.getUTCFullYear(), 1, 1)) / 86_400_000));
    case 'F':
      return MONTH_LONG[d.getUTCMonth()]!;
    case 'M':
      return MONTH_SHORT[d.getUTCMonth()]!;
    case 'm':
      return pad(d.getUTCMonth() + 1, 2);
    case 'n':
      return String(d.getUTCMonth() + 1);
    case 'Y':
      return pad(d.getUTCFullYear(), 4);
    case 'y':
      return pad(d.getUTCFullYear() % 100, 2);
    case 'a':
      return hour < 12 ? 'am' : 'pm';
    case 'A':
      return hour < 12 ? 'AM' : 'PM';
    case 'g':
      return String(hour % 12 || 12);
    case 'h':
      return pad(hour % 12 || 12, 2);
    case 'G':
      return String(hour);
    case 'H':
      return pad(hour, 2);
    case 'i':
      return pad(d.getUTCMinutes(), 2);
    case 's':
      return pad(d.getUTCSeconds(), 2);
    case 'u':
      return pad(micro, 6);
    case 'v':
      return pad(Math.floor(micro / 1000), 3);
    case 'O':
      return formatOffset(offset, false);
    case 'P':
      return formatOffset(offset, true);
    case 'p':
      return offset === 0 ? 'Z' : formatOffset(offset, true);
    case 'U':
      return String(Math.floor((d.getTime() - offset * 60_000) / 1000));
    default:
      return t;
  }
}

/** A zone written for `e` or `T`: its offset (null: an identifier's, known once the wall clock is), and how PHP formats it back. */
interface WrittenZone {
  seconds: number | null;
  id: string | null;
  e: string;
  T: string;
}

function signed(seconds: number, colon: boolean): string {
  const abs = Math.abs(seconds);
  return (seconds < 0 ? '-' : '+') + pad(Math.floor(abs / 3600), 2) + (colon ? ':' : '') + pad(Math.floor((abs % 3600) / 60), 2);
}

/** timelib_parse_zone on the token, then PHP's `format('e')` / `format('T')` of the result. */
function readZone(text: string): WrittenZone | null {
  const t = emptyParsedTime();
  const reader = new TokenReader(text);
  if (!parseZoneInto(t, reader) || !reader.atEnd()) return null;
  if (t.zoneType === ZONE_ID) {
    // `e` gives the identifier as it was written; `T` its abbreviation, which only "UTC" writes as itself.
    return { seconds: null, id: t.zoneId, e: text, T: t.zoneId === 'UTC' ? 'UTC' : '' };
  }
  if (t.zoneType === ZONE_OFFSET) return { seconds: t.z, id: null, e: signed(t.z, true), T: `GMT${signed(t.z, false)}` };
  return { seconds: t.z + t.dst * 3600, id: null, e: text.toUpperCase(), T: text.toUpperCase() };
}

function parseOffset(text: string): number {
  if (text === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return text[0] === '-' ? -minutes : minutes;
}

/**
 * Compiles a PHP date format. Throws an Error naming the letter when the
 * format uses one that cannot be supported.
 */
export function compileDateFormat(format: string): DateFormat {
  let source = '^';
  let longest = 0;
  const tokens: string[] = [];
  /** The format as literals and tokens, for the lenient reading of an all-numeric format. */
  const parts: { readonly literal: string | null; readonly token: string | null }[] = [];
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch === '\\') {
      i++;
      if (i < format.length) {
        source += escapeRegExp(format[i]!);
        longest += format[i]!.length;
        parts.push({ literal: format[i]!, token: null });
      }
      continue;
    }
    if (UNSUPPORTED.includes(ch)) throw new Error(`the format character "${ch}" is not supported`);
    const shape = TOKENS[ch];
    if (shape === undefined) {
      source += escapeRegExp(ch);
      longest += ch.length;
      parts.push({ literal: ch, token: null });
      continue;
    }
    longest += LONGEST[ch]!;
    tokens.push(ch);
    parts.push({ literal: null, token: ch });
    // timelib reads a number of one or more digits greedily, never giving any back to what follows
    // (G then s on `250` is 25 and 0): an atomic group, then the round trip refuses what it cannot print.
    const greedy = GREEDY_DIGITS[ch];
    source += greedy === undefined ? `(${shape})` : `(?=(${greedy}))\\${tokens.length}`;
  }
  // A format written with digits only (`H`, `Ymd`, `U.u`) prints a number: PHP's `format($f) == $value`
  // then compares two numbers, so what createFromFormat reads leniently (`1` for `H`) can pass.
  const numericOutput = parts.every((p) =>
    p.token !== null ? NUMBER_WIDTHS[p.token] !== undefined || p.token === 'O' : /^[0-9.]$/.test(p.literal!),
  );
  const re = new RegExp(source + '$', 'd');
  const has = (t: string): boolean => tokens.includes(t);
  const hasDate = has('d') || has('j') || has('m') || has('n') || has('F') || has('M');
  // `format('U') == $value` compares two numeric strings as numbers (`042` is `42`).
  const onlyStamp = format === 'U';
  if (has('z') && !(has('Y') || has('y'))) throw new Error('the format character "z" needs a year (Y or y) in the format');

  return {
    parse(value: string): Instant | null {
      if (value.length > longest) return null;
      const m = re.exec(value);
      const strict = m === null || !zonesWhole(m) ? null : read(m.slice(1), value, false);
      if (strict !== null || !numericOutput || !NUMERIC_STRING.test(value)) return strict;
      const texts = readNumbers(parts, value);
      return texts === null ? null : read(texts, value, true);
    },
  };

  /**
   * createFromFormat reads an offset (`O`, `P`, `p`) with timelib's zone
   * parser, which takes what it can (`+00:00:20` as an offset with seconds),
   * a day name (`D`, `l`) as the word up to the next delimiter (`Sunday_10`
   * is no day) and a month name (`M`, `F`) as all the letters that follow
   * (`JulWednesday` is no month): the token must be all they take.
   */
  function zonesWhole(m: RegExpExecArray): boolean {
    for (let k = 0; k < tokens.length; k++) {
      const token = tokens[k]!;
      if (token === 'D' || token === 'l') {
        const next = m.input[m.indices![k + 1]![1]];
        if (next !== undefined && !DAY_NAME_ENDS.includes(next)) return false;
        continue;
      }
      if (token === 'M' || token === 'F') {
        // timelib_lookup_month reads every letter that follows.
        const next = m.input[m.indices![k + 1]![1]];
        if (next !== undefined && /[A-Za-z]/.test(next)) return false;
        continue;
      }
      if (token !== 'O' && token !== 'P' && token !== 'p') continue;
      const [start, end] = m.indices![k + 1]!;
      const reader = new TokenReader(m.input.slice(start));
      parseZoneInto(emptyParsedTime(), reader);
      if (reader.p !== end - start) return false;
    }
    return true;
  }

  /** The instant the token texts stand for, if it formats back to the value (as a number, when `lenient`). */
  function read(texts: readonly string[], value: string, lenient: boolean): Instant | null {
    {
      if (onlyStamp) {
        // Any 64-bit timestamp round-trips, even past JavaScript's dates.
        const n = BigInt(value);
        return n >= -(2n ** 63n) && n < 2n ** 63n ? { sse: Number(value), us: 0 } : null;
      }
      let year = 1970,
        month = 1,
        day = 1,
        hour = 0,
        minute = 0,
        second = 0,
        micro = 0;
      let offset = 0;
      let zone: WrittenZone | null = null;
      let pm: boolean | null = null;
      let stamp: number | null = null;
      let dayOfYear: number | null = null;
      let weekday: number | null = null;
      for (let k = 0; k < tokens.length; k++) {
        const text = texts[k]!;
        switch (tokens[k]) {
          case 'd':
          case 'j':
            day = Number(text);
            break;
          case 'm':
          case 'n':
            month = Number(text);
            break;
          case 'F':
            month = MONTH_LONG.indexOf(text) + 1;
            break;
          case 'D':
            weekday = DAY_SHORT.indexOf(text);
            break;
          case 'l':
            weekday = DAY_LONG.indexOf(text);
            break;
          case 'M':
            month = MONTH_SHORT.indexOf(text) + 1;
            break;
          case 'Y':
            year = Number(text);
            break;
          case 'y': {
            const yy = Number(text);
            year = yy < 70 ? 2000 + yy : 1900 + yy;
            break;
          }
          case 'z':
            dayOfYear = Number(text);
            break;
          case 'a':
          case 'A':
            pm = text.toLowerCase() === 'pm';
            break;
          case 'g':
          case 'h':
            // timelib: "Hour cannot be higher than 12", an error even when a later token sets the hour again.
            if (Number(text) > 12) return null;
            hour = Number(text);
            pm = null;
            break;
          case 'G':
          case 'H':
            hour = Number(text);
            // A meridian read before the hour was applied to the hour reset to 0, which this one replaces.
            pm = null;
            break;
          case 'i':
            minute = Number(text);
            break;
          case 's':
            second = Number(text);
            break;
          case 'u':
            micro = Number(text);
            break;
          case 'v':
            micro = Number(text) * 1000;
            break;
          case 'O':
          case 'P':
          case 'p':
            offset = parseOffset(text);
            zone = null;
            break;
          case 'U':
            stamp = Number(text);
            offset = 0;
            zone = null;
            break;
          case 'e':
          case 'T':
            zone = readZone(text);
            if (zone === null) return null;
            break;
        }
      }
      if (pm !== null) {
        if (hour > 12) return null;
        hour = (hour % 12) + (pm ? 12 : 0);
      }
      if (dayOfYear !== null && !hasDate) {
        month = 1;
        day = 1 + dayOfYear;
      }
      // U's fields are UTC's; a zone written after it keeps them and moves the instant, so U reads back
      // differently unless the offset is 0 (and a zone before it is replaced by +00:00).
      let t = stamp !== null ? stamp * 1000 : wallClock(year, month, day, hour, minute, second, Math.floor(micro / 1000));
      // A day name is a relative weekday for timelib: the date moves forward to it (not at all when it is that day).
      if (weekday !== null && stamp === null && Number.isFinite(t)) t += ((weekday - new Date(t).getUTCDay() + 7) % 7) * 86_400_000;
      if (zone !== null) {
        if (zone.seconds !== null) {
          offset = zone.seconds / 60;
        } else {
          const local = Math.floor(t / 1000);
          const seconds = offsetAt(zone.id!, local - offsetAt(zone.id!, local));
          // A wall clock that does not exist there (a daylight-saving gap) reads back an hour off.
          if (offsetAt(zone.id!, local - seconds) !== seconds) return null;
          offset = seconds / 60;
        }
      }
      if (!Number.isFinite(t)) return null;
      const date = new Date(t);
      if (lenient) {
        const written = parts.map((p) => (p.token === null ? p.literal : formatToken(p.token, date, micro, offset))).join('');
        if (!numbersEqual(written, value)) return null;
      } else {
        for (let k = 0; k < tokens.length; k++) {
          const token = tokens[k]!;
          const written = token === 'e' || token === 'T' ? zone![token] : formatToken(token, date, micro, offset);
          if (written !== texts[k]) return null;
        }
      }
      t -= offset * 60_000;
      return { sse: Math.floor(t / 1000), us: micro };
    }
  }
}

/** The digits timelib takes for a number token of variable width. */
const GREEDY_DIGITS: Readonly<Record<string, string>> = { j: '\\d{1,2}', n: '\\d{1,2}', g: '\\d{1,2}', G: '\\d{1,2}', z: '\\d{1,3}' };

/** What ends the word timelib reads for a day name (`timelib_lookup_relunit`). */
const DAY_NAME_ENDS = ' ,\t;:/.-()';

/**
 * The digits each numeric token of createFromFormat reads (timelib reads
 * greedily, at least `min`, at most `max`); `u` and `v` are fractions.
 */
const NUMBER_WIDTHS: Readonly<Record<string, readonly [number, number]>> = {
  d: [1, 2],
  j: [1, 2],
  m: [1, 2],
  n: [1, 2],
  y: [1, 2],
  H: [1, 2],
  G: [1, 2],
  h: [1, 2],
  g: [1, 2],
  i: [2, 2],
  s: [2, 2],
  Y: [1, 4],
  z: [1, 3],
  u: [1, 6],
  v: [1, 3],
  U: [1, 24],
};

/**
 * createFromFormat's reading of a value for a format of numeric tokens and
 * digit or dot literals: each token takes its digits greedily (`U` a sign
 * first), literals match as written, nothing may be left. The texts are
 * returned in the shape the strict reading gives them (fractions padded).
 */
function readNumbers(parts: readonly { readonly literal: string | null; readonly token: string | null }[], value: string): string[] | null {
  const texts: string[] = [];
  let at = 0;
  for (const part of parts) {
    if (part.token === null) {
      if (value[at] !== part.literal) return null;
      at++;
      continue;
    }
    if (part.token === 'O') {
      // An offset is what timelib's zone parser takes (`+0`, `+000`), printed back as `+HHMM`.
      const zone = emptyParsedTime();
      const reader = new TokenReader(value.slice(at));
      if (!parseZoneInto(zone, reader) || zone.zoneType !== ZONE_OFFSET) return null;
      at += reader.p;
      texts.push(signed(zone.z, false));
      continue;
    }
    const [min, max] = NUMBER_WIDTHS[part.token]!;
    const start = at;
    if (part.token === 'U' && (value[at] === '-' || value[at] === '+')) at++;
    const digitsFrom = at;
    while (at < value.length && at - digitsFrom < max && value[at]! >= '0' && value[at]! <= '9') at++;
    if (at - digitsFrom < min) return null;
    const text = value.slice(start, at);
    texts.push(part.token === 'u' ? text.padEnd(6, '0') : part.token === 'v' ? text.padEnd(3, '0') : text);
  }
  return at === value.length ? texts : null;
}

/** PHP 8's `==` between a formatted number and a numeric string: as numbers (integers exactly). */
function numbersEqual(written: string, value: string): boolean {
  if (!NUMERIC_STRING.test(written)) return false;
  const a = written.trim();
  const b = value.trim();
  if (/^[+-]?\d+$/.test(a) && /^[+-]?\d+$/.test(b)) return BigInt(a) === BigInt(b);
  return Number(a) === Number(b);
}

function escapeRegExp(ch: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(ch) ? '\\' + ch : ch;
}
