/**
 * Dates from input, for `request.date()`: Carbon's `parse` for the forms an
 * API receives (ISO 8601 dates and times, `y-m-d`, a bare time, `@seconds`,
 * `now`/`today`/`tomorrow`/`yesterday`), and `createFromFormat` for PHP's
 * format letters. Wall-clock times are read in `timezone` (UTC by default,
 * Laravel's default `app.timezone`) and turned into instants by the PHP port
 * (src/php/strtotime): its zone offsets and its wall-clock conversion. Unreadable text is undefined.
 */
import { offsetAt as zoneOffset } from '../../php/strtotime/zones.js';
import { emptyParsedTime, ZONE_ID, ZONE_OFFSET } from '../../php/strtotime/parsed-time.js';
import { resolve } from '../../php/strtotime/resolve.js';

interface Fields {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  ms?: number;
  offsetMinutes?: number;
  epoch?: number;
  pm?: boolean;
}

const ISO = /^(\d{4}|\d{2})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/;

/** Carbon's `parse($value, $tz)` for the common forms; undefined when the text is not one of them. */
export function parseDate(value: string, timezone = 'UTC', now = new Date()): Date | undefined {
  const text = value.trim();
  const lower = text.toLowerCase();
  if (lower === 'now') return now;
  const today = wallDate(now, timezone);
  const shift = { today: 0, tomorrow: 1, yesterday: -1 }[lower];
  if (shift !== undefined) return build({ ...today, day: today.day + shift, hour: 0, minute: 0, second: 0, ms: 0 }, timezone, false);
  if (/^@-?\d+(\.\d+)?$/.test(text)) return new Date(Number(text.slice(1)) * 1000);
  let match = ISO.exec(text);
  if (match !== null) {
    const year = match[1]!.length === 2 ? twoDigitYear(Number(match[1])) : Number(match[1]);
    return build(
      {
        year,
        month: Number(match[2]),
        day: Number(match[3]),
        hour: Number(match[4] ?? 0),
        minute: Number(match[5] ?? 0),
        second: Number(match[6] ?? 0),
        ms: fraction(match[7]),
        offsetMinutes: offset(match[8]),
      },
      timezone,
    );
  }
  match = TIME.exec(text);
  if (match !== null) {
    return build(
      { ...today, hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3] ?? 0), ms: fraction(match[4]) },
      timezone,
    );
  }
  return undefined;
}

/** Carbon's `createFromFormat($format, $value, $tz)` for PHP's common format letters; undefined when the text does not fit. */
export function parseDateFormat(format: string, value: string, timezone = 'UTC', now = new Date()): Date | undefined {
  const fields: Fields = {};
  let reset = false;
  let at = 0;
  const take = (pattern: RegExp): string | undefined => {
    const match = pattern.exec(value.slice(at));
    if (match === null) return undefined;
    at += match[0].length;
    return match[0];
  };
  for (let i = 0; i < format.length; i++) {
    const letter = format[i]!;
    let read: string | undefined;
    switch (letter) {
      case 'd':
      case 'j':
        read = take(letter === 'd' ? /^\d{2}/ : /^\d{1,2}/);
        fields.day = Number(read);
        break;
      case 'm':
      case 'n':
        read = take(letter === 'm' ? /^\d{2}/ : /^\d{1,2}/);
        fields.month = Number(read);
        break;
      case 'Y':
        read = take(/^-?\d{1,4}/);
        fields.year = Number(read);
        break;
      case 'y':
        read = take(/^\d{2}/);
        fields.year = twoDigitYear(Number(read));
        break;
      case 'H':
      case 'G':
      case 'h':
      case 'g':
        read = take(/^\d{1,2}/);
        fields.hour = Number(read);
        break;
      case 'i':
        read = take(/^\d{2}/);
        fields.minute = Number(read);
        break;
      case 's':
        read = take(/^\d{2}/);
        fields.second = Number(read);
        break;
      case 'v':
        read = take(/^\d{3}/);
        fields.ms = Number(read);
        break;
      case 'u':
        read = take(/^\d{1,6}/);
        fields.ms = fraction(read);
        break;
      case 'A':
      case 'a':
        read = take(/^(am|pm)/i);
        if (read !== undefined) fields.pm = read.toLowerCase() === 'pm';
        break;
      case 'U':
        read = take(/^-?\d+/);
        fields.epoch = Number(read);
        break;
      case 'P':
      case 'O':
      case 'p':
        read = take(/^(Z|[+-]\d{2}:?\d{2})/i);
        fields.offsetMinutes = offset(read);
        break;
      case '!':
      case '|':
        reset = true;
        read = '';
        break;
      case '\\':
        i++;
        read = value[at] === format[i] ? take(/^[\s\S]/) : undefined;
        break;
      default:
        read = value[at] === letter ? take(/^[\s\S]/) : undefined;
    }
    if (read === undefined) return undefined;
  }
  if (at !== value.length) return undefined;
  if (fields.epoch !== undefined) return new Date(fields.epoch * 1000);
  if (fields.pm !== undefined && fields.hour !== undefined) fields.hour = (fields.hour % 12) + (fields.pm ? 12 : 0);
  // Fields the format leaves out are the current time's, or zero after `!` / `|` (PHP's rule).
  const base = reset ? { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0 } : { ...wallDate(now, timezone), ms: 0 };
  const timeGiven = fields.hour !== undefined || fields.minute !== undefined || fields.second !== undefined;
  return build(
    {
      year: fields.year ?? base.year,
      month: fields.month ?? base.month,
      day: fields.day ?? base.day,
      hour: fields.hour ?? (timeGiven ? 0 : base.hour),
      minute: fields.minute ?? (timeGiven ? 0 : base.minute),
      second: fields.second ?? (timeGiven ? 0 : base.second),
      ms: fields.ms ?? 0,
      offsetMinutes: fields.offsetMinutes,
    },
    timezone,
  );
}

/** PHP's two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999. */
function twoDigitYear(year: number): number {
  return year < 70 ? 2000 + year : 1900 + year;
}

function fraction(digits: string | undefined): number {
  return digits === undefined ? 0 : Math.floor(Number(`0.${digits}`) * 1000);
}

function offset(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text.toUpperCase() === 'Z') return 0;
  const digits = text.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits[0] === '-' ? -minutes : minutes;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock fields of `instant` (to the second) in `timezone`, with the PHP port's zone offsets. */
function wallDate(instant: Date, timezone: string): Wall {
  const seconds = Math.floor(instant.getTime() / 1000);
  const wall = new Date((seconds + zoneOffset(knownZone(timezone), seconds)) * 1000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * The instant of wall-clock `fields` in `timezone` (or at their own offset), as PHP's DateTime makes it
 * with the zone as an object (Carbon's `$tz`): the PHP port's conversion, so a time in the hour skipped
 * in spring moves forward and one in the hour read twice in autumn is PHP's choice. Undefined for
 * impossible fields (month 13, day 32) or an instant no Date can hold.
 */
function build(
  fields: Required<Omit<Fields, 'offsetMinutes' | 'epoch' | 'pm'>> & { offsetMinutes?: number },
  timezone: string,
  checked = true,
): Date | undefined {
  const { year, month, day, hour, minute, second, ms } = fields;
  if (checked && (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 59)) return undefined;
  const parsed = emptyParsedTime();
  parsed.y = year;
  parsed.m = month;
  parsed.d = day;
  parsed.h = hour;
  parsed.i = minute;
  parsed.s = second;
  parsed.us = ms * 1000;
  parsed.haveDate = true;
  parsed.haveTime = 1;
  if (fields.offsetMinutes !== undefined) {
    parsed.zoneType = ZONE_OFFSET;
    parsed.z = fields.offsetMinutes * 60;
    parsed.dst = 0;
    parsed.haveZone = 1;
  } else {
    parsed.zoneType = ZONE_ID;
    parsed.zoneId = knownZone(timezone);
  }
  const at = resolve(parsed, EPOCH);
  if (at === null) return undefined;
  const date = new Date(at.sse * 1000 + Math.floor(at.us / 1000));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const EPOCH = { sse: 0, us: 0 };

const known = new Set<string>();

/** `timezone` itself, once the engine knows its name; a RangeError for a name it does not know (the caller's 400/LogicException). */
function knownZone(timezone: string): string {
  if (timezone === 'UTC' || known.has(timezone)) return timezone;
  // Throws a RangeError for an unknown name; the offsets themselves come from the PHP port.
  new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  if (known.size < 64) known.add(timezone);
  return timezone;
}
