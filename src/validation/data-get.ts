/**
 * The host framework's `data_get`, over JSON-style data: a dot path
 * (`address.city`, `items.0.name`), where `*` gathers the matching value of
 * every item (a further `*` flattens one level, as `Arr::collapse`),
 * `{first}` / `{last}` take the first or last key, and `\*`, `\{first}`,
 * `\{last}` are those keys literally. An absent path gives the fallback
 * (called first when it is a function, as PHP's `value()`); a present `null`
 * is `null`. Only own keys are read; arrays answer only to their indexes.
 */
import { childOf, MISSING } from './paths.js';
import { isContainer } from './php.js';

/** The value at `key` in `data`, or `fallback` when the path is absent. */
export function dataGet(data: unknown, key: string, fallback?: unknown): unknown {
  return getAt(data, key.split('.'), 0, fallback);
}

function getAt(target: unknown, segments: readonly string[], from: number, fallback: unknown): unknown {
  let node = target;
  for (let i = from; i < segments.length; i++) {
    let segment = segments[i]!;
    if (segment === '*') {
      if (!isContainer(node)) return fallbackValue(fallback);
      const items = Array.isArray(node) ? node : Object.values(node);
      const result = items.map((item) => getAt(item, segments, i + 1, null));
      return segments.includes('*', i + 1) ? collapse(result) : result;
    }
    if (segment === '\\*') segment = '*';
    else if (segment === '\\{first}') segment = '{first}';
    else if (segment === '\\{last}') segment = '{last}';
    else if (segment === '{first}' || segment === '{last}') {
      const keys = isContainer(node) ? Object.keys(node) : [];
      if (keys.length === 0) return fallbackValue(fallback);
      segment = segment === '{first}' ? keys[0]! : keys[keys.length - 1]!;
    }
    node = childOf(node, segment);
    if (node === MISSING) return fallbackValue(fallback);
  }
  return node;
}

/** A key PHP stores as an integer. */
const INTEGER_KEY = /^(?:0|-?[1-9]\d*)$/;

function fallbackValue(fallback: unknown): unknown {
  return typeof fallback === 'function' ? (fallback as () => unknown)() : fallback;
}

/** `Arr::collapse`: the containers' entries in one array (integer keys renumbered, string keys kept, later ones winning); other items dropped. */
function collapse(items: readonly unknown[]): unknown {
  const list: unknown[] = [];
  let named: Record<string, unknown> | undefined;
  for (const item of items) {
    if (Array.isArray(item)) for (const value of item) list.push(value);
    else if (isContainer(item)) {
      const entries = item as Record<string, unknown>;
      for (const key of Object.keys(entries)) {
        if (INTEGER_KEY.test(key)) list.push(entries[key]);
        else if (key !== '__proto__') (named ??= {})[key] = entries[key];
      }
    }
  }
  if (named === undefined) return list;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < list.length; i++) out[i] = list[i];
  return Object.assign(out, named);
}
