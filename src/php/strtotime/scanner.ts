/**
 * PHP's date parser (timelib's `timelib_strtotime`, behind `strtotime`,
 * `date_parse` and `new DateTime`), ported rule by rule: trim, then at each
 * position take the longest token of `grammar.ts` and run its action on a
 * `ParsedTime`. What a string means relative to "now" is `resolve.ts`'s job.
 */
import { dayNumberFromWeek } from './calendar.js';
import { type Action, RULES, type Rule } from './grammar.js';
import {
  emptyParsedTime,
  FIRST_DAY_OF_MONTH,
  LAST_DAY_OF_MONTH,
  type ParsedTime,
  SPECIAL_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_WEEKDAY,
  UNSET,
  ZONE_ABBR,
  ZONE_ID,
  ZONE_OFFSET,
} from './parsed-time.js';
import {
  TokenReader,
  UNIT_DAY,
  UNIT_HOUR,
  UNIT_MICROSECOND,
  UNIT_MINUTE,
  UNIT_MONTH,
  UNIT_SECOND,
  UNIT_SPECIAL,
  UNIT_WEEKDAY,
  UNIT_YEAR,
} from './token-reader.js';
import { lookupAbbreviation, lookupZoneId } from './zones.js';
import { utf8AsLatin1 } from '../utf8-bytes.js';

/**
 * The longest string (in UTF-8 bytes, after trimming) this port parses;
 * longer ones count as unparseable. PHP has no limit, but no date is this
 * long, and the bound keeps the scan's cost constant per value.
 */
export const MAX_DATE_BYTES = 128;

/** The rules that can start with each byte, computed once. */
const RULES_BY_BYTE: ReadonlyArray<readonly Rule[]> = Array.from({ length: 256 }, (_, b) => {
  const ch = String.fromCharCode(b);
  return RULES.filter((r) => r.first.test(ch));
});

const ISSPACE = ' \t\n\v\f\r';

/** A JavaScript string as the bytes PHP sees (UTF-8), one character per byte. */
export function toBytes(value: string): string {
  return /^[\x00-\x7f]*$/.test(value) ? value : utf8AsLatin1(value);
}

/** The last string parsed, and what it parsed to. */
let lastValue: string | undefined;
let lastParsed: Readonly<ParsedTime> | undefined;

/**
 * Parses a date string as timelib_strtotime does. The answer is frozen, and
 * the same object for the same string twice in a row: a wildcard body
 * repeats its values, and `date|after:...` reads each value twice.
 */
export function parseDateString(value: string): Readonly<ParsedTime> {
  if (value === lastValue) return lastParsed!;
  const t = parseAnew(value);
  Object.freeze(t.relative);
  lastValue = value;
  lastParsed = Object.freeze(t);
  return t;
}

function parseAnew(value: string): ParsedTime {
  const bytes = toBytes(value);
  let start = 0;
  let end = bytes.length - 1;
  if (bytes.length > 0) {
    while (ISSPACE.includes(bytes[start]!) && start < end) start++;
    while (ISSPACE.includes(bytes[end]!) && end > start) end--;
  }
  const t = emptyParsedTime();
  // An empty string is an error for timelib too.
  if (end - start < 0 || end - start + 1 > MAX_DATE_BYTES) {
    t.errors = 1;
    return t;
  }
  const text = bytes.slice(start, end + 1);
  const shortcut = commonFormTokens(text);
  if (shortcut !== null) {
    for (const [action, token] of shortcut) act(t, action, token);
    return t;
  }
  scan(t, text);
  return t;
}

/**
 * The scan itself. It stops at the first error: one error is enough for
 * `strtotime` to fail, and it keeps the work on garbage to a single token.
 */
export function scan(t: ParsedTime, text: string): void {
  // The C scanner reads past the end into NUL padding; two NULs are all a rule ever looks at.
  const padded = `${text}\0\0`;
  let pos = 0;
  while (pos <= text.length && t.errors === 0) {
    const candidates = RULES_BY_BYTE[padded.charCodeAt(pos)]!;
    let best: Rule | null = null;
    let bestLength = 0;
    for (const r of candidates) {
      r.pattern.lastIndex = pos;
      const m = r.pattern.exec(padded);
      if (m !== null && m[0].length > bestLength) {
        best = r;
        bestLength = m[0].length;
      }
    }
    // The catch-all rule matches any byte, so there is always a token.
    act(t, best!.action, padded.slice(pos, pos + bestLength));
    pos += bestLength;
  }
}

/**
 * ISO 8601 dates and date-times (`2024-01-15`, `2024-01-15 10:30:00`,
 * `2024-01-15T10:30:00.5+02:00`), the forms most values take, split into the
 * tokens the scan would find without running the scan's rules one by one.
 * tests/php/strtotime/scanner.test.ts checks that both agree.
 */
const COMMON_FORM =
  /^([0-9]{4}-(?:0[0-9]|1[0-2])-(?:0[0-9]|[12][0-9]|3[01]))(?:([ T])((?:[01][0-9]|2[0-3]):[0-5][0-9])(:[0-5][0-9](\.[0-9]{1,9})?)?(Z|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9])?)?$/;

export function commonFormTokens(text: string): Array<[Action, string]> | null {
  const m = COMMON_FORM.exec(text);
  if (m === null) return null;
  const [, date, separator, hourMinute, seconds, fraction, zone] = m;
  if (separator === undefined) return [['iso8601date', date!]];
  const tokens: Array<[Action, string]> = [];
  if (separator === 'T' && seconds !== undefined) {
    // wddx, or soap with a fraction, which also takes a numeric zone into its token.
    if (fraction !== undefined && zone !== undefined && zone !== 'Z') return [['xmlrpc', text]];
    tokens.push(['xmlrpc', `${date}T${hourMinute}${seconds}`]);
  } else {
    tokens.push(['iso8601date', date!], ['time24', `${separator === 'T' ? 'T' : ''}${hourMinute}${seconds ?? ''}`]);
  }
  if (zone !== undefined) tokens.push(['timezone', zone]);
  return tokens;
}

function haveTime(t: ParsedTime): boolean {
  if (t.haveTime) {
    t.errors++;
    return false;
  }
  t.haveTime = 1;
  t.h = t.i = t.s = t.us = 0;
  return true;
}

function unhaveTime(t: ParsedTime): void {
  t.haveTime = 0;
  t.h = t.i = t.s = t.us = 0;
}

function haveDate(t: ParsedTime): boolean {
  if (t.haveDate) {
    t.errors++;
    return false;
  }
  t.haveDate = true;
  return true;
}

function unhaveDate(t: ParsedTime): void {
  t.haveDate = false;
  t.d = t.m = t.y = 0;
}

/** TIMELIB_HAVE_TZ: a second zone is only a warning, a third an error; either way the token is dropped. */
function haveZone(t: ParsedTime): boolean {
  if (t.haveZone) {
    if (t.haveZone > 1) t.errors++;
    t.haveZone++;
    return false;
  }
  t.haveZone++;
  return true;
}

/** TIMELIB_PROCESS_YEAR: two-digit years are 1970-2069. */
function processYear(y: number, length: number): number {
  if (y === UNSET || length >= 4) return y;
  if (y < 100) return y < 70 ? y + 2000 : y + 1900;
  return y;
}

function relativeUnit(t: ParsedTime, r: TokenReader, amount: number, behavior: number, keepTime: boolean): void {
  const unit = r.relativeUnit();
  if (unit === undefined) return;
  const [kind, multiplier] = unit;
  const rel = t.relative;
  switch (kind) {
    case UNIT_MICROSECOND:
      rel.us += amount * multiplier;
      break;
    case UNIT_SECOND:
      rel.s += amount * multiplier;
      break;
    case UNIT_MINUTE:
      rel.i += amount * multiplier;
      break;
    case UNIT_HOUR:
      rel.h += amount * multiplier;
      break;
    case UNIT_DAY:
      rel.d += amount * multiplier;
      break;
    case UNIT_MONTH:
      rel.m += amount * multiplier;
      break;
    case UNIT_YEAR:
      rel.y += amount * multiplier;
      break;
    case UNIT_WEEKDAY:
      t.haveRelative = true;
      rel.haveWeekdayRelative = true;
      if (!keepTime) unhaveTime(t);
      rel.d += (amount > 0 ? amount - 1 : amount) * 7;
      rel.weekday = multiplier;
      rel.weekdayBehavior = behavior;
      break;
    case UNIT_SPECIAL:
      t.haveRelative = true;
      rel.haveSpecialRelative = true;
      if (!keepTime) unhaveTime(t);
      rel.specialType = multiplier;
      rel.specialAmount = amount;
      break;
  }
}

/** timelib_parse_tz_cor: `+HH`, `+HHMM`, `+HH:MM`, `+HHMMSS`, `+HH:MM:SS`; null when not one. */
function offsetOf(digits: string): number | null {
  const int = (s: string): number => Number(/^[0-9]*/.exec(s)![0] || '0');
  switch (digits.length) {
    case 1:
    case 2:
      return int(digits) * 3600;
    case 3:
    case 4:
      if (digits[1] === ':') return int(digits) * 3600 + int(digits.slice(2)) * 60;
      if (digits[2] === ':') return int(digits) * 3600 + int(digits.slice(3)) * 60;
      return Math.trunc(int(digits) / 100) * 3600 + (int(digits) % 100) * 60;
    case 5:
      return digits[2] === ':' ? int(digits) * 3600 + int(digits.slice(3)) * 60 : null;
    case 6: {
      const n = int(digits);
      return Math.trunc(n / 10000) * 3600 + (Math.trunc(n / 100) % 100) * 60 + (n % 100);
    }
    case 8:
      return digits[2] === ':' && digits[5] === ':' ? int(digits) * 3600 + int(digits.slice(3)) * 60 + int(digits.slice(6)) : null;
    default:
      return null;
  }
}

/** timelib_parse_zone: sets the zone of `t`; false when it names no zone (an error). */
export function parseZoneInto(t: ParsedTime, r: TokenReader): boolean {
  while (r.ch() === ' ' || r.ch() === '\t' || r.ch() === '(') r.p++;
  if (r.ch() === 'G' && r.ch(1) === 'M' && r.ch(2) === 'T' && (r.ch(3) === '+' || r.ch(3) === '-')) r.p += 3;
  let found = true;
  if (r.ch() === '+' || r.ch() === '-') {
    const sign = r.ch() === '-' ? -1 : 1;
    r.p++;
    t.zoneType = ZONE_OFFSET;
    t.dst = 0;
    const offset = offsetOf(r.offsetDigits());
    found = offset !== null;
    t.z = offset === null ? 0 : sign * offset;
  } else {
    const word = r.zoneWord();
    const abbreviation = lookupAbbreviation(word);
    let offset = 0;
    if (abbreviation !== undefined) {
      offset = abbreviation.offset - abbreviation.dst * 3600;
      t.zoneType = ZONE_ABBR;
      t.dst = abbreviation.dst;
    }
    if (abbreviation === undefined || word === 'UTC') {
      const id = lookupZoneId(word);
      if (id !== undefined) {
        t.zoneType = ZONE_ID;
        t.zoneId = id;
      } else if (abbreviation === undefined) {
        found = false;
      }
    }
    t.z = offset;
  }
  while (r.ch() === ')') r.p++;
  return found;
}

/** A zone after a time inside the same token (`10:00:00.5+02:00`): no double-zone check, as timelib. */
function trailingZone(t: ParsedTime, r: TokenReader): void {
  if (r.ch() !== '\0' && !parseZoneInto(t, r)) t.errors++;
}

function act(t: ParsedTime, action: Action, token: string): void {
  const r = new TokenReader(token);
  const rel = t.relative;
  switch (action) {
    case 'yesterday':
      t.haveRelative = true;
      unhaveTime(t);
      rel.d = -1;
      return;
    case 'now':
      return;
    case 'noon':
      unhaveTime(t);
      if (!haveTime(t)) return;
      t.h = 12;
      return;
    case 'midnight':
      unhaveTime(t);
      return;
    case 'tomorrow':
      t.haveRelative = true;
      unhaveTime(t);
      rel.d = 1;
      return;
    case 'timestamp':
    case 'timestampms': {
      t.haveRelative = true;
      unhaveDate(t);
      unhaveTime(t);
      if (!haveZone(t)) return;
      const negative = r.ch(1) === '-';
      const seconds = r.signedNumber(24);
      if (seconds === null) {
        t.errors++;
        return;
      }
      let micro = 0;
      if (action === 'timestampms') {
        const before = r.p;
        const digits = r.signedNumber(6);
        if (digits === null) t.errors++;
        else micro = digits * 10 ** (7 - (r.p - before)) * (negative ? -1 : 1);
      }
      t.y = 1970;
      t.m = 1;
      t.d = 1;
      t.h = t.i = t.s = 0;
      t.us = 0;
      rel.s += seconds;
      if (action === 'timestampms') rel.us = Math.trunc(micro);
      t.zoneType = ZONE_OFFSET;
      t.z = 0;
      t.dst = 0;
      return;
    }
    case 'firstlastdayof':
      // PHP's copy of timelib keeps the time here ("first day of next month" keeps the hour).
      t.haveRelative = true;
      rel.firstLastDayOf = r.ch() === 'l' || r.ch() === 'L' ? LAST_DAY_OF_MONTH : FIRST_DAY_OF_MONTH;
      return;
    case 'backfrontof':
      unhaveTime(t);
      if (!haveTime(t)) return;
      if (r.ch() === 'b') {
        t.h = r.nr(2);
        t.i = 15;
      } else {
        t.h = r.nr(2) - 1;
        t.i = 45;
      }
      if (r.ch() !== '\0') {
        r.eatSpaces();
        t.h += r.meridian(t.h);
      }
      return;
    case 'weekdayof': {
      t.haveRelative = true;
      rel.haveSpecialRelative = true;
      const [amount, behavior] = r.relativeText();
      r.eatSpaces();
      if (amount > 0) {
        rel.specialType = SPECIAL_DAY_OF_WEEK_IN_MONTH;
        relativeUnit(t, r, amount, 1, false);
      } else {
        rel.specialType = SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH;
        relativeUnit(t, r, amount, behavior ?? 0, false);
      }
      return;
    }
    case 'time12':
      if (!haveTime(t)) return;
      t.h = r.nr(2);
      if (r.ch() === ':' || r.ch() === '.') {
        t.i = r.nr(2);
        if (r.ch() === ':' || r.ch() === '.') t.s = r.nr(2);
      }
      r.eatSpaces();
      t.h += r.meridian(t.h);
      return;
    case 'mssqltime':
      if (!haveTime(t)) return;
      t.h = r.nr(2);
      t.i = r.nr(2);
      if (r.ch() === ':' || r.ch() === '.') {
        t.s = r.nr(2);
        if (r.ch() === ':' || r.ch() === '.') t.us = r.fraction();
      }
      r.eatSpaces();
      t.h += r.meridian(t.h);
      return;
    case 'time24':
      if (!haveTime(t)) return;
      t.h = r.nr(2);
      if (r.ch() === ':' || r.ch() === '.') {
        t.i = r.nr(2);
        if (r.ch() === ':' || r.ch() === '.') {
          t.s = r.nr(2);
          if (r.ch() === '.') t.us = r.fraction();
        }
      }
      trailingZone(t, r);
      return;
    case 'gnunocolon':
      if (t.haveTime === 0) {
        t.h = r.nr(2);
        t.i = r.nr(2);
        t.s = 0;
      } else if (t.haveTime === 1) {
        t.y = r.nr(4);
      } else {
        t.errors++;
        return;
      }
      t.haveTime++;
      return;
    case 'iso8601nocolon':
      if (!haveTime(t)) return;
      t.h = r.nr(2);
      t.i = r.nr(2);
      t.s = r.nr(2);
      trailingZone(t, r);
      return;
    case 'american':
      if (!haveDate(t)) return;
      t.m = r.nr(2);
      t.d = r.nr(2);
      if (r.ch() === '/') {
        const y = r.number(4);
        t.y = processYear(y.value, y.length);
      }
      return;
    case 'iso8601date': {
      if (!haveDate(t)) return;
      const y = r.signedNumber(4);
      if (y === null) t.errors++;
      t.y = y ?? 0;
      t.m = r.nr(2);
      t.d = r.nr(2);
      return;
    }
    case 'iso8601date2':
    case 'gnudateshort': {
      if (!haveDate(t)) return;
      const y = r.number(4);
      t.m = r.nr(2);
      t.d = r.nr(2);
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'iso8601datex': {
      if (!haveDate(t)) return;
      const y = r.signedNumber(19);
      if (y === null) t.errors++;
      t.y = y ?? 0;
      t.m = r.nr(2);
      t.d = r.nr(2);
      return;
    }
    case 'gnudateshorter': {
      if (!haveDate(t)) return;
      const y = r.number(4);
      t.m = r.nr(2);
      t.d = 1;
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'datefull': {
      if (!haveDate(t)) return;
      t.d = r.nr(2);
      r.skipDaySuffix();
      t.m = r.month();
      const y = r.number(4);
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'pointeddate4':
      if (!haveDate(t)) return;
      t.d = r.nr(2);
      t.m = r.nr(2);
      t.y = r.nr(4);
      return;
    case 'pointeddate2': {
      if (!haveDate(t)) return;
      t.d = r.nr(2);
      t.m = r.nr(2);
      const y = r.number(2);
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'datenoday': {
      if (!haveDate(t)) return;
      t.m = r.month();
      const y = r.number(4);
      t.d = 1;
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'datenodayrev': {
      if (!haveDate(t)) return;
      const y = r.number(4);
      t.m = r.month();
      t.d = 1;
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'datetextual': {
      if (!haveDate(t)) return;
      t.m = r.month();
      t.d = r.nr(2);
      const y = r.number(4);
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'datenoyearrev':
      if (!haveDate(t)) return;
      t.d = r.nr(2);
      r.skipDaySuffix();
      t.m = r.month();
      return;
    case 'datenocolon':
      if (!haveDate(t)) return;
      t.y = r.nr(4);
      t.m = r.nr(2);
      t.d = r.nr(2);
      return;
    case 'xmlrpc':
      if (!haveTime(t) || !haveDate(t)) return;
      t.y = r.nr(4);
      t.m = r.nr(2);
      t.d = r.nr(2);
      t.h = r.nr(2);
      t.i = r.nr(2);
      t.s = r.nr(2);
      if (r.ch() === '.') {
        t.us = r.fraction();
        trailingZone(t, r);
      }
      return;
    case 'pgydotd': {
      if (!haveDate(t)) return;
      const y = r.number(4);
      t.d = r.nr(3);
      t.m = 1;
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'isoweekday':
    case 'isoweek': {
      if (!haveDate(t)) return;
      t.haveRelative = true;
      t.y = r.nr(4);
      const w = r.nr(2);
      const d = action === 'isoweekday' ? r.nr(1) : 1;
      t.m = 1;
      t.d = 1;
      rel.d = dayNumberFromWeek(t.y, w, d);
      return;
    }
    case 'pgtextshort': {
      if (!haveDate(t)) return;
      t.m = r.month();
      t.d = r.nr(2);
      const y = r.number(4);
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'pgtextreverse': {
      if (!haveDate(t)) return;
      const y = r.number(4);
      t.m = r.month();
      t.d = r.nr(2);
      t.y = processYear(y.value, y.length);
      return;
    }
    case 'clf':
      if (!haveTime(t) || !haveDate(t)) return;
      t.d = r.nr(2);
      t.m = r.month();
      t.y = r.nr(4);
      t.h = r.nr(2);
      t.i = r.nr(2);
      t.s = r.nr(2);
      r.eatSpaces();
      if (!parseZoneInto(t, r)) t.errors++;
      return;
    case 'year4':
      t.y = r.nr(4);
      return;
    case 'ago':
      rel.y = -rel.y;
      rel.m = -rel.m;
      rel.d = -rel.d;
      rel.h = -rel.h;
      rel.i = -rel.i;
      rel.s = -rel.s;
      rel.weekday = -rel.weekday;
      if (rel.weekday === 0) rel.weekday = -7;
      if (rel.haveSpecialRelative && rel.specialType === SPECIAL_WEEKDAY) rel.specialAmount = -rel.specialAmount;
      return;
    case 'daytext': {
      t.haveRelative = true;
      rel.haveWeekdayRelative = true;
      unhaveTime(t);
      const unit = r.relativeUnit();
      if (unit !== undefined) rel.weekday = unit[1];
      if (rel.weekdayBehavior !== 2) rel.weekdayBehavior = 1;
      return;
    }
    case 'relativetextweek':
    case 'relativetext':
      t.haveRelative = true;
      while (!r.atEnd()) {
        const before = r.p;
        const [amount, behavior] = r.relativeText();
        r.eatSpaces();
        relativeUnit(t, r, amount, behavior ?? 0, false);
        if (action === 'relativetextweek') {
          rel.weekdayBehavior = 2;
          // "monday next week": a weekday that came first stays; otherwise the week starts on Monday.
          if (!rel.haveWeekdayRelative) {
            rel.haveWeekdayRelative = true;
            rel.weekday = 1;
          }
        }
        if (r.p === before) break;
      }
      return;
    case 'monthtext':
      if (!haveDate(t)) return;
      t.m = r.lookupMonth();
      return;
    case 'timezone':
      if (!haveZone(t)) return;
      r.eatSpaces();
      if (!parseZoneInto(t, r)) t.errors++;
      return;
    case 'dateshortwithtime12':
      if (!haveDate(t)) return;
      t.m = r.month();
      t.d = r.nr(2);
      if (!haveTime(t)) return;
      t.h = r.nr(2);
      t.i = r.nr(2);
      if (r.ch() === ':' || r.ch() === '.') {
        t.s = r.nr(2);
        if (r.ch() === '.') t.us = r.fraction();
      }
      t.h += r.meridian(t.h);
      return;
    case 'dateshortwithtime24':
      if (!haveDate(t)) return;
      t.m = r.month();
      t.d = r.nr(2);
      if (!haveTime(t)) return;
      t.h = r.nr(2);
      t.i = r.nr(2);
      if (r.ch() === ':') {
        t.s = r.nr(2);
        if (r.ch() === '.') t.us = r.fraction();
      }
      trailingZone(t, r);
      return;
    case 'relative':
      t.haveRelative = true;
      while (!r.atEnd()) {
        const before = r.p;
        const amount = r.signedNumber(24);
        if (amount === null) {
          t.errors++;
          return;
        }
        r.eatSpaces();
        relativeUnit(t, r, amount, 1, true);
        if (r.p === before) break;
      }
      return;
    case 'skip':
      return;
    case 'error':
      t.errors++;
      return;
  }
}
