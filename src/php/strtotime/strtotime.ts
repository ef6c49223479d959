/**
 * PHP's `strtotime` and `date_parse` + `checkdate`, for strings (numbers
 * arrive as PHP prints them: `phpString`). The application's timezone is UTC.
 */
import type { ParsedTime } from './parsed-time.js';
import { UNSET } from './parsed-time.js';
import { type Instant, resolve } from './resolve.js';
import { parseDateString } from './scanner.js';
import { daysInMonth } from './calendar.js';

/** `strtotime($value)` at `now`: seconds since the epoch, or false. */
export function strtotime(value: string, now: Instant): number | false {
  const at = resolve(parseDateString(value), now);
  return at === null ? false : at.sse;
}

/** `checkdate($month, $day, $year)` on what `date_parse` read (an unset field is `false`, so 0). */
export function checkParsedDate(t: ParsedTime): boolean {
  const y = t.y === UNSET ? 0 : t.y;
  const m = t.m === UNSET ? 0 : t.m;
  const d = t.d === UNSET ? 0 : t.d;
  return m >= 1 && m <= 12 && d >= 1 && y >= 1 && y <= 32_767 && d <= daysInMonth(y, m);
}
