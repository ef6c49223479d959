/**
 * Text helpers of the request's URL methods: Laravel's `Str::is` wildcards,
 * PHP's `http_build_query` (RFC 3986, as `Arr::query`) and Symfony's query
 * normalisation (`HeaderUtils::normalizeQueryString`: keys sorted, re-encoded).
 */
import { rawUrlEncode } from '../../php/rawurlencode.js';
import { compileWildcard } from '../../php/str-is.js';
import { isContainer } from './data-path.js';
import { createBag, type InputBag } from '../own.js';

/**
 * Laravel's `Str::is($pattern, $value)`: `*` matches any run of characters
 * (slashes included), everything else literally, the whole value. Patterns
 * may be nested in arrays. Matched without a regex, so any pattern is safe.
 */
export function strIs(patterns: readonly unknown[], value: string): boolean {
  for (const pattern of patterns.flat(Number.POSITIVE_INFINITY)) {
    if (typeof pattern !== 'string' && typeof pattern !== 'number') continue;
    if (compileWildcard(String(pattern))(value)) return true;
  }
  return false;
}

/** PHP's `http_build_query($data, '', '&', PHP_QUERY_RFC3986)`: nested keys in brackets, null left out, booleans as 1/0. */
export function buildQuery(data: InputBag | readonly unknown[]): string {
  const pairs: string[] = [];
  const add = (prefix: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (isContainer(value)) {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
      for (const [key, item] of entries) add(`${prefix}[${key}]`, item);
      return;
    }
    const text = value === true ? '1' : value === false ? '0' : String(value);
    pairs.push(`${rawUrlEncode(prefix)}=${rawUrlEncode(text)}`);
  };
  const entries = Array.isArray(data) ? data.map((v, i) => [String(i), v] as const) : Object.entries(data);
  for (const [key, value] of entries) add(key, value);
  return pairs.join('&');
}

/** PHP's `ksort` (SORT_REGULAR) of string keys: numeric keys by value, before or among others as PHP 8 compares them. */
function sortedKeys(keys: readonly string[]): string[] {
  const numeric = (k: string) => /^-?\d+(\.\d+)?$/.test(k);
  return [...keys].sort((a, b) => {
    if (numeric(a) && numeric(b)) return Number(a) - Number(b);
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Symfony's `normalizeQueryString`: the parsed query, top-level keys sorted, built again (RFC 3986). */
export function normalizeQuery(query: InputBag): string {
  const sorted = createBag();
  for (const key of sortedKeys(Object.keys(query))) sorted[key] = query[key];
  return buildQuery(sorted);
}
