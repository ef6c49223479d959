/**
 * Laravel's array helpers on input bags, by dot path: `data_get` (with `*`
 * wildcards), `Arr::has`, `Arr::set` and `Arr::forget`. Input containers
 * are prototype-less bags, JSON objects or arrays; only own keys are read.
 */
import { createBag, own, type InputBag } from '../own.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** True for an array or an object: what PHP's `Arr::accessible` accepts. */
export function isContainer(value: unknown): value is InputBag | unknown[] {
  return value !== null && typeof value === 'object';
}

/** True when `container` has `key` as its own entry (an array's index too). */
function exists(container: unknown, key: string): boolean {
  if (!isContainer(container)) return false;
  if (Array.isArray(container)) return /^(0|[1-9]\d*)$/.test(key) && Number(key) < container.length;
  return hasOwn.call(container, key);
}

function entry(container: unknown, key: string): unknown {
  if (Array.isArray(container)) return exists(container, key) ? container[Number(key)] : undefined;
  return own(container, key);
}

/** The key as a string, as PHP reads an array key; undefined for what cannot be one. */
export function keyOf(key: unknown): string | undefined {
  if (typeof key === 'string') return key;
  if (typeof key === 'number' && Number.isFinite(key)) return String(Math.trunc(key));
  if (typeof key === 'boolean') return key ? '1' : '0';
  return undefined;
}

/**
 * Laravel's `data_get($target, $key, $default)`: walks the dot path; `*`
 * collects the rest of the path from every item (flattened when the rest
 * has another `*`). `undefined` when a segment is missing (the caller applies
 * its default). A null or undefined key is the target itself.
 */
export function dataGet(target: unknown, key: unknown): unknown {
  if (key === null || key === undefined) return target;
  const path = Array.isArray(key) ? key.map((k) => keyOf(k) ?? '') : (keyOf(key) ?? '').split('.');
  return walk(target, path, 0);
}

function walk(target: unknown, path: readonly string[], from: number): unknown {
  let current = target;
  for (let i = from; i < path.length; i++) {
    const segment = path[i]!;
    if (segment === '*') {
      if (!isContainer(current)) return undefined;
      const items = Array.isArray(current) ? current : Object.values(current);
      const rest = path.slice(i + 1);
      const out: unknown[] = [];
      for (const item of items) {
        const value = walk(item, rest, 0);
        out.push(value === undefined ? null : value);
      }
      return rest.includes('*') ? out.flatMap((v) => (Array.isArray(v) ? v : [v])) : out;
    }
    if (!exists(current, segment)) return undefined;
    current = entry(current, segment);
  }
  return current;
}

/** Laravel's `Arr::has($array, $key)` for one key: the literal key, else each dot segment. */
export function arrHas(data: unknown, key: unknown): boolean {
  const text = keyOf(key);
  if (text === undefined || !isContainer(data)) return false;
  if (exists(data, text)) return true;
  let current: unknown = data;
  for (const segment of text.split('.')) {
    if (!exists(current, segment)) return false;
    current = entry(current, segment);
  }
  return true;
}

/** Laravel's `Arr::set($array, $key, $value)`: creates the containers along the dot path. */
export function arrSet(target: InputBag, key: string, value: unknown): void {
  const segments = key.split('.');
  let current: InputBag = target;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    if (segment === '__proto__') return;
    const next = own(current, segment);
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[segment] = createBag();
    current = current[segment] as InputBag;
  }
  const last = segments[segments.length - 1]!;
  if (last !== '__proto__') current[last] = value;
}

/**
 * Laravel's `Arr::forget($array, $keys)` on a copy: the containers along
 * each path are copied before an entry is removed, so the request's own
 * input is never changed.
 */
export function arrForget(data: InputBag, keys: readonly unknown[]): InputBag {
  let result = shallowCopy(data) as InputBag;
  for (const key of keys) {
    const text = keyOf(key);
    if (text === undefined) continue;
    if (exists(result, text)) {
      result = removed(result, text) as InputBag;
      continue;
    }
    result = forgetPath(result, text.split('.'), 0) as InputBag;
  }
  return result;
}

function forgetPath(container: unknown, segments: readonly string[], index: number): unknown {
  const segment = segments[index]!;
  if (!exists(container, segment)) return container;
  if (index === segments.length - 1) return removed(container, segment);
  const child = entry(container, segment);
  if (!isContainer(child)) return container;
  const copy = shallowCopy(container);
  (copy as Record<string, unknown>)[segment] = forgetPath(child, segments, index + 1);
  return copy;
}

/** A copy without `key`. PHP's `unset` keeps the other keys as they are, so an array becomes a keyed object. */
function removed(container: unknown, key: string): unknown {
  if (Array.isArray(container)) {
    const bag = createBag();
    container.forEach((value, i) => {
      if (String(i) !== key) bag[String(i)] = value;
    });
    return bag;
  }
  const copy = shallowCopy(container) as InputBag;
  delete copy[key];
  return copy;
}

function shallowCopy(container: unknown): unknown {
  if (Array.isArray(container)) return container.slice();
  const copy = createBag();
  for (const key in container as InputBag) copy[key] = (container as InputBag)[key];
  return copy;
}

/**
 * Containers whose keys are exactly 0..n-1, in order, become arrays, as a
 * PHP array with those keys is a JSON list (results built with `arrSet`).
 */
export function listify(value: unknown): unknown {
  if (!isContainer(value) || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) (value as InputBag)[key] = listify((value as InputBag)[key]);
  if (keys.length === 0 || !keys.every((key, i) => key === String(i))) return value;
  return keys.map((key) => (value as InputBag)[key]);
}
