/**
 * Dates as Laravel 11's date rules read them, on PHP 8.2 with the default
 * application timezone (UTC). `strtotime/` is the port of PHP's parser:
 * - `date` passes when `strtotime($value)` succeeds and `date_parse` names a
 *   real calendar day (`checkdate`);
 * - `before`, `after`... read both sides with `Carbon::parse` (Laravel's
 *   `Date::parse`) and compare whole seconds; a side that does not parse is
 *   `null`, which PHP compares with a timestamp as booleans.
 */
import { isNumeric, phpString } from './php.js';
import { carbonParse, prepareCarbonParse } from './strtotime/carbon.js';
import type { Instant } from '../php/strtotime/resolve.js';
import { resolve } from '../php/strtotime/resolve.js';
import { parseDateString } from '../php/strtotime/scanner.js';
import { checkParsedDate, strtotime } from '../php/strtotime/strtotime.js';

export type { Instant } from '../php/strtotime/resolve.js';

/** The current instant, as PHP's clock gives it (microseconds from JavaScript's milliseconds). */
export function nowInstant(): Instant {
  const ms = Date.now();
  const sse = Math.floor(ms / 1000);
  return { sse, us: (ms - sse * 1000) * 1000 };
}

/** Laravel's `validateDate`: a string or number `strtotime` reads, naming a real day. */
export function isDateValue(value: unknown): boolean {
  if (typeof value !== 'string' && !isNumeric(value)) return false;
  const parsed = parseDateString(phpString(value)!);
  if (parsed.errors > 0 || !checkParsedDate(parsed)) return false;
  // Relative parts can push the instant past 64-bit seconds, where strtotime gives false.
  return !parsed.haveRelative || resolve(parsed, nowInstant()) !== null;
}

/** Laravel's `getDateTime`: `Date::parse($value)`, or null where it throws. */
export function dateTimeOf(value: unknown, now: Instant): Instant | null {
  return carbonParse(value, now);
}

/** A date rule's parameter as Laravel's `getDateTimestamp($parameters[0])` reads it; null when it names a field. */
export function dateParameter(param: string): ((now: Instant) => Instant | null) | null {
  return prepareCarbonParse(param, nowInstant());
}

/** `strtotime($param)` is truthy: the message shows the parameter itself, else it is a field's name. */
export function isStrtotimeDate(param: string): boolean {
  const t = strtotime(param, nowInstant());
  return t !== false && t !== 0;
}

/** PHP 8's `<`, `>`, `<=`, `>=`, `==` on two timestamps, either of which may be null (compared as booleans). */
export function comparePhp(a: number | null, b: number | null, op: string): boolean {
  const x = a === null || b === null ? Number(a !== null && a !== 0) : a;
  const y = a === null || b === null ? Number(b !== null && b !== 0) : b;
  switch (op) {
    case '<':
      return x < y;
    case '>':
      return x > y;
    case '<=':
      return x <= y;
    case '>=':
      return x >= y;
    default:
      return x === y;
  }
}

/** PHP's comparison of two DateTime objects (seconds, then microseconds). */
export function compareDateTimes(a: Instant, b: Instant, op: string): boolean {
  const order = a.sse !== b.sse ? Math.sign(a.sse - b.sse) : Math.sign(a.us - b.us);
  switch (op) {
    case '<':
      return order < 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '>=':
      return order >= 0;
    default:
      return order === 0;
  }
}
