/**
 * Builds `validated()` as the host framework does: for each validated
 * attribute present in the input, in validation order, `Arr::set` its value
 * at its path, so `address.city` or `items.*.name` build nested objects and
 * arrays holding only fields that have rules. A bare `array` field whose
 * children have rules is left to the children (`excludeUnvalidatedArrayKeys`).
 * Containers are created fresh (arrays where the input had arrays); a
 * `__proto__` key is never assigned.
 */
import type { InputBag } from '../http/own.js';
import { childOf, MISSING } from './paths.js';
import { isContainer } from './php.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** An attribute that passed and is present in the input. */
export interface ValidatedEntry {
  readonly attribute: string;
  readonly segments: readonly string[];
  readonly value: unknown;
  /** The field has a bare `array` rule (it may be left to its children). */
  readonly bareArray: boolean;
}

function shallowCopy(value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return value.slice();
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') copy[key] = value[key];
  return copy;
}

function setPath(result: InputBag, input: InputBag, segments: readonly string[], value: unknown, owned: Set<object>): void {
  let target: Record<string, unknown> = result;
  let source: unknown = input;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    const seg = segments[i]!;
    if (seg === '__proto__') return;
    source = source === MISSING ? MISSING : childOf(source, seg);
    let next = hasOwn.call(target, seg) ? target[seg] : undefined;
    if (!isContainer(next)) next = Array.isArray(source) ? [] : {};
    else if (!owned.has(next)) next = shallowCopy(next);
    owned.add(next as object);
    target[seg] = next;
    target = next as Record<string, unknown>;
  }
  const key = segments[last]!;
  if (key !== '__proto__') target[key] = value;
}

/**
 * `attributes` lists every attribute that was validated (present or not):
 * a bare-array field is skipped when one of them lies under it.
 */
export function buildValidated(input: InputBag, entries: readonly ValidatedEntry[], attributes: readonly string[]): InputBag {
  const result: InputBag = {};
  if (entries.length === 1 && entries[0]!.segments.length === 1 && !entries[0]!.bareArray) {
    const e = entries[0]!;
    if (e.attribute !== '__proto__') result[e.attribute] = e.value;
    return result;
  }
  let parents: Set<string> | null = null;
  const owned = new Set<object>();
  for (const e of entries) {
    if (e.bareArray && e.value !== null) {
      if (parents === null) {
        parents = new Set();
        for (const a of attributes) {
          for (let at = a.indexOf('.'); at >= 0; at = a.indexOf('.', at + 1)) parents.add(a.slice(0, at));
        }
      }
      if (parents.has(e.attribute)) continue;
    }
    setPath(result, input, e.segments, e.value, owned);
  }
  return result;
}
