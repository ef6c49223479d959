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
 * - the characters trimmed are those of `Str::trim()` (src/php/str-trim.ts).
 *
 * The walk changes the parsed input in place (nothing is allocated when
 * nothing changes, and no stack frame per level: an explicit stack, reused),
 * visits only arrays and plain objects, and never descends past `maxDepth`
 * levels (the parsers already refuse deeper input).
 */
import type { TrimStringsConfig } from '../config/input-normalisation.js';
import { isBag, type InputBag } from './own.js';
import { trimString } from '../php/str-trim.js';

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
