/**
 * `Carbon::parse($value)` (Carbon 2, behind Laravel's `Date::parse`) in a UTC
 * application, for any input value: strings and numbers as the PHP port
 * reads them (`src/php/strtotime/carbon.ts`), an empty array as now, other
 * arrays and objects as nothing. Null where Laravel's `getDateTime` gets nothing.
 */
import { countOf, isContainer, isNumeric, phpString } from '../php.js';
import { carbonParse as parseScalar } from '../../php/strtotime/carbon.js';
import { type Instant, isAbsolute, resolve } from '../../php/strtotime/resolve.js';
import { parseDateString } from '../../php/strtotime/scanner.js';

/** `Carbon::parse($value)` at `now`, or null where it throws (or PHP would raise an error). */
export function carbonParse(value: unknown, now: Instant): Instant | null {
  if (typeof value === 'number') return parseScalar(value, now, 'UTC');
  if (value === null || value === undefined) return null;
  if (isContainer(value)) {
    // `[] ?: 'now'` is now; a non-empty array makes DateTime throw a TypeError (a 500 upstream).
    return countOf(value) === 0 ? now : null;
  }
  const text = phpString(value);
  return text === null ? null : parseScalar(text, now, 'UTC');
}

/**
 * A rule parameter read with `Carbon::parse`, prepared once: null when it is
 * not a date (Laravel then reads it as a field name), else its instant for a
 * given "now" (a constant for `2024-01-16`, computed per check for `tomorrow`).
 */
export function prepareCarbonParse(text: string, now: Instant): ((now: Instant) => Instant | null) | null {
  if (carbonParse(text, now) === null) return null;
  if (text === '' || text === '0') return (at) => at;
  if (!isNumeric(text) || /^\d{1,14}$/.test(text)) {
    const parsed = parseDateString(text);
    if (parsed.errors === 0) {
      if (isAbsolute(parsed)) {
        const fixed = resolve(parsed, now);
        return () => fixed;
      }
      return (at) => resolve(parsed, at);
    }
  }
  return (at) => carbonParse(text, at);
}
