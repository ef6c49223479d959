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
import { isContainer } from './php.js';
import type { FieldPlan } from './plan.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** An attribute that passed and is present in the input. */
export interface ValidatedEntry {
  readonly field: FieldPlan;
  readonly attribute: string;
  readonly segments: readonly string[];
  readonly value: unknown;
}

function shallowCopy(value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return value.slice();
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') copy[key] = value[key];
  return copy;
}

/**
 * `Arr::set`. The path exists in the input (the value was found there), so
 * the input is walked beside the result to create arrays where it has arrays.
 * A container that came whole from the input (an earlier, shorter path) is
 * copied before it is written into, so the input is never modified.
 */
/** An array `validated()` created, where it hangs, and how deep. */
export interface CreatedArray {
  readonly parent: Record<string, unknown>;
  readonly key: string;
  readonly depth: number;
}

function setPath(
  result: InputBag,
  input: InputBag,
  segments: readonly string[],
  value: unknown,
  shared: Set<unknown> | null,
  created: CreatedArray[],
): void {
  let target: Record<string, unknown> = result;
  let source: unknown = input;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    const seg = segments[i]!;
    if (seg === '__proto__') return;
    source = (source as Record<string, unknown>)[seg];
    let next = hasOwn.call(target, seg) ? target[seg] : undefined;
    if (next === null || typeof next !== 'object') {
      next = Array.isArray(source) ? [] : {};
      target[seg] = next;
      if (Array.isArray(next)) created.push({ parent: target, key: seg, depth: i });
    } else if (shared?.has(next)) {
      next = shallowCopy(next as Record<string, unknown>);
      // Its children still belong to the input.
      for (const child of Object.values(next as object)) if (isContainer(child)) shared.add(child);
      target[seg] = next;
    }
    target = next as Record<string, unknown>;
  }
  const key = segments[last]!;
  if (key !== '__proto__') target[key] = value;
}

/**
 * `validatedByField[i]` lists the attributes field `i` validated (present or
 * not; filled only when some field has a bare `array` rule): a bare-array
 * attribute is left out when a child field validated an attribute under it.
 */
export function buildValidated(
  input: InputBag,
  entries: readonly ValidatedEntry[],
  validatedByField: readonly string[][] | null,
  excluded: ReadonlyMap<string, readonly string[]> | null,
): InputBag {
  const result: InputBag = {};
  let shared: Set<unknown> | null = null;
  let prefixes: Map<number, Set<string>> | null = null;
  const created: CreatedArray[] = [];
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k]!;
    const field = e.field;
    if (field.facts.bareArray && e.value !== null && validatedByField !== null && field.children.length > 0) {
      if (!field.wildcard) {
        const under = e.attribute + '.';
        if (field.children.some((g) => validatedByField[g]!.some((a) => a.startsWith(under)))) continue;
      } else {
        prefixes ??= new Map();
        let set = prefixes.get(field.index);
        if (set === undefined) {
          set = childPrefixes(field, validatedByField);
          prefixes.set(field.index, set);
        }
        if (set.has(e.attribute)) continue;
      }
    }
    if (e.segments.length === 1) {
      if (e.attribute !== '__proto__') result[e.attribute] = e.value;
    } else {
      setPath(result, input, e.segments, e.value, shared, created);
    }
    if (isContainer(e.value)) (shared ??= new Set()).add(e.value);
  }
  if (excluded !== null) {
    const holed: CreatedArray[] = [];
    for (const segments of excluded.values()) forget(result, segments, shared, holed);
    if (holed.length > 0) closeHoles(holed);
  }
  if (created.length > 0) fillHoles(created);
  return result;
}

/**
 * An array built with a skipped index (`items.1` had nothing validated) is
 * what PHP's `Arr::set` leaves: an array with keys 0 and 2, which JSON shows
 * as an object. Deepest first, so a converted child is in place before its parent is copied.
 */
export function fillHoles(created: CreatedArray[]): void {
  created.sort((a, b) => b.depth - a.depth);
  for (const c of created) {
    const array = c.parent[c.key] as unknown[];
    if (!Array.isArray(array)) continue;
    if (Object.keys(array).length === array.length) continue;
    const object: Record<string, unknown> = {};
    for (const key in array) object[key] = array[key];
    c.parent[c.key] = object;
  }
}

/**
 * `Arr::forget` of an excluded attribute, which the host framework removes
 * from its data before `validated()` reads it: a parent kept whole (`array:a,b`)
 * loses the excluded key. Containers from the input are copied before the
 * removal, so the input is never modified.
 */
function forget(result: InputBag, segments: readonly string[], shared: Set<unknown> | null, holed: CreatedArray[]): void {
  let target: Record<string, unknown> = result;
  let parent: Record<string, unknown> | null = null;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    const seg = segments[i]!;
    let next = hasOwn.call(target, seg) ? target[seg] : undefined;
    if (next === null || typeof next !== 'object') return;
    if (shared?.has(next)) {
      next = shallowCopy(next as Record<string, unknown>);
      for (const child of Object.values(next as object)) if (isContainer(child)) shared.add(child);
      target[seg] = next;
    }
    parent = target;
    target = next as Record<string, unknown>;
  }
  const key = segments[last]!;
  if (!hasOwn.call(target, key)) return;
  delete target[key];
  if (Array.isArray(target) && parent !== null) holed.push({ parent, key: segments[last - 1]!, depth: last });
}

/**
 * An array an excluded item was removed from is what PHP's `unset` leaves:
 * the other keys as they were. None left is `[]`; keys still 0, 1, 2... (the
 * end removed) a shorter list; a gap an object (`{"1": ...}`, as Laravel's
 * JSON shows it). Deepest first.
 */
function closeHoles(holed: CreatedArray[]): void {
  holed.sort((a, b) => b.depth - a.depth);
  for (const h of holed) {
    const array = h.parent[h.key];
    if (!Array.isArray(array)) continue;
    const keys = Object.keys(array);
    if (keys.length === array.length) continue;
    if (keys.every((k, i) => k === String(i))) {
      h.parent[h.key] = array.slice(0, keys.length);
      continue;
    }
    const object: Record<string, unknown> = {};
    for (const k of keys) object[k] = array[Number(k)];
    h.parent[h.key] = object;
  }
}

/** The prefixes, at the depth of `field`, of the attributes its children validated. */
function childPrefixes(field: FieldPlan, validatedByField: readonly string[][]): Set<string> {
  const depth = field.segments.length;
  const set = new Set<string>();
  for (const g of field.children) {
    for (const a of validatedByField[g]!) {
      let at = -1;
      for (let d = 0; d < depth && (at = a.indexOf('.', at + 1)) >= 0; d++);
      if (at > 0) set.add(a.slice(0, at));
    }
  }
  return set;
}
