/**
 * The `dimensions` rule's parameters and test, as Laravel 11's
 * `validateDimensions` reads them: named parameters (`min_width=100`)
 * compared with PHP 8's loose comparisons, `ratio` read with
 * `sscanf('%f/%d')` and matched within a tolerance of one pixel.
 */
import { NUMERIC_STRING } from './php.js';

/** Laravel's `parseNamedParameters`: `key=value` pairs in order; a later key replaces an earlier one in place; no `=` gives null. */
export function namedParameters(params: readonly string[]): Map<string, string | null> {
  const named = new Map<string, string | null>();
  for (const p of params) {
    const eq = p.indexOf('=');
    named.set(eq === -1 ? p : p.slice(0, eq), eq === -1 ? null : p.slice(eq + 1));
  }
  return named;
}

/** PHP 8 `$text <=> $n` for a string parameter and an integer: as numbers when the text is numeric, else as strings. */
function compareText(text: string, n: number): number {
  if (NUMERIC_STRING.test(text)) {
    const value = Number(text.trim());
    return value < n ? -1 : value > n ? 1 : 0;
  }
  const other = String(n);
  return text < other ? -1 : text > other ? 1 : 0;
}

const SPACE = /[ \t\n\v\f\r]/;
const FLOAT_PREFIX = /^[ \t\n\v\f\r]*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/;
const INT_PREFIX = /^[ \t\n\v\f\r]*([+-]?\d+)/;

/**
 * PHP's `sscanf($text, '%f/%d')`: null when the text is empty or all white
 * space (Laravel then fails with a TypeError), else the float and the
 * integer read, each null when not found.
 */
function scanRatio(text: string): [number | null, number | null] | null {
  let i = 0;
  while (i < text.length && SPACE.test(text[i]!)) i++;
  if (i === text.length) return null;
  const float = FLOAT_PREFIX.exec(text);
  if (float === null) return [null, null];
  const rest = text.slice(float[0].length);
  if (rest[0] !== '/') return [Number(float[1]), null];
  const int = INT_PREFIX.exec(rest.slice(1));
  return [Number(float[1]), int === null ? null : Number(int[1])];
}

/** `array_replace([1, 1], array_filter(sscanf(...)))`: a missing or zero part is 1. */
function ratioOf(text: string): number {
  const [numerator, denominator] = scanRatio(text) ?? [null, null];
  return (numerator || 1) / (denominator || 1);
}

/** The test of a `dimensions` rule, compiled once. */
export type DimensionsTest = (width: number, height: number) => boolean;

/**
 * Compiles the named parameters into Laravel's checks (`failsBasicDimensionChecks`,
 * `failsRatioCheck`, `failsMinRatioCheck`, `failsMaxRatioCheck`). Throws
 * for a `ratio`, `min_ratio` or `max_ratio` that is empty or blank, where
 * Laravel fails with a TypeError on every image.
 */
export function compileDimensions(named: ReadonlyMap<string, string | null>): DimensionsTest {
  const bound = (key: string): string | null => named.get(key) ?? null;
  const width = bound('width');
  const height = bound('height');
  const minWidth = bound('min_width');
  const maxWidth = bound('max_width');
  const minHeight = bound('min_height');
  const maxHeight = bound('max_height');
  const ratio = bound('ratio');
  const minRatio = bound('min_ratio');
  const maxRatio = bound('max_ratio');
  for (const [key, text] of [
    ['ratio', ratio],
    ['min_ratio', minRatio],
    ['max_ratio', maxRatio],
  ] as const) {
    if (text !== null && scanRatio(text) === null) throw new Error(`"${key}" needs a ratio such as 3/2`);
  }
  const expected = ratio === null ? 0 : ratioOf(ratio);
  const least = minRatio === null ? 0 : ratioOf(minRatio);
  const most = maxRatio === null ? 0 : ratioOf(maxRatio);
  return (w, h) => {
    if (width !== null && compareText(width, w) !== 0) return false;
    if (minWidth !== null && compareText(minWidth, w) > 0) return false;
    if (maxWidth !== null && compareText(maxWidth, w) < 0) return false;
    if (height !== null && compareText(height, h) !== 0) return false;
    if (minHeight !== null && compareText(minHeight, h) > 0) return false;
    if (maxHeight !== null && compareText(maxHeight, h) < 0) return false;
    if (ratio !== null) {
      // Within one pixel: the tolerance shrinks as the image grows.
      const precision = 1 / (Math.max((w + h) / 2, h) + 1);
      if (Math.abs(expected - w / h) > precision) return false;
    }
    // Laravel's own (inverted-looking) comparisons: min_ratio fails a wider image, max_ratio a narrower one.
    if (minRatio !== null && w / h > least) return false;
    if (maxRatio !== null && w / h < most) return false;
    return true;
  };
}
