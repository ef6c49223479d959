/**
 * `DateTime::createFromFormat($format, $value, $zone)` in a UTC application:
 * timelib's `timelib_parse_from_format` ported letter by letter, lenient as
 * PHP is (`Y-m-d` reads `2024-1-5`, and `2024-13-01` as January 2025). Laravel
 * reads `before`/`after` values and parameters this way, with a `!` first,
 * when the field has a `date_format`; `request.date()` reads with the format
 * as given. The work is one pass over the format and the value.
 */
import { normalize } from './calendar.js';
import { emptyParsedTime, type ParsedTime, UNSET, ZONE_ID, ZONE_OFFSET } from './parsed-time.js';
import { type Instant, resolve, utcFields } from './resolve.js';
import { parseZoneInto, toBytes } from './scanner.js';
import { TokenReader, UNSET_NUMBER } from './token-reader.js';

const SEPARATORS = ';:/.,-()';
const DIGITS = '0123456789';

/** Y-m-d 00:00:00 on 1970-01-01, as '!' sets it. */
function reset(t: ParsedTime): void {
  t.y = 1970;
  t.m = 1;
  t.d = 1;
  t.h = t.i = t.s = 0;
  t.us = 0;
  t.zoneId = null;
}

function resetUnset(t: ParsedTime): void {
  if (t.y === UNSET) t.y = 1970;
  if (t.m === UNSET) t.m = 1;
  if (t.d === UNSET) t.d = 1;
  if (t.h === UNSET) t.h = 0;
  if (t.i === UNSET) t.i = 0;
  if (t.s === UNSET) t.s = 0;
  if (t.us === UNSET) t.us = 0;
}

/** timelib_meridian_with_check: hours to add, or null when no am/pm is there. */
function meridian(r: TokenReader, h: number): number | null {
  while (r.ch() !== '\0' && !'AaPp'.includes(r.ch())) r.p++;
  if (r.ch() === '\0') return null;
  const add = r.ch() === 'a' || r.ch() === 'A' ? (h === 12 ? -12 : 0) : h !== 12 ? 12 : 0;
  r.p++;
  if (r.ch() === '.') {
    r.p++;
    if (r.ch() !== 'm' && r.ch() !== 'M') return null;
    r.p++;
    if (r.ch() !== '.') return null;
    r.p++;
  } else if (r.ch() === 'm' || r.ch() === 'M') {
    r.p++;
  } else {
    return null;
  }
  return add;
}

/** Parses `value` with `format` (after a '!' when `resetFirst`): the fields, or null on any of timelib's errors. */
function parseFromFormat(format: string, value: string, resetFirst: boolean): ParsedTime | null {
  const f = toBytes(format);
  const r = new TokenReader(toBytes(value));
  const t = emptyParsedTime();
  if (resetFirst) reset(t);
  let allowExtra = false;
  let k = 0;
  const number = (): boolean => DIGITS.includes(r.ch()) || r.ch() === '\0';
  while (k < f.length && f[k] !== '\0' && !r.atEnd()) {
    const c = f[k]!;
    switch (c) {
      case 'D':
      case 'l': {
        const unit = r.relativeUnit();
        if (unit === undefined) return null;
        t.haveRelative = true;
        t.relative.haveWeekdayRelative = true;
        t.relative.weekday = unit[1];
        t.relative.weekdayBehavior = 1;
        break;
      }
      case 'd':
      case 'j':
        if (!number() || (t.d = r.nr(2)) === UNSET_NUMBER) return null;
        t.haveDate = true;
        break;
      case 'S':
        r.skipDaySuffix();
        break;
      case 'z': {
        if (!number() || t.y === UNSET) return null;
        const n = r.nr(3);
        if (n === UNSET_NUMBER) return null;
        t.haveDate = true;
        // timelib_do_normalize leaves the unset time fields unset.
        const zero = (field: number): number => (field === UNSET ? 0 : field);
        const fields = { y: t.y, m: 1, d: n + 1, h: zero(t.h), i: zero(t.i), s: zero(t.s), us: zero(t.us) };
        normalize(fields);
        t.y = fields.y;
        t.m = fields.m;
        t.d = fields.d;
        if (t.h !== UNSET) t.h = fields.h;
        if (t.i !== UNSET) t.i = fields.i;
        if (t.s !== UNSET) t.s = fields.s;
        if (t.us !== UNSET) t.us = fields.us;
        break;
      }
      case 'm':
      case 'n':
        if (!number() || (t.m = r.nr(2)) === UNSET_NUMBER) return null;
        t.haveDate = true;
        break;
      case 'M':
      case 'F': {
        const month = r.lookupMonth();
        if (month === 0) return null;
        t.haveDate = true;
        t.m = month;
        break;
      }
      case 'y': {
        if (!number()) return null;
        const y = r.number(2);
        if (y.value === UNSET_NUMBER) return null;
        t.haveDate = true;
        t.y = y.length >= 4 || y.value >= 100 ? y.value : y.value < 70 ? y.value + 2000 : y.value + 1900;
        break;
      }
      case 'Y':
        if (!number() || (t.y = r.nr(4)) === UNSET_NUMBER) return null;
        t.haveDate = true;
        break;
      case 'x':
      case 'X': {
        if (!(number() || r.ch() === '+' || r.ch() === '-')) return null;
        const y = r.signedNumber(19);
        if (y === null) return null;
        t.y = y;
        t.haveDate = true;
        break;
      }
      case 'h':
      case 'g':
        if (!number() || (t.h = r.nr(2)) === UNSET_NUMBER || t.h > 12) return null;
        t.haveTime = 1;
        break;
      case 'H':
      case 'G':
        if (!number() || (t.h = r.nr(2)) === UNSET_NUMBER) return null;
        t.haveTime = 1;
        break;
      case 'a':
      case 'A': {
        if (t.h === UNSET) return null;
        const add = meridian(r, t.h);
        if (add === null) return null;
        t.haveTime = 1;
        t.h += add;
        break;
      }
      case 'i':
      case 's': {
        if (!number()) return null;
        const n = r.number(2);
        if (n.value === UNSET_NUMBER || n.length !== 2) return null;
        t.haveTime = 1;
        if (c === 'i') t.i = n.value;
        else t.s = n.value;
        break;
      }
      case 'u':
      case 'v': {
        if (!number()) return null;
        const before = r.p;
        const n = r.nr(c === 'u' ? 6 : 3);
        if (n === UNSET_NUMBER || r.p - before < 1) return null;
        t.us = c === 'u' ? Math.trunc(n * 10 ** (6 - (r.p - before))) : Math.trunc(n * 10 ** (3 - (r.p - before)) * 1000);
        break;
      }
      case ' ':
        r.eatSpaces();
        break;
      case 'U': {
        if (!(number() || r.ch() === '+' || r.ch() === '-')) return null;
        const stamp = r.signedNumber(24);
        if (stamp === null) return null;
        const at = utcFields({ sse: stamp, us: 0 });
        t.haveZone = 1;
        t.zoneType = ZONE_OFFSET;
        t.z = 0;
        t.dst = 0;
        t.y = at.y;
        t.m = at.m;
        t.d = at.d;
        t.h = at.h;
        t.i = at.i;
        t.s = at.s;
        break;
      }
      case '#':
        if (!SEPARATORS.includes(r.ch()) || r.ch() === '\0') return null;
        r.p++;
        break;
      case ';':
      case ':':
      case '/':
      case '.':
      case ',':
      case '-':
      case '(':
      case ')':
        if (r.ch() !== c) return null;
        r.p++;
        break;
      case '!':
        reset(t);
        break;
      case '|':
        resetUnset(t);
        break;
      case '?':
        r.p++;
        break;
      case '\\':
        if (k + 1 >= f.length) return null;
        k++;
        if (r.ch() !== f[k]) return null;
        r.p++;
        break;
      case '*':
        // timelib_eat_until_separator
        r.p++;
        while (r.ch() !== '\0' && !' \t.,:;/-0123456789'.includes(r.ch())) r.p++;
        break;
      case '+':
        allowExtra = true;
        break;
      case 'e':
      case 'P':
      case 'p':
      case 'T':
      case 'O':
        if (!parseZoneInto(t, r)) return null;
        t.haveZone = 1;
        break;
      default:
        if (r.ch() !== c) return null;
        r.p++;
    }
    k++;
  }
  if (!r.atEnd() && !allowExtra) return null;
  for (; k < f.length; k++) {
    if (f[k] === '!') reset(t);
    else if (f[k] === '|') resetUnset(t);
    else if (f[k] !== '+') return null;
  }
  // timelib's clean-up: a time read in part is that time, the rest of it zero.
  if (t.h !== UNSET || t.i !== UNSET || t.s !== UNSET || t.us !== UNSET) {
    if (t.h === UNSET) t.h = 0;
    if (t.i === UNSET) t.i = 0;
    if (t.s === UNSET) t.s = 0;
    if (t.us === UNSET) t.us = 0;
  }
  return t;
}

/** How `createFromFormat` reads: the `DateTimeZone` given apart (UTC by default), and whether a '!' comes first. */
export interface FromFormatOptions {
  zone?: string;
  /** Read `'!'.$format`, as Laravel's `date_format` rules do (the default); false reads the format as given. */
  resetFirst?: boolean;
}

/**
 * `DateTime::createFromFormat('!'.$format, $value)`, or with `options` the format
 * as given and a zone given apart: the instant, or null (false in PHP).
 */
export function createFromFormat(format: string, value: string, now: Instant, options: FromFormatOptions = {}): Instant | null {
  const t = parseFromFormat(format, value, options.resetFirst ?? true);
  if (t === null) return null;
  // TIMELIB_OVERRIDE_TIME: a date alone does not reset the time (to now's, or to '!''s zero).
  t.haveTime = 1;
  const zone = options.zone ?? 'UTC';
  // PHP reads "now" in the zone given apart, else in a zone the value names ('e'), else in the application's.
  const nowZone = options.zone ?? (t.zoneType === ZONE_ID && t.zoneId !== null ? t.zoneId : 'UTC');
  return resolve(t, now, zone, nowZone);
}
