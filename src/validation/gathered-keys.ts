/**
 * The attributes of a rule key the plain expansion (`paths.ts`) cannot
 * answer for: a `*` inside a segment (`bank_*`, `meta.*_id`) or a key that is
 * `*` alone. The host framework finds them by pattern over its flattened
 * data (`ValidationData::initializeAndGatherData`, then
 * `explodeWildcardRules`), and PHP's arrays shape the answer: integer-like
 * keys are renumbered by `array_merge` (so `*` over `{"1": 5}` validates
 * `0` and `1`), and the pattern is only looked for under the key's leading
 * explicit path (`bank_*` looks under the key `bank_`). This module replays
 * those steps on a copy of that part of the input, as PHP arrays.
 */
import { MISSING, childOf, type Expansion } from './paths.js';
import { isContainer } from './php.js';

/** A PHP array: ordered, with integer and string keys. */
type PhpArray = Map<string | number, unknown>;

const MAX_INT = 2n ** 63n - 1n;

/** The key PHP stores for `key`: an integer for a canonical decimal within 64 bits. */
function phpKey(key: string): string | number {
  if (!/^(?:0|-?[1-9]\d*)$/.test(key)) return key;
  if (key.length < 16) return Number(key);
  const n = BigInt(key);
  return n <= MAX_INT && n >= -MAX_INT - 1n && Number.isSafeInteger(Number(key)) ? Number(key) : key;
}

const DOT = '__dot__';
const ASTERISK = '__asterisk__';

/**
 * The input as the validator holds it (`parseData`): PHP arrays (JSON arrays
 * and objects alike), deeply, with `.` and `*` in keys as placeholders.
 */
function toPhp(value: unknown): unknown {
  if (!isContainer(value)) return value;
  const out: PhpArray = new Map();
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) out.set(i, toPhp(value[i]));
  else {
    for (const key of Object.keys(value)) {
      const held = key.includes('.') || key.includes('*') ? key.replaceAll('.', DOT).replaceAll('*', ASTERISK) : key;
      out.set(phpKey(held), toPhp((value as Record<string, unknown>)[key]));
    }
  }
  return out;
}

/** A key of the parsed data as written in the input. */
function unplaced(segment: string): string {
  return segment.includes('__') ? segment.replaceAll(DOT, '.').replaceAll(ASTERISK, '*') : segment;
}

/**
 * The keys of a PHP array in order, as `array_merge` leaves them: a key
 * already there keeps its place; `renumber()` gives the integer keys 0, 1,
 * 2... in order. Only the integers added since the last renumbering can be
 * out of sequence, so each is renumbered once: linear in the keys.
 */
class OrderedKeys {
  private readonly entries: { key: string | number }[] = [];
  private readonly index = new Map<string | number, { key: string | number }>();
  /** The integer keys are 0 .. inSequence - 1, then the `pending` ones. */
  private inSequence = 0;
  private pending: { key: string | number }[] = [];

  add(key: string | number): void {
    if (this.index.has(key)) return;
    const entry = { key };
    this.entries.push(entry);
    this.index.set(key, entry);
    if (typeof key !== 'number') return;
    if (key === this.inSequence && this.pending.length === 0) this.inSequence++;
    else this.pending.push(entry);
  }

  renumber(): void {
    if (this.pending.length === 0) return;
    for (const entry of this.pending) this.index.delete(entry.key);
    for (const entry of this.pending) {
      entry.key = this.inSequence++;
      this.index.set(entry.key, entry);
    }
    this.pending = [];
  }

  /** A new integer key after the others (array_merge's second array's integer keys, after `renumber()`). */
  addNumbered(): void {
    const entry = { key: this.inSequence++ };
    this.entries.push(entry);
    this.index.set(entry.key, entry);
  }

  keys(): (string | number)[] {
    return this.entries.map((e) => e.key);
  }
}

/**
 * `Arr::dot`'s keys. Below the top level every key has a prefix, so it is a
 * string and `array_merge` only appends; at the top level each nested
 * array's merge renumbers the integer keys before it.
 */
function dotKeys(array: PhpArray, out: OrderedKeys): void {
  for (const [key, value] of array) {
    if (value instanceof Map && value.size > 0) {
      out.renumber();
      dotInto(value, `${key}.`, out);
    } else {
      out.add(key);
    }
  }
}

function dotInto(array: PhpArray, prepend: string, out: OrderedKeys): void {
  for (const [key, value] of array) {
    if (value instanceof Map && value.size > 0) dotInto(value, `${prepend}${key}.`, out);
    else out.add(`${prepend}${key}`);
  }
}

/** `Arr::get` on PHP arrays: the key whole, else its dot path; MISSING when absent. */
function arrGet(array: unknown, key: string): unknown {
  if (!(array instanceof Map)) return MISSING;
  const whole = phpKey(key);
  if (array.has(whole)) return array.get(whole);
  if (!key.includes('.')) return MISSING;
  let node: unknown = array;
  for (const segment of key.split('.')) {
    if (!(node instanceof Map) || !node.has(phpKey(segment))) return MISSING;
    node = node.get(phpKey(segment));
  }
  return node;
}

/** The input's own value at the segments of a parsed-data path. */
function valueAt(data: unknown, segments: readonly string[]): unknown {
  let node = data;
  for (const segment of segments) {
    node = childOf(node, segment);
    if (node === MISSING) return MISSING;
  }
  return node;
}

/** `data_set($target, $key, null, overwrite: true)` on PHP arrays; returns the new target. */
function dataSetNull(target: unknown, segments: readonly string[], i: number): unknown {
  const segment = segments[i]!;
  const last = i === segments.length - 1;
  if (segment === '*') {
    const array = target instanceof Map ? target : new Map();
    for (const [key, inner] of array) array.set(key, last ? null : dataSetNull(inner, segments, i + 1));
    return array;
  }
  const key = phpKey(segment);
  if (target instanceof Map) {
    target.set(key, last ? null : dataSetNull(target.has(key) ? target.get(key) : new Map(), segments, i + 1));
    return target;
  }
  return new Map([[key, last ? null : dataSetNull(null, segments, i + 1)]]);
}

function quote(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/#-]/g, '\\$&');
}

/**
 * The attributes of `key` in `data`, in the host framework's order; null as
 * soon as there would be more than `limit`.
 */
export function gatherKeys(data: unknown, key: string, limit = Number.POSITIVE_INFINITY): Expansion[] | null {
  const parsed = toPhp(data);
  const explicit = key.split('*')[0]!.replace(/\.+$/, '');
  let gathered: PhpArray;
  if (explicit === '') {
    gathered = parsed as PhpArray;
  } else {
    gathered = new Map();
    const value = arrGet(parsed, explicit);
    if (value !== MISSING) {
      // `Arr::set`: nested arrays along the explicit path.
      const parts = explicit.split('.');
      let node = gathered;
      for (let i = 0; i < parts.length - 1; i++) {
        const child: PhpArray = new Map();
        node.set(phpKey(parts[i]!), child);
        node = child;
      }
      node.set(phpKey(parts[parts.length - 1]!), value);
    }
  }
  if (!key.endsWith('*')) gathered = dataSetNull(gathered, key.split('.'), 0) as PhpArray;

  // initializeAndGatherData: array_merge(Arr::dot($data), the values at each prefix a key of it has).
  const merged = new OrderedKeys();
  dotKeys(gathered, merged);
  const prefix = new RegExp(`^${key.split('*').map(quote).join('[^.]+')}`);
  const extracted: (string | number)[] = [];
  const seen = new Set<string | number>();
  for (const flatKey of merged.keys()) {
    const m = prefix.exec(String(flatKey));
    if (m === null) continue;
    const found = phpKey(m[0]);
    if (!seen.has(found)) extracted.push(found);
    seen.add(found);
  }
  merged.renumber();
  for (const found of extracted) {
    if (typeof found === 'number') merged.addNumbered();
    else merged.add(found);
  }

  const whole = new RegExp(`^${key.split('*').map(quote).join('[^.]*')}$`);
  const captures = new RegExp(`^${key.split('*').map(quote).join('([^.]+)')}`);
  const out: Expansion[] = [];
  for (const mergedKey of merged.keys()) {
    const held = String(mergedKey);
    // The key itself (a `*` a literal key of data_set's) is unset with the pattern it came from.
    if (held === key || (!held.startsWith(key) && !whole.test(held))) continue;
    if (out.length >= limit) return null;
    const segments = held.split('.').map(unplaced);
    const m = captures.exec(held);
    out.push({
      attribute: segments.join('.'),
      segments,
      captures: m === null ? [] : m.slice(1).map(unplaced),
      value: valueAt(data, segments),
    });
  }
  return out;
}
