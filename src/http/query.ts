import { BadRequestError } from '../errors/http-error.js';
import { EMPTY_BAG, createBag, isBag, type InputBag } from './own.js';

/** Limits that keep hostile input cheap to reject (named as the configuration keys). */
export interface InputLimits {
  /** Most `name=value` pairs accepted (PHP's max_input_vars). */
  readonly max_input_vars: number;
  /** Most bracket levels in one name, e.g. `a[b][c]` is 2. */
  readonly max_input_nesting: number;
}

export const DEFAULT_INPUT_LIMITS: InputLimits = { max_input_vars: 1000, max_input_nesting: 64 };

/**
 * Parses `application/x-www-form-urlencoded` text (a query string or a form
 * body) the way PHP does, because that is what the host framework sees:
 * `a[]=1&a[]=2` is a list, `a[k]=v` an object, `+` a space. Two Switchyard
 * decisions: a plain name given twice (`a=1&a=2`) becomes a list, never a
 * string; a `__proto__` name is dropped. Containers have no prototype, so no
 * name can reach `Object.prototype`.
 */
export function parseUrlEncoded(text: string, limits: InputLimits = DEFAULT_INPUT_LIMITS): InputBag {
  if (text.length === 0) return EMPTY_BAG;
  const builder = new InputBuilder(limits);
  let start = 0;
  const end = text.length;
  // The first `=` at or after `start`, kept across pairs: searching again from every pair would walk
  // the rest of the text once per pair (`a&a&a&...&b=1`).
  let eq = text.indexOf('=');
  while (start <= end) {
    let amp = text.indexOf('&', start);
    if (amp === -1) amp = end;
    if (amp > start) {
      if (eq !== -1 && eq < start) eq = text.indexOf('=', start);
      const hasValue = eq !== -1 && eq < amp;
      builder.add(decode(text.slice(start, hasValue ? eq : amp)), hasValue ? decode(text.slice(eq + 1, amp)) : '');
    }
    start = amp + 1;
  }
  return builder.finish();
}

/**
 * Builds an input bag from decoded `name=value` pairs with PHP's bracket
 * rules. Shared by query strings, form bodies and multipart fields.
 */
export class InputBuilder {
  readonly #out: InputBag = createBag();
  readonly #limits: InputLimits;
  /** Made at the first bracketed name: a query of plain names (the common case) needs none. */
  #nextIndexes: NextIndexes | undefined;
  #structured = false;
  #count = 0;

  constructor(limits: InputLimits = DEFAULT_INPUT_LIMITS) {
    this.#limits = limits;
  }

  /** Adds one pair; throws a 400 past `max_input_vars` or `max_input_nesting`. */
  add(name: string, value: unknown): void {
    if (++this.#count > this.#limits.max_input_vars) {
      throw new BadRequestError(`Too many input parameters: at most ${this.#limits.max_input_vars} are accepted.`);
    }
    if (name.length === 0) return;
    const bracket = name.indexOf('[');
    if (bracket > 0 && name.endsWith(']')) {
      this.#nextIndexes ??= new WeakMap();
      this.#structured = assignPath(this.#out, name, bracket, value, this.#limits.max_input_nesting, this.#nextIndexes) || this.#structured;
    } else {
      assignPlain(this.#out, name, value);
    }
  }

  /** The finished bag (bracket containers with keys 0..n-1 become arrays). */
  finish(): InputBag {
    if (this.#structured) {
      // The top level stays a bag of names even when they are 0..n-1.
      const out = this.#out;
      for (const key in out) out[key] = listify(out[key]);
    }
    return this.#out;
  }
}

/** A plain name: first value is a string, any repeat turns it into a list. */
function assignPlain(out: InputBag, name: string, value: unknown): void {
  if (name === '__proto__') return;
  const previous = out[name];
  if (previous === undefined) out[name] = value;
  else if (isRepeatList(previous)) previous.push(value);
  else out[name] = markRepeat([previous, value]);
}

const REPEAT = Symbol('repeat');
type RepeatList = unknown[] & { [REPEAT]?: true };
function markRepeat(list: unknown[]): unknown[] {
  (list as RepeatList)[REPEAT] = true;
  return list;
}
function isRepeatList(value: unknown): value is unknown[] {
  return Array.isArray(value) && (value as RepeatList)[REPEAT] === true;
}

/**
 * `base[k1][k2]...=value`. Segments are read as PHP does; a malformed name
 * (`a[b`, `a[b]c`) is kept whole as a plain name. Returns true when it built
 * a nested container.
 */
function assignPath(out: InputBag, name: string, bracket: number, value: unknown, maxDepth: number, nextIndexes: NextIndexes): boolean {
  const segments: string[] = [];
  let i = bracket;
  while (i < name.length) {
    if (name[i] !== '[') {
      assignPlain(out, name, value);
      return false;
    }
    const close = name.indexOf(']', i);
    if (close === -1) {
      assignPlain(out, name, value);
      return false;
    }
    segments.push(name.slice(i + 1, close));
    if (segments.length > maxDepth) {
      throw new BadRequestError(`Input name nested too deeply: at most ${maxDepth} levels are accepted.`);
    }
    i = close + 1;
  }
  let container: InputBag = out;
  let key = name.slice(0, bracket);
  for (const segment of segments) {
    if (key === '__proto__') return true;
    let next = container[key];
    if (next === null || typeof next !== 'object' || isRepeatList(next)) {
      next = createBag();
      put(container, key, next, nextIndexes);
    }
    container = next as InputBag;
    key = segment === '' ? String(nextIndex(container, nextIndexes)) : segment;
  }
  if (key !== '__proto__') put(container, key, value, nextIndexes);
  return true;
}

/**
 * Each container's next free integer key, kept up to date as keys are added
 * (PHP's `nNextFreeElement`): counting the keys again for every `a[]=`
 * would make a list of n items cost n² steps.
 */
type NextIndexes = WeakMap<object, number>;

/** `container[key] = value`, the container's next free integer key moved past `key`. */
function put(container: InputBag, key: string, value: unknown, nextIndexes: NextIndexes): void {
  container[key] = value;
  const next = nextIndexes.get(container);
  if (next !== undefined) nextIndexes.set(container, following(next, key));
}

/** PHP's next free integer key: one more than the largest integer key, counted once per container. */
function nextIndex(container: InputBag, nextIndexes: NextIndexes): number {
  let next = nextIndexes.get(container);
  if (next === undefined) {
    next = 0;
    for (const k in container) next = following(next, k);
    nextIndexes.set(container, next);
  }
  return next;
}

/** `next`, or one more than `key` when that is an integer key at or past it. */
function following(next: number, key: string): number {
  const n = Number(key);
  return Number.isInteger(n) && n >= next && String(n) === key ? n + 1 : next;
}

/** Containers whose keys are exactly 0..n-1, in order, become arrays (PHP's array_is_list). */
function listify(value: unknown): unknown {
  // Only the parser's own prototype-less containers; never a user value such as an uploaded file.
  if (!isBag(value)) return value;
  const bag = value as InputBag;
  let index = 0;
  let isList = true;
  for (const k in bag) {
    bag[k] = listify(bag[k]);
    if (k !== String(index++)) isList = false;
  }
  if (!isList || index === 0) return bag;
  return Object.values(bag);
}

/** Percent-decoding with `+` as space; malformed sequences are a 400. */
function decode(part: string): string {
  const plus = part.indexOf('+') !== -1;
  if (!plus && part.indexOf('%') === -1) return part;
  const text = plus ? part.replace(/\+/g, ' ') : part;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new BadRequestError('Malformed percent-encoding in the input.');
  }
}
