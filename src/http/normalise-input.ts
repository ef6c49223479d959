/**
 * Input normalisation as a default Laravel 11 application does it with its
 * global `TrimStrings` and `ConvertEmptyStringsToNull` middleware (both
 * built on `TransformsRequest`), mirrored exactly:
 *
 * - every string value at any depth of the input is trimmed, then `''`
 *   becomes `null`; numbers, booleans, `null` and keys are never changed;
 * - a value is kept untrimmed when its full dotted path (`password`,
 *   `user.password`, `items.0.secret`) is in the except list, compared
 *   exactly (no wildcards, and `password` does not match `user.password`);
 *   the conversion to `null` has no except list;
 * - the characters trimmed are those of `Str::trim()`: its regex
 *   `[\s<invisible characters> \n\r\t\v\0]` at both ends, with PHP's `/u`
 *   (Unicode `\s`), checked code point by code point on PHP 8.2 (see `WIDE`).
 *
 * The walk changes the parsed input in place (nothing is allocated when
 * nothing changes, and no stack frame per level: an explicit stack, reused),
 * visits only arrays and plain objects, and never descends past `maxDepth`
 * levels (the parsers already refuse deeper input).
 */
import type { TrimStringsConfig } from '../config/input-normalisation.js';
import { isBag, type InputBag } from './own.js';

/** ASCII characters `Str::trim()` removes: NUL, tab, LF, VT, FF, CR, space. */
const ASCII = new Uint8Array(128);
for (const c of [0x00, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]) ASCII[c] = 1;

/**
 * The others: `\s` under PHP's `/u` (NEL, the Unicode space separators, the
 * line and paragraph separators) and Laravel's `Str::INVISIBLE_CHARACTERS`
 * (soft hyphen, joiners, direction marks, fillers, Braille blank, BOM...).
 * Checked code point by code point against `Str::trim()` on PHP 8.2.
 */
const WIDE: ReadonlySet<number> = new Set([
  0x85, 0xa0, 0xad, 0x34f, 0x61c, 0x115f, 0x1160, 0x1680, 0x17b4, 0x17b5, 0x180e, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028, 0x2029, 0x202f, 0x205f, 0x2060, 0x2061, 0x2062, 0x2063,
  0x2064, 0x2065, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0x2800, 0x3000, 0x3164, 0xfeff, 0xffa0, 0x1d159, 0x1d173, 0x1d174,
  0x1d175, 0x1d176, 0x1d177, 0x1d178, 0x1d179, 0x1d17a, 0xe0020,
]);

/** True for a code point `Str::trim()` removes from either end. */
function isTrimmedCodePoint(cp: number): boolean {
  return cp < 0x80 ? ASCII[cp] === 1 : WIDE.has(cp);
}

/**
 * Laravel 11's `Str::trim($value)`: removes the characters above from both
 * ends. Linear (two scans, no regex); returns `value` itself when nothing
 * is removed, so an unchanged string costs no allocation.
 */
export function trimString(value: string): string {
  const length = value.length;
  if (length === 0) return value;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(length - 1);
  // The common case: printable ASCII at both ends.
  if (first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f) return value;
  let start = 0;
  while (start < length) {
    const cp = value.codePointAt(start)!;
    if (!isTrimmedCodePoint(cp)) break;
    start += cp > 0xffff ? 2 : 1;
  }
  if (start === length) return '';
  let end = length;
  for (;;) {
    let cp = value.charCodeAt(end - 1);
    let width = 1;
    if (cp >= 0xdc00 && cp <= 0xdfff && end - 2 >= start) {
      const high = value.charCodeAt(end - 2);
      if (high >= 0xd800 && high <= 0xdbff) {
        cp = (high - 0xd800) * 0x400 + (cp - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    if (!isTrimmedCodePoint(cp)) break;
    end -= width;
  }
  return start === 0 && end === length ? value : value.slice(start, end);
}

type Container = Record<string | number, unknown>;

const hasOwn = Object.prototype.hasOwnProperty;

// The walk's state. The walk calls no user code, so one shared set of stacks serves every request.
const pending: Container[] = [];
const pendingPrefixes: (string | undefined)[] = [];
const pendingDepths: number[] = [];
let trimming: TrimStringsConfig | undefined;
let converting = false;
let depth = 1;
let depthLimit = 1;

/**
 * Normalises `bag` in place: trims strings (unless `trim` is undefined or
 * the value's dotted path is excepted), then turns `''` into `null` (when
 * `convert`). Containers deeper than `maxDepth` (the bag is level 1) are
 * left as they are.
 */
export function normaliseInput(bag: InputBag, trim: TrimStringsConfig | undefined, convert: boolean, maxDepth: number): void {
  trimming = trim;
  converting = convert;
  depthLimit = maxDepth;
  depth = 1;
  // Empty unless an earlier walk was cut short by an exception (none is expected: no user code runs here).
  if (pending.length !== 0) pending.length = pendingPrefixes.length = pendingDepths.length = 0;
  let container: Container = bag;
  // A container's dotted path plus '.' while an except key may lie inside it; else undefined (no paths built).
  let prefix: string | undefined = trim === undefined ? undefined : '';
  for (;;) {
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) visit(container, i, prefix);
    } else {
      for (const key in container) if (hasOwn.call(container, key)) visit(container, key, prefix);
    }
    const next = pending.pop();
    if (next === undefined) break;
    container = next;
    prefix = pendingPrefixes.pop();
    depth = pendingDepths.pop()!;
  }
  trimming = undefined;
}

function visit(container: Container, key: string | number, prefix: string | undefined): void {
  const value = container[key];
  if (typeof value === 'string') {
    let next: string | null = value;
    if (trimming !== undefined) {
      const trimmed = trimString(value);
      if (trimmed !== value && (prefix === undefined || !trimming.exceptKeys.has(prefix + key))) next = trimmed;
    }
    if (converting && next === '') next = null;
    if (next === value) return;
    // An own `__proto__` key (the parsers drop them; a value put in by code may have one) is written as data, never through the setter.
    if (key === '__proto__') Object.defineProperty(container, key, { value: next, writable: true, enumerable: true, configurable: true });
    else container[key] = next;
    return;
  }
  if (value === null || typeof value !== 'object' || depth >= depthLimit || !isPlainContainer(value)) return;
  let childPrefix: string | undefined;
  if (prefix !== undefined) {
    const path = prefix + key;
    childPrefix = trimming!.exceptParents.has(path) ? path + '.' : undefined;
  }
  pending.push(value as Container);
  pendingPrefixes.push(childPrefix);
  pendingDepths.push(depth + 1);
}

/** Arrays and plain objects, as PHP's `is_array`: class instances (an uploaded file, a Date) are values, not input. */
function isPlainContainer(value: object): boolean {
  if (Array.isArray(value) || isBag(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
