/**
 * `Carbon::parse($value, $tz)` (Carbon 2, behind Laravel's `Date::parse`) of a
 * string or number in a UTC application: numbers other than 1-14 plain digits
 * are Unix timestamps (`'1e3'` reads as 1 + 3 seconds, as Carbon splits it),
 * `''` and `'0'` are now, other strings go to `new DateTime($value, $tz)`, and
 * when that throws Carbon tries `now($tz)->change($value)` (a `modify` after
 * rewriting `' at '`, `'just now'`, `'next 2pm'`...). Null where it throws.
 */
import { isNumeric, phpFloatString, phpNumberString } from '../php-number.js';
import { ZONE_ID } from './parsed-time.js';
import { type Instant, modify, resolve } from './resolve.js';
import { MAX_DATE_BYTES, parseDateString } from './scanner.js';

/** Carbon's getIntegerAndDecimalParts + createFromTimestampUTC; null where it throws. */
function fromTimestamp(value: number | string): Instant | null {
  let text: string;
  if (typeof value === 'number') {
    // number_format($n, 6, '.', ''); from 1e14 the integer part prints as 1.0E+14 and 'U u' fails.
    if (!(Math.abs(value) < 1e14)) return null;
    text = value.toFixed(6);
  } else {
    text = value;
  }
  // Only a leading '-' counts: ' -5' is +5, as Carbon reads it.
  const sign = text.startsWith('-') ? -1 : 1;
  let integer = 0;
  let decimal = 0;
  for (const chunk of text.split(/[^\d.]+/)) {
    const [integerPart = '', decimalPart = ''] = chunk.split('.');
    integer += integerPart === '' ? 0 : Number(integerPart);
    decimal += Number(`0.${decimalPart}`);
  }
  const overflow = Math.floor(decimal);
  integer += overflow;
  decimal -= overflow;
  integer *= sign;
  decimal = decimal === 0 ? 0 : sign * Math.round(decimal * 1e6);
  const delta = Math.floor(decimal / 1e6);
  integer += delta;
  decimal -= delta * 1e6;
  // "$integer" is a float printed with 14 digits: 1.0E+14 and up is not a timestamp for 'U u'.
  if (!Number.isFinite(integer) || phpFloatString(integer).includes('E')) return null;
  return { sse: integer, us: decimal };
}

/** PHP's `trim()` characters. */
const TRIMMED = ' \t\n\r\0\x0B';

function trim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && TRIMMED.includes(text[start]!)) start++;
  while (end > start && TRIMMED.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}
const REWRITES: ReadonlyArray<readonly [string, string]> = [
  ['before yesterday', 'yesterday -1 day'],
  ['after tomorrow', 'tomorrow +1 day'],
  ['just now', 'now'],
  [' at ', ' '],
];
const NEXT_HOUR = /^(next|previous|last)\s+(\d{1,2}(h|am|pm|:\d{1,2}(:\d{1,2})?))$/i;

/** PHP's strtr with an array: at each position the longest key wins. */
function rewrite(text: string): string {
  let out = '';
  let i = 0;
  outer: while (i < text.length) {
    for (const [from, to] of REWRITES) {
      if (text.startsWith(from, i)) {
        out += to;
        i += from.length;
        continue outer;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

const later = (a: Instant, b: Instant): boolean => a.sse > b.sse || (a.sse === b.sse && a.us > b.us);

/** Carbon's `change()` on `now` in `zone`: `modify` after its rewrites. */
function change(value: string, now: Instant, zone: string, rewritesOnly = false): Instant | null {
  // The rewrites shorten the text at most fourfold (' at ' to ' '): longer can never parse.
  if (value.length > 4 * MAX_DATE_BYTES + 8) return null;
  const trimmed = trim(value);
  let text = rewrite(trimmed);
  const m = NEXT_HOUR.exec(text);
  // Unchanged, the text fails `modify` as it failed the constructor: skip the second parse.
  if (rewritesOnly && m === null && text === trimmed) return null;
  if (m !== null) {
    const time = m[2]!.replaceAll('h', ':00');
    const test = modify(parseDateString(time), now, zone);
    if (test === null) return null;
    const moves = m[1] === 'next' ? later(now, test) : later(test, now);
    text = `${moves ? `${m[1]} day` : 'today'} ${time}`;
  }
  return modify(parseDateString(text), now, zone);
}

/**
 * `new DateTime($text, $zone)`: a zoneless text is a wall clock in `zone` (UTC
 * when null); "now" is read in `zone`, else in the zone the text names.
 */
function construct(text: string, now: Instant, zone: string | null): Instant | null {
  const parsed = parseDateString(text);
  const nowZone = zone ?? (parsed.zoneType === ZONE_ID && parsed.zoneId !== null ? parsed.zoneId : 'UTC');
  return resolve(parsed, now, zone ?? 'UTC', nowZone);
}

/**
 * `Carbon::parse($value, $zone)` at `now` for a string or a number, or null
 * where it throws (or PHP would raise an error). `zone` is an identifier of
 * PHP's timezone database, or null for none given (the application's, UTC).
 */
export function carbonParse(value: string | number, now: Instant, zone: string | null = null): Instant | null {
  const clockZone = zone ?? 'UTC';
  if (isNumeric(value) && (typeof value !== 'string' || !/^\d{1,14}$/.test(value))) {
    // A timestamp becomes text with a +00:00 offset, which wins over `zone`.
    return fromTimestamp(value) ?? change(typeof value === 'string' ? value : phpNumberString(value), now, clockZone);
  }
  const text = typeof value === 'string' ? value : phpNumberString(value);
  if (text === '' || text === '0') return now;
  return construct(text, now, zone) ?? change(text, now, clockZone, true);
}
