/**
 * PHP's casts as Laravel's typed input accessors apply them: `intval`,
 * `floatval`, `(string)`, `filter_var(FILTER_VALIDATE_BOOLEAN)` and `trim`.
 * A form or query value is text, so the string rules are the ones that matter.
 */
import { PHP_TRIMMED, trimChars } from '../../php/trim-chars.js';

/** PHP's `trim()`: spaces, tabs, newlines, carriage returns, NUL and vertical tabs only. */
export function phpTrim(text: string): string {
  return trimChars(text, PHP_TRIMMED);
}

// A numeric prefix as PHP reads one: leading whitespace, a sign, digits with an optional fraction and exponent.
const NUMERIC_PREFIX = /^[ \t\n\r\v\f]*([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?)/;
// PHP_INT_MAX (2^63 - 1) as the nearest double.
const PHP_INT_MAX = 2 ** 63;

/** `floatval($value)`: the leading number of a string (`'1.ab'` → 1, `'nan'` → 0), 0 for null, 1/0 for a (non-)empty array. */
export function phpFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const match = NUMERIC_PREFIX.exec(value);
    return match === null ? 0 : Number(match[1]);
  }
  if (Array.isArray(value)) return value.length > 0 ? 1 : 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0 ? 1 : 0;
  return 0;
}

/**
 * `intval($value)`: the leading number of a string, truncated (`'1ab'` → 1,
 * `'2_000'` → 2, `'1e3'` → 1000), saturated at PHP's integer range as PHP
 * does for integer text (a JavaScript number past 2^53 is approximate).
 */
export function phpInt(value: unknown): number {
  const number = phpFloat(value);
  if (Number.isNaN(number)) return 0;
  if (number >= PHP_INT_MAX) return PHP_INT_MAX;
  if (number <= -PHP_INT_MAX) return -PHP_INT_MAX;
  return Math.trunc(number) || 0;
}

/** `filter_var($value, FILTER_VALIDATE_BOOLEAN)`: true for true, 1, and `1`/`true`/`on`/`yes` in any case; everything else false. */
export function phpBool(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === 'number') return value === 1;
  if (typeof value !== 'string') return false;
  const text = phpTrim(value).toLowerCase();
  return text === '1' || text === 'true' || text === 'on' || text === 'yes';
}

/**
 * `(string) $value` for what input holds: numbers as PHP prints them,
 * true as `1`, null and false as the empty string. An array or object
 * (PHP: "Array to string conversion") is the empty string here.
 */
export function phpString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value === true) return '1';
  // An object of a class with its own toString() (PHP's __toString) prints as it says; arrays and plain objects print nothing.
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const print = (value as { toString?: unknown }).toString;
    if (typeof print === 'function' && print !== Object.prototype.toString) return String(print.call(value));
  }
  return '';
}

/** Laravel's `isEmptyString`: not a boolean, not an array, and empty once trimmed (null and missing included). */
export function isEmptyString(value: unknown): boolean {
  if (typeof value === 'boolean' || (value !== null && typeof value === 'object')) return false;
  return phpTrim(phpString(value)) === '';
}
