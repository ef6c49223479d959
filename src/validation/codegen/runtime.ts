/**
 * What generated validators call at run time: writing a validated value at
 * its path the way `validated.ts` does, and whether a wildcard rule has an
 * attribute under a value (which decides if a bare `array` is left to the
 * rules under it). Generated code receives these as arguments, never as text.
 */
import { MISSING, childOf, isFilledContainer } from '../paths.js';
import { isContainer } from '../php.js';
import { type CreatedArray, fillHoles } from '../validated.js';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The container at `key` of `target`, created when absent: an array where
 * the input (`source`, the input's node at this path) has one, else an
 * object, as `Arr::set` does. Created arrays are noted, to close their holes.
 */
export function ensure(
  created: CreatedArray[],
  target: Record<string, unknown>,
  key: string | number,
  source: unknown,
  depth: number,
): Record<string, unknown> {
  const next = hasOwn.call(target, key) ? target[key] : undefined;
  if (next !== null && typeof next === 'object') return next as Record<string, unknown>;
  const made = Array.isArray(source) ? [] : {};
  target[key] = made;
  if (Array.isArray(made)) created.push({ parent: target, key: key as string, depth });
  return made as Record<string, unknown>;
}

/** Writes `value` at `segments` of `result`, creating containers as `ensure` does (the path exists in `input`). */
export function writePath(
  created: CreatedArray[],
  result: Record<string, unknown>,
  input: unknown,
  segments: readonly string[],
  value: unknown,
): void {
  let target = result;
  let source = input;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    const seg = segments[i]!;
    source = (source as Record<string, unknown>)[seg];
    target = ensure(created, target, seg, source, i);
  }
  target[segments[last]!] = value;
}

/**
 * Would a pattern expand to at least one attribute under `node`, `rest`
 * being the pattern's segments below it? A literal segment always yields one
 * (missing or not); a `*` needs a container with an item that does.
 */
export function hasExpansion(node: unknown, rest: readonly string[], from = 0): boolean {
  for (let i = from; i < rest.length; i++) {
    const seg = rest[i]!;
    if (seg !== '*') {
      node = childOf(node, seg);
      continue;
    }
    if (Array.isArray(node)) {
      for (let k = 0; k < node.length; k++) if (hasExpansion(node[k], rest, i + 1)) return true;
    } else if (isContainer(node)) {
      for (const key of Object.keys(node)) if (hasExpansion((node as Record<string, unknown>)[key], rest, i + 1)) return true;
    }
    return false;
  }
  return true;
}

/** `fillHoles` for the created arrays that have one (most have none, and are passed over without listing their keys). */
export function fillCreatedHoles(created: CreatedArray[]): void {
  let holed: CreatedArray[] | null = null;
  for (const c of created) {
    const array = c.parent[c.key];
    if (Array.isArray(array) && hasHole(array)) (holed ??= []).push(c);
  }
  if (holed !== null) fillHoles(holed);
}

function hasHole(array: unknown[]): boolean {
  for (let i = 0; i < array.length; i++) if (!(i in array)) return true;
  return false;
}

export { MISSING, childOf, isFilledContainer };
