/**
 * The few PHP value semantics the host framework's validator is built on
 * (`trim`, `is_numeric`, `filter_var(FILTER_VALIDATE_INT)`, loose `==`,
 * `(string)` casts, `Str::snake`), written once so every rule agrees on them.
 */
import { isBag } from '../http/own.js';
import { UploadedFile } from '../http/uploaded-file.js';
import { strSnake } from '../php/str-snake.js';
import { NUMERIC_STRING, phpNumberString } from '../php/php-number.js';

export { isNumeric, isPhpInt, NUMERIC_STRING, phpFloatString, phpNumberString } from '../php/php-number.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** True for the characters PHP's `trim()` removes: space, \t, \n, \r, \0, \x0B. */
function isPhpTrimChar(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0 || code === 11;
}

/** `is_string($v) && trim($v) === ''`. */
export function isBlankString(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  for (let i = 0; i < value.length; i++) if (!isPhpTrimChar(value.charCodeAt(i))) return false;
  return true;
}

/** A JSON-style array or object: what PHP decodes to an array. Class instances (files...) are not. */
export function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || isBag(value);
}

/** True for an uploaded file part. */
export function isFile(value: unknown): value is UploadedFile {
  return value instanceof UploadedFile;
}

/** `count($v)` for a container. */
export function countOf(value: Record<string, unknown> | unknown[]): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

/** The negation of the host framework's `validateRequired`: null, blank string, empty array/object. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return isBlankString(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isContainer(value)) {
    for (const key in value) if (hasOwn.call(value, key)) return false;
    return true;
  }
  return false;
}

const INT_STRING = /^[ \t\n\r\v]*([+-]?)(0|[1-9]\d*)[ \t\n\r\v]*$/;
const INT64_MAX = '9223372036854775807';

/** `filter_var($s, FILTER_VALIDATE_INT) !== false` for a string: no leading zeros, within 64 bits. */
export function isIntegerString(value: string): boolean {
  const m = INT_STRING.exec(value);
  if (m === null) return false;
  const digits = m[2]!;
  if (digits.length < 19) return true;
  if (digits.length > 19) return false;
  const limit = m[1] === '-' ? '9223372036854775808' : INT64_MAX;
  return digits <= limit;
}

/** `(string) $value` for scalars; containers and objects give null (PHP would fail or warn). */
export function phpString(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return phpNumberString(value);
    case 'boolean':
      return value ? '1' : '';
    case 'undefined':
      return '';
    case 'bigint':
      return value.toString();
    default:
      return value === null ? '' : null;
  }
}

function toBool(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (value === 0 || value === '' || value === '0') return false;
  if (isContainer(value)) return !isEmptyValue(value);
  return true;
}

/** PHP 8 loose `==` between scalars (null, bool, number, string); containers only equal themselves. */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'boolean' || typeof b === 'boolean') return toBool(a) === toBool(b);
  if (a === null || a === undefined) {
    if (typeof b === 'string') return b === '';
    return toBool(b) === false;
  }
  if (b === null || b === undefined) return looseEquals(b, a);
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (typeof a === 'number' && typeof b === 'string') {
    return NUMERIC_STRING.test(b) ? Number(b.trim()) === a : phpNumberString(a) === b;
  }
  if (typeof a === 'string' && typeof b === 'number') return looseEquals(b, a);
  if (typeof a === 'string' && typeof b === 'string') {
    return NUMERIC_STRING.test(a) && NUMERIC_STRING.test(b) && Number(a.trim()) === Number(b.trim());
  }
  return false;
}

/** PHP `===`, with arrays compared by keys (in order) and values. */
export function strictEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return false;
    if (!strictEquals((a as Record<string, unknown>)[ka[i]!], (b as Record<string, unknown>)[kb[i]!])) return false;
  }
  return true;
}

/** How the host framework prints a value in a message (`:value`, `:input`). */
export function displayValue(value: unknown): string {
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (value === null || value === undefined) return 'empty';
  if (isContainer(value)) return 'array';
  return phpString(value) ?? String(value);
}

/** The displayable name of a field that has no custom name: `first_name` → `first name`. */
export function displayName(attribute: string): string {
  return strSnake(attribute).replaceAll('_', ' ');
}

/** Number of Unicode code points (PHP `mb_strlen`): `'€'` and an emoji are one each. */
export function codePointLength(value: string): number {
  let n = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
