/**
 * The few pieces of PHP that decide the exact bytes of a URL signed by the
 * host framework: `ksort` (parameter order), `http_build_query` with
 * `PHP_QUERY_RFC3986` (the framework's `Arr::query`) and the route URL
 * generator's path encoding. A signature covers these bytes, so a URL signed
 * here is byte-for-byte the URL the framework would sign for the same input.
 */
import { rawUrlEncode as phpRawUrlEncode } from '../php/rawurlencode.js';
import { LogicException } from '../errors/logic-exception.js';

/** A value that may be put in a signed URL's query string. */
export type QueryValue =
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

/** Signed URL parameters: names to values (nested arrays and objects use brackets). */
export type QueryParams = { readonly [key: string]: QueryValue };

/** PHP's `rawurlencode`, a part that cannot be a URL (a lone surrogate) being the signer's LogicException. */
function rawUrlEncode(text: string): string {
  try {
    return phpRawUrlEncode(text);
  } catch {
    throw new LogicException('A signed URL part is not valid Unicode (lone surrogate).');
  }
}

/** Characters the route URL generator decodes again after `rawurlencode` (its `$dontEncode`). */
const DONT_ENCODE: Record<string, string> = {
  '%2F': '/',
  '%40': '@',
  '%3A': ':',
  '%3B': ';',
  '%2C': ',',
  '%3D': '=',
  '%2B': '+',
  '%21': '!',
  '%2A': '*',
  '%7C': '|',
  '%3F': '?',
  '%26': '&',
  '%23': '#',
  '%25': '%',
};

/**
 * Encodes a route path as the framework's route URL generator does:
 * `strtr(rawurlencode($path), $dontEncode)`. `?` and `#` would end the path,
 * so a path holding them is a LogicException.
 */
export function encodePath(path: string): string {
  if (path.includes('?') || path.includes('#')) {
    throw new LogicException(`A signed URL path cannot contain "?" or "#": "${path}".`);
  }
  return rawUrlEncode(path).replace(/%[0-9A-F]{2}/g, (code) => DONT_ENCODE[code] ?? code);
}

/**
 * A positional parameter's value as the route URL generator writes it:
 * PHP's string form (`implode`: `true` is `1`, `false` and `null` are
 * empty), bare, then encoded with the rest of the URL (`rawurlencode`, then
 * the `$dontEncode` characters back, so `=`, `&` and `?` stay as they
 * are). LogicExceptions: a list or object (no bare form), a `#` (it would
 * start a fragment the browser never sends) and a `%` (it stays bare, so
 * the query would not decode: a 400 where the framework's `parse_str`
 * tolerates it).
 */
export function encodeBareValue(value: QueryValue, path: string): string {
  if (value === null || value === undefined || value === false) return '';
  if (typeof value === 'object') {
    throw new LogicException(`Positional signed URL parameter "${path}" must be a scalar: it is written into the URL as it is.`);
  }
  const text = scalar(value, path);
  if (/[#%]/.test(text)) throw new LogicException(`Positional signed URL parameter "${path}" cannot contain "#" or "%".`);
  return rawUrlEncode(text).replace(/%[0-9A-F]{2}/g, (code) => DONT_ENCODE[code] ?? code);
}

/** PHP 8's `is_numeric` for strings (leading and trailing whitespace allowed). */
const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/**
 * PHP 8's `ksort` order for string keys (`zendi_smart_strcmp`): two numeric
 * strings compare as numbers, anything else byte-wise (UTF-8). Stable.
 */
export function phpKeyCompare(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) {
    const x = Number(a.trim());
    const y = Number(b.trim());
    if (x !== y) return x < y ? -1 : 1;
    return 0;
  }
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** A canonical decimal integer string: PHP turns such an array key into an int key. */
export function isIntegerKey(key: string): boolean {
  return /^(?:0|-?[1-9]\d*)$/.test(key) && Number.isSafeInteger(Number(key));
}

/**
 * PHP's `http_build_query($params, '', '&', PHP_QUERY_RFC3986)`, the
 * framework's `Arr::query`: `null`/`undefined` are left out, `true`/`false`
 * are `1`/`0`, nested lists and objects become `a%5B0%5D=x` and
 * `a%5Bk%5D=v`, empty ones disappear. Keys keep the order they are given in
 * (pass entries to keep integer-like top-level keys in place; inside nested
 * objects JavaScript puts integer-like keys first, where PHP keeps insertion
 * order).
 */
export function buildPhpQuery(params: QueryParams | ReadonlyArray<readonly [string, QueryValue]>): string {
  const pairs: string[] = [];
  const entries = Array.isArray(params) ? params : Object.entries(params);
  for (const [key, value] of entries) appendPairs(pairs, rawUrlEncode(key), value, key);
  return pairs.join('&');
}

function appendPairs(pairs: string[], encodedName: string, value: QueryValue, path: string): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value) || isPlainObject(value)) {
    for (const [key, item] of Object.entries(value as object)) {
      appendPairs(pairs, `${encodedName}%5B${rawUrlEncode(key)}%5D`, item as QueryValue, `${path}[${key}]`);
    }
    return;
  }
  pairs.push(`${encodedName}=${rawUrlEncode(scalar(value, path))}`);
}

function scalar(value: unknown, path: string): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? '1' : '0';
    case 'bigint':
      return value.toString();
    case 'number':
      if (Number.isFinite(value)) return phpNumber(value);
      break;
  }
  throw new LogicException(
    `Signed URL parameter "${path}" must be a string, a finite number, a boolean, null, an array or a plain object.`,
  );
}

/**
 * A number as PHP writes it into a query: an integer as its digits; a float
 * as PHP converts it to a string with `precision` 14 (`%.14G`): 14
 * significant digits, trailing zeros dropped, exponent form below 1e-4 or
 * from 1e14, written `1.0E+21` / `2.25E-5`.
 */
function phpNumber(value: number): string {
  if (Number.isSafeInteger(value)) return String(value);
  const [mantissa, exponentText] = value.toExponential(13).split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 14) return String(Number(value.toPrecision(14)));
  let digits = mantissa.replace(/\.?0+$/, '');
  if (!digits.includes('.')) digits += '.0';
  return `${digits}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
