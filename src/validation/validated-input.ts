/**
 * The validated input as the host framework's `ValidatedInput` (what a form
 * request's `safe()` returns): keys are dot paths read as `data_get`, and
 * `only`, `except`, `has`, `merge` work on the validated fields alone.
 */
import type { InputBag } from '../http/own.js';
import { dataGet } from './data-get.js';
import { isContainer } from './php.js';

const hasOwn = Object.prototype.hasOwnProperty;
const ABSENT = Symbol('absent');

/** The validated fields, to read by dot path or to narrow. */
export class ValidatedInput {
  readonly #input: InputBag;

  constructor(input: InputBag) {
    this.#input = input;
  }

  /** Every validated field (the object `validated()` gives). */
  all(): InputBag {
    return this.#input;
  }

  /** One value by dot path (`address.city`, `items.*.id`), or `fallback` when the path is absent. */
  input(key: string, fallback?: unknown): unknown {
    return dataGet(this.#input, key, fallback);
  }

  /** The validated fields' top-level keys. */
  keys(): string[] {
    return Object.keys(this.#input);
  }

  /** Only the given paths that are present, nested as they are (`only(['name', 'address.city'])`). */
  only(keys: readonly string[]): InputBag {
    const out: InputBag = {};
    for (const key of keys) {
      const value = dataGet(this.#input, key, ABSENT);
      if (value !== ABSENT) setPath(out, key, value);
    }
    return out;
  }

  /** Everything but the given paths (`Arr::forget`). */
  except(keys: readonly string[]): InputBag {
    const out = deepCopy(this.#input) as InputBag;
    for (const key of keys) forget(out, key);
    return out;
  }

  /** True when every given path is present (a present `null` counts). */
  has(...keys: readonly string[]): boolean {
    return keys.every((key) => dataGet(this.#input, key, ABSENT) !== ABSENT);
  }

  /** True when one of the given paths is absent. */
  missing(...keys: readonly string[]): boolean {
    return !this.has(...keys);
  }

  /** A new `ValidatedInput` with `items` added over the top-level keys (`array_merge`). */
  merge(items: InputBag): ValidatedInput {
    const merged: InputBag = { ...this.#input };
    for (const key of Object.keys(items)) if (key !== '__proto__') merged[key] = items[key];
    return new ValidatedInput(merged);
  }
}

/** `Arr::set`: objects along the path (an array index of an existing array stays one). */
function setPath(target: InputBag, key: string, value: unknown): void {
  const segments = key.split('.');
  let node: Record<string, unknown> = target;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    if (segment === '__proto__') return;
    const next = hasOwn.call(node, segment) ? node[segment] : undefined;
    if (!isContainer(next)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  const last = segments[segments.length - 1]!;
  if (last !== '__proto__') node[last] = value;
}

/**
 * `Arr::forget` of one dot path. PHP's `unset` leaves a list's other keys as
 * they were, so a list that loses an item before its end becomes an object
 * (`{"0": ..., "2": ...}`, as Laravel's JSON shows it).
 */
function forget(target: InputBag, key: string): void {
  if (hasOwn.call(target, key)) {
    delete target[key];
    return;
  }
  const segments = key.split('.');
  let parent: Record<string, unknown> | null = null;
  let node: unknown = target;
  for (let i = 0; i < segments.length - 1; i++) {
    if (!isContainer(node) || !hasOwn.call(node, segments[i]!)) return;
    parent = node as Record<string, unknown>;
    node = parent[segments[i]!];
  }
  const last = segments[segments.length - 1]!;
  if (!isContainer(node) || !hasOwn.call(node, last)) return;
  if (!Array.isArray(node)) {
    delete (node as Record<string, unknown>)[last];
  } else if (Number(last) === node.length - 1) {
    node.pop();
  } else if (parent !== null) {
    const holed: Record<string, unknown> = {};
    node.forEach((item, i) => {
      if (String(i) !== last) holed[String(i)] = item;
    });
    parent[segments[segments.length - 2]!] = holed;
  }
}

function deepCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (!isContainer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = deepCopy((value as Record<string, unknown>)[key]);
  return out;
}
