/**
 * Exact decimal comparison, as brick/math's `BigNumber` does for the size
 * rules (`BigNumber::of($size)->isLessThanOrEqualTo($max)`): numeric strings
 * and PHP's 14-digit float strings are compared digit by digit, so
 * `'9007199254740993'` is greater than `9007199254740992` and `0.1 + 0.2`
 * (printed `0.3` by PHP) equals `0.3`. Linear in the length of the numbers.
 */
import { NUMERIC_STRING, phpNumberString } from './php.js';

/** `±0.digits × 10^point`: `digits` has no leading or trailing zeros ('' for zero). */
export interface Decimal {
  readonly negative: boolean;
  readonly digits: string;
  /** Position of the decimal point from the left of `digits`. */
  readonly point: number;
  /** The written exponent (`1e5` → 5), for the host framework's ±1000 guard. */
  readonly exponent: number;
}

const SHAPE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a trimmed PHP numeric string (`-1.50`, `.5`, `1e3`); null when it is not one. */
export function parseDecimal(text: string): Decimal | null {
  const m = SHAPE.exec(text);
  if (m === null) return null;
  const int = m[2]!;
  const frac = m[3] ?? '';
  if (int === '' && frac === '') return null;
  const written = m[4] === undefined ? 0 : Number(m[4]);
  const exponent = Number.isFinite(written) ? written : written > 0 ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER;
  const all = int + frac;
  let start = 0;
  while (start < all.length && all.charCodeAt(start) === 48) start++;
  let end = all.length;
  while (end > start && all.charCodeAt(end - 1) === 48) end--;
  const digits = all.slice(start, end);
  return { negative: m[1] === '-' && digits !== '', digits, point: int.length - start + exponent, exponent };
}

/** The decimal a number stands for in PHP (its `(string)` form: ints whole, floats 14 digits). */
export function decimalOfNumber(n: number): Decimal {
  return parseDecimal(phpNumberString(n))!;
}

/** The decimal of a numeric string or number (`is_numeric`), or null. */
export function decimalOf(value: unknown): Decimal | null {
  if (typeof value === 'number') return Number.isFinite(value) ? decimalOfNumber(value) : null;
  if (typeof value === 'string' && NUMERIC_STRING.test(value)) return parseDecimal(value.trim());
  return null;
}

function compareMagnitude(a: Decimal, b: Decimal): number {
  if (a.digits === '' || b.digits === '') return a.digits === b.digits ? 0 : a.digits === '' ? -1 : 1;
  if (a.point !== b.point) return a.point < b.point ? -1 : 1;
  const n = Math.min(a.digits.length, b.digits.length);
  for (let i = 0; i < n; i++) {
    const d = a.digits.charCodeAt(i) - b.digits.charCodeAt(i);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.digits.length === b.digits.length ? 0 : a.digits.length < b.digits.length ? -1 : 1;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  if (a.negative !== b.negative) return a.negative ? -1 : 1;
  const m = compareMagnitude(a, b);
  return a.negative ? -m : m;
}

/** `a` is an integer multiple of `b` (neither zero), as `BigDecimal::remainder()->isZero()`. */
export function isMultipleOf(a: Decimal, b: Decimal): boolean {
  // Scale both to integers: a = A × 10^-s, b = B × 10^-s; then A mod B with BigInt.
  const scale = Math.max(a.digits.length - a.point, b.digits.length - b.point, 0);
  if (scale > 10_000 || a.point > 10_000 || b.point > 10_000) return false;
  const toInt = (d: Decimal): bigint => {
    const zeros = d.point + scale - d.digits.length;
    return BigInt(d.digits + '0'.repeat(zeros));
  };
  return toInt(a) % toInt(b) === 0n;
}
