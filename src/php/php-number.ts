/**
 * PHP's reading and printing of numbers: `is_numeric`, and `(string)` of a
 * float (14 significant digits) or of a JSON number (an int when it was one).
 * Shared by the validation rules and the PHP ports below them.
 */

/** PHP 8 `is_numeric` for strings: optional surrounding whitespace, sign, decimals, exponent. */
export const NUMERIC_STRING = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP `is_numeric`. */
export function isNumeric(value: unknown): value is number | string {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC_STRING.test(value);
}

/**
 * `(string) $float` with PHP's default `precision` of 14 significant digits:
 * `0.1 + 0.2` is `0.3`, `1e25` is `1.0E+25`, `1e-5` is `1.0E-5`.
 */
export function phpFloatString(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NAN' : n > 0 ? 'INF' : '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const sign = n < 0 ? '-' : '';
  const [mantissa, e] = Math.abs(n).toExponential(13).split('e') as [string, string];
  const exp = Number(e);
  let digits = mantissa.replace('.', '');
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 48) end--;
  digits = digits.slice(0, end);
  if (exp < -4 || exp >= 14) {
    const m = digits.length === 1 ? `${digits}.0` : `${digits[0]}.${digits.slice(1)}`;
    return `${sign}${m}E${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return sign + digits + '0'.repeat(exp + 1 - digits.length);
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/**
 * `(string)` of a number from a JSON body: an integer within 64 bits was a
 * PHP int (printed whole); anything else was a float (14 digits).
 */
export function phpNumberString(n: number): string {
  return isPhpInt(n) ? String(n) : phpFloatString(n);
}

/**
 * Was this JSON number a PHP int? JavaScript writes it as `String(n)`, and
 * `json_decode` gives an int when that text is an integer within 64 bits
 * (`-2**63` is written `-9223372036854776000`, past the bound: a float).
 */
export function isPhpInt(n: number): boolean {
  if (!Number.isInteger(n)) return false;
  if (Math.abs(n) < 9e18) return true;
  if (Math.abs(n) >= 1e21) return false;
  const big = BigInt(String(n));
  return big >= -(2n ** 63n) && big < 2n ** 63n;
}
