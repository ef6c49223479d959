/**
 * Dot paths over the input (`address.city`, `items.*.name`): own-key lookups
 * that never reach a prototype, and the expansion of `*` into concrete
 * attributes in input order, the way the host framework explodes wildcard rules.
 */
import { isContainer } from './php.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** Marks an absent key (distinct from `undefined` and `null` values). */
export const MISSING: unique symbol = Symbol('missing');

/**
 * A rule key or a field parameter as segments: split at each `.` except an
 * escaped one (`foo\\.bar` is the single key `foo.bar`, as the host
 * framework's `__dot__` placeholders make it).
 */
export function splitPath(key: string): string[] {
  if (!key.includes('\\.')) return key.split('.');
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < key.length; i++) {
    const ch = key[i]!;
    if (ch === '\\' && key[i + 1] === '.') {
      current += '.';
      i++;
    } else if (ch === '.') {
      out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current);
  return out;
}

/** True for `0`, `1`, `42`... (no sign, no leading zero). */
function isIndex(key: string): boolean {
  const n = key.length;
  if (n === 0 || n > 15) return false;
  const first = key.charCodeAt(0);
  if (first === 48) return n === 1;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The own child `key` of a container, or MISSING. Arrays answer only to their indexes. */
export function childOf(node: unknown, key: string): unknown {
  if (!isContainer(node)) return MISSING;
  if (Array.isArray(node)) {
    if (!isIndex(key)) return MISSING;
    const i = Number(key);
    return i < node.length ? node[i] : MISSING;
  }
  return hasOwn.call(node, key) ? node[key] : MISSING;
}

/** `Arr::get` with own keys only: the value at `segments`, or MISSING. */
export function lookup(data: unknown, segments: readonly string[]): unknown {
  let node = data;
  for (let i = 0; i < segments.length; i++) {
    node = childOf(node, segments[i]!);
    if (node === MISSING) return MISSING;
  }
  return node;
}

/** Replaces each `*` of a parameter path with the wildcard keys of the attribute being validated. */
export function substitute(segments: readonly string[], captures: readonly string[]): string[] {
  const out = segments.slice();
  let k = 0;
  for (let i = 0; i < out.length && k < captures.length; i++) {
    if (out[i] === '*') out[i] = captures[k++]!;
  }
  return out;
}

/** One concrete attribute of a wildcard field. */
export interface Expansion {
  /** `items.0.name` */
  readonly attribute: string;
  readonly segments: readonly string[];
  /** The keys matched by each `*`, in order (`['0']`). */
  readonly captures: readonly string[];
  /** The value, or MISSING. */
  readonly value: unknown;
}

/**
 * Expands `segments` (containing `*`) against the data: each `*` takes every
 * key of the array or object at that place, in input order; a literal segment
 * after a `*` is kept even when absent (so `items.*.name` yields
 * `items.1.name` for an item without a name, and `required` can fail).
 * Returns null as soon as there would be more than `limit` expansions.
 */
export function expand(data: unknown, segments: readonly string[], limit = Number.POSITIVE_INFINITY): Expansion[] | null {
  const out: Expansion[] = [];
  if (!walk(data, segments, 0, '', [], [], out, limit)) return null;
  return segments[segments.length - 1] === '*' ? leavesFirst(out) : out;
}

/**
 * The order the host framework gives a key ending in `*`: it finds the
 * attributes in `Arr::dot` of the data, where scalars and empty arrays are
 * keys in place and a non-empty array or object only adds its children, so
 * those come after all the others (`extractValuesForWildcards`). A key with a
 * segment after the last `*` is filled in first (`data_set`), so it keeps
 * input order.
 */
function leavesFirst(expansions: Expansion[]): Expansion[] {
  let containers: Expansion[] | null = null;
  let leaves: Expansion[] | null = null;
  for (let i = 0; i < expansions.length; i++) {
    const e = expansions[i]!;
    if (isFilledContainer(e.value)) {
      if (containers === null) {
        containers = [];
        leaves = expansions.slice(0, i);
      }
      containers.push(e);
    } else if (leaves !== null) {
      leaves.push(e);
    }
  }
  return containers === null ? expansions : leaves!.concat(containers);
}

/** A non-empty array or object. */
export function isFilledContainer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (!isContainer(value)) return false;
  for (const key in value) if (hasOwn.call(value, key)) return true;
  return false;
}

/** Appends the expansions under `node`; false when `limit` would be passed. */
function walk(
  node: unknown,
  pattern: readonly string[],
  i: number,
  prefix: string,
  path: string[],
  captures: string[],
  out: Expansion[],
  limit: number,
): boolean {
  if (i === pattern.length) {
    if (out.length >= limit) return false;
    out.push({ attribute: prefix, segments: path.slice(), captures: captures.slice(), value: node });
    return true;
  }
  const seg = pattern[i]!;
  const sep = i === 0 ? '' : '.';
  if (seg !== '*') {
    path.push(seg);
    const within = walk(node === MISSING ? MISSING : childOf(node, seg), pattern, i + 1, prefix + sep + seg, path, captures, out, limit);
    path.pop();
    return within;
  }
  if (Array.isArray(node)) {
    for (let k = 0; k < node.length; k++) {
      const key = String(k);
      path.push(key);
      captures.push(key);
      const within = walk(node[k], pattern, i + 1, prefix + sep + key, path, captures, out, limit);
      captures.pop();
      path.pop();
      if (!within) return false;
    }
  } else if (isContainer(node)) {
    for (const key of Object.keys(node)) {
      path.push(key);
      captures.push(key);
      const within = walk((node as Record<string, unknown>)[key], pattern, i + 1, prefix + sep + key, path, captures, out, limit);
      captures.pop();
      path.pop();
      if (!within) return false;
    }
  }
  return true;
}
