/** An input container: parsed query, form or JSON object. */
export type InputBag = Record<string, unknown>;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Reads `key` only when it is the object's own property, so that names such
 * as `constructor` or `toString` never resolve to something inherited.
 */
export function own(bag: unknown, key: string): unknown {
  if (bag === null || typeof bag !== 'object') return undefined;
  return hasOwn.call(bag, key) ? (bag as InputBag)[key] : undefined;
}

/** True when `key` is the object's own property. */
export function hasOwnKey(bag: unknown, key: string): boolean {
  return bag !== null && typeof bag === 'object' && hasOwn.call(bag, key);
}

/** True for a plain JSON-style object (not an array, not null). */
export function isObject(value: unknown): value is InputBag {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Input containers: objects whose prototype chain has no `Object.prototype`
 * (so `constructor` or `toString` resolve to nothing), built with `new` on a
 * constructor whose prototype is an empty prototype-less object. Unlike
 * `Object.create(null)` objects, which engines keep as dictionaries, these
 * stay ordinary objects on the hot path.
 */
const Bag = function Bag() {} as unknown as new () => InputBag;
Bag.prototype = Object.freeze(Object.create(null));
const BAG_PROTOTYPE: object = Bag.prototype;

/** A new empty input container. */
export function createBag(): InputBag {
  return new Bag();
}

/** True for a container made by `createBag()` (not a JSON object, an array or a class instance). */
export function isBag(value: unknown): value is InputBag {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === BAG_PROTOTYPE;
}

/** A shared frozen empty bag, for requests without a query or body. */
export const EMPTY_BAG: InputBag = Object.freeze(createBag());
