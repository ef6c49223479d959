/**
 * Dates from input, for `request.date()`: Carbon's `parse($value, $tz)` and
 * `createFromFormat($format, $value, $tz)` on the PHP port of PHP's date
 * parser (src/php/strtotime), the one the `date`, `date_format`, `after` and
 * `before` rules read with. Wall-clock times are read in `timezone` (UTC when
 * none is given, Laravel's default `app.timezone`); a zone or offset in the
 * text wins. Text that is no date is undefined.
 */
import { carbonParse } from '../../php/strtotime/carbon.js';
import { createFromFormat } from '../../php/strtotime/from-format.js';
import type { Instant } from '../../php/strtotime/resolve.js';
import { lookupZoneId } from '../../php/strtotime/zones.js';

/**
 * Carbon's `parse($value, $tz)`: PHP's date and time formats (ISO 8601, `2024-01-05 10:00`,
 * `1 March 2024`, `@seconds`, `next monday`, `+1 week`, `first day of next month`...), and a
 * number that is not plain digits as a Unix timestamp. `timezone` null is Carbon's null: UTC,
 * with "now" read in the zone the text names. Undefined when the text is no date.
 */
export function parseDate(value: string | number, timezone: string | null = null, now = new Date()): Date | undefined {
  const zone = timezone === null ? null : knownZone(timezone);
  return toDate(carbonParse(value, instant(now), zone));
}

/**
 * Carbon's `createFromFormat($format, $value, $tz)`: PHP's `DateTime::createFromFormat` (the
 * fields the format leaves out are now's, or zero after `!` / `|`), with Carbon's two rewrites
 * (`c` as `Y-m-d\TH:i:sP`, and a meridian written before the hour moved after it). Undefined
 * when the text does not fit.
 */
export function parseDateFormat(format: string, value: string, timezone: string | null = null, now = new Date()): Date | undefined {
  const zone = timezone === null ? undefined : knownZone(timezone);
  const [carbonFormat, text] = carbonRewrites(format, value);
  return toDate(createFromFormat(carbonFormat, text, instant(now), { zone, resetFirst: false }));
}

/** A `c` not escaped by a backslash (an even run of backslashes before it). */
const ISO_LETTER = /(?<!\\)((?:\\{2})*)c/g;

/**
 * Carbon's `rawCreateFromFormat` rewrites: `c` (which PHP's parser lacks) as `Y-m-d\TH:i:sP`, and,
 * when a meridian letter comes before the hour's and the text has `am`/`pm`, both moved to the end.
 * Written with index searches, so the work stays linear in the text whatever it holds.
 */
function carbonRewrites(format: string, value: string): [string, string] {
  const rewritten = format.replace(ISO_LETTER, '$1Y-m-d\\TH:i:sP');
  const meridian = firstUnescaped(rewritten, 'aA');
  const hour = firstUnescaped(rewritten, 'hgHG');
  if (meridian < 0 || hour < 0 || meridian > hour) return [rewritten, value];
  const at = firstMeridian(value);
  if (at < 0) return [rewritten, value];
  // preg_replace('/^(.*)(am|pm|AM|PM)(.*)$/U', '$1$3 $2'): the pattern's lines end at a newline.
  const line = value.indexOf('\n');
  const end = line < 0 ? value.length : line === value.length - 1 ? line : -1;
  const movedValue =
    end < 0 || at + 2 > end ? value : `${value.slice(0, at)}${value.slice(at + 2, end)} ${value.slice(at, at + 2)}${value.slice(end)}`;
  const formatLine = rewritten.indexOf('\n');
  const movedFormat =
    formatLine >= 0 && formatLine < rewritten.length - 1
      ? rewritten
      : `${rewritten.slice(0, meridian)}${rewritten.slice(meridian + 1, formatLine < 0 ? undefined : formatLine)} ${rewritten[meridian]}${formatLine < 0 ? '' : '\n'}`;
  return [movedFormat, movedValue];
}

/** The index of the first of `letters` not escaped by a backslash, or -1. */
function firstUnescaped(format: string, letters: string): number {
  let backslashes = 0;
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch === '\\') {
      backslashes++;
      continue;
    }
    if (backslashes % 2 === 0 && letters.includes(ch)) return i;
    backslashes = 0;
  }
  return -1;
}

/** The index of the first `am`, `pm`, `AM` or `PM` (Carbon's case-sensitive pattern), or -1. */
function firstMeridian(value: string): number {
  for (let i = value.indexOf('m'), j = value.indexOf('M'); i >= 0 || j >= 0; ) {
    const at = j < 0 || (i >= 0 && i < j) ? i : j;
    const before = value[at - 1];
    if (at > 0 && (value[at] === 'm' ? before === 'a' || before === 'p' : before === 'A' || before === 'P')) return at - 1;
    if (at === i) i = value.indexOf('m', i + 1);
    else j = value.indexOf('M', j + 1);
  }
  return -1;
}

function instant(now: Date): Instant {
  const ms = now.getTime();
  const sse = Math.floor(ms / 1000);
  return { sse, us: (ms - sse * 1000) * 1000 };
}

function toDate(at: Instant | null): Date | undefined {
  if (at === null) return undefined;
  const date = new Date(at.sse * 1000 + Math.floor(at.us / 1000));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The identifier of PHP's timezone database `timezone` names (any case: `europe/paris`), or
 * one the engine knows; a RangeError for any other name (the caller's LogicException).
 */
function knownZone(timezone: string): string {
  const id = lookupZoneId(timezone);
  if (id !== undefined) return id;
  // Throws a RangeError for an unknown name; the offsets themselves come from the PHP port.
  new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  return timezone;
}
