/**
 * Laravel's input accessors (`InteractsWithInput` and `InteractsWithData`):
 * presence (`has`, `filled`, `missing`...), subsets (`only`, `except`,
 * `all(keys)`), typed reads (`boolean`, `integer`, `float`, `string`,
 * `date`, `enum`), changes (`merge`, `replace`), cookies and the bearer
 * token. Keys are variadic or one array, with dot paths, as in Laravel.
 */
import { BadRequestError } from '../../errors/http-error.js';
import { LogicException } from '../../errors/logic-exception.js';
import { createBag, EMPTY_BAG, isObject, own, type InputBag } from '../own.js';
import { parseCookies } from './cookies.js';
import { arrForget, arrHas, arrSet, dataGet, isContainer, keyOf, listify } from './data-path.js';
import { InteractsWithContentTypes } from './interacts-with-content-types.js';
import { isEmptyString, phpBool, phpFloat, phpInt, phpString } from './php-cast.js';
import { parseDate, parseDateFormat } from './php-date.js';

/** Keys as Laravel takes them: one array, or the arguments themselves. */
type Keys = readonly unknown[];

/** A TypeScript enum object (string or numeric members), as `enum()` takes it in place of a PHP backed enum class. */
export type EnumLike = Readonly<Record<string, string | number>>;

export abstract class InteractsWithInput extends InteractsWithContentTypes {
  /**
   * All input with the uploaded files, or (with keys) only those keys, each
   * present (null when missing), dot keys as nested subsets:
   * `all('name', 'developer.skills')` → `{ name, developer: { skills: null } }`.
   */
  all(...keys: unknown[]): InputBag {
    const input = this.allInput();
    // Laravel's `if (! $keys)`: no keys, null, '' or an empty array mean every key.
    const first = keys[0];
    if (first === undefined || first === null || first === '' || first === false || (Array.isArray(first) && first.length === 0))
      return input;
    const list = keyList(keys);
    const results = createBag();
    for (const key of list) {
      const name = keyOf(key);
      if (name === undefined) continue;
      const value = dataGet(input, name);
      arrSet(results, name, value === undefined ? null : value);
    }
    return tidy(results);
  }

  /** The top-level input keys, then the top-level file keys (Laravel's `keys()`). */
  keys(): string[] {
    return [...Object.keys(this.input()), ...Object.keys(this.allFiles())];
  }

  /** True when every key is present (null and empty values count): `has('name', 'email')`, `has(['name', 'email'])`, `has('user.name')`. */
  has(...keys: unknown[]): boolean {
    const list = keyList(keys);
    const data = this.allInput();
    for (const key of list) if (!arrHas(data, key)) return false;
    return true;
  }

  /** The same as `has()`. */
  exists(...keys: unknown[]): boolean {
    return this.has(...keys);
  }

  /** True when any key is present. */
  hasAny(...keys: unknown[]): boolean {
    const list = keyList(keys);
    const data = this.allInput();
    return list.some((key) => arrHas(data, key));
  }

  /** True when some key is absent: the opposite of `has()`. */
  missing(...keys: unknown[]): boolean {
    return !this.has(...keys);
  }

  /** True when every key is present and not an empty string (after trimming) or null; booleans and arrays count as filled. */
  filled(...keys: unknown[]): boolean {
    for (const key of keyList(keys)) if (isEmptyString(this.input(key as string))) return false;
    return true;
  }

  /** True when every key is empty or missing. */
  isNotFilled(...keys: unknown[]): boolean {
    for (const key of keyList(keys)) if (!isEmptyString(this.input(key as string))) return false;
    return true;
  }

  /** True when any key is filled. */
  anyFilled(...keys: unknown[]): boolean {
    return keyList(keys).some((key) => this.filled(key));
  }

  /**
   * Calls `callback(value)` when `key` is present, else `otherwise()` if
   * given. Returns the callback's result when it is truthy, else the request.
   */
  whenHas<R>(key: unknown, callback: (value: unknown) => R, otherwise?: () => R): R | this {
    return this.#when(this.has(key), key, callback, otherwise);
  }

  /** As `whenHas()`, when `key` is filled. */
  whenFilled<R>(key: unknown, callback: (value: unknown) => R, otherwise?: () => R): R | this {
    return this.#when(this.filled(key), key, callback, otherwise);
  }

  /** As `whenHas()`, when `key` is missing (the callback gets undefined). */
  whenMissing<R>(key: unknown, callback: (value: unknown) => R, otherwise?: () => R): R | this {
    return this.#when(this.missing(key), key, callback, otherwise);
  }

  #when<R>(condition: boolean, key: unknown, callback: (value: unknown) => R, otherwise: (() => R) | undefined): R | this {
    if (condition) {
      const result = typeof callback === 'function' ? callback(dataGet(this.allInput(), key)) : undefined;
      return result ? result : this;
    }
    if (typeof otherwise === 'function') return otherwise();
    return this;
  }

  /** Only the keys that are present, dot keys as nested subsets: `only('name', 'developer.name')`. */
  only(...keys: unknown[]): InputBag {
    const data = this.allInput();
    const results = createBag();
    for (const key of keyList(keys)) {
      const name = keyOf(key);
      if (name === undefined) continue;
      const value = dataGet(data, name);
      if (value !== undefined) arrSet(results, name, value);
    }
    return tidy(results);
  }

  /** All input without the keys (dot keys remove nested values); the request's input is not changed. */
  except(...keys: unknown[]): InputBag {
    return arrForget(this.allInput(), keyList(keys));
  }

  /** `filter_var(FILTER_VALIDATE_BOOLEAN)` of the value: true for `1`, `true`, `on`, `yes` (any case) and true; else false. */
  boolean(key?: unknown, fallback: unknown = false): boolean {
    return phpBool(this.input(key as string, fallback));
  }

  /** PHP's `intval` of the value: `'078'` → 78, `'1ab'` → 1, `'nan'` → 0; `fallback` only when the key is missing. */
  integer(key: unknown, fallback: unknown = 0): number {
    return phpInt(this.input(key as string, fallback));
  }

  /** PHP's `floatval` of the value: `'.6'` → 0.6, `'1e3'` → 1000, `'nan'` → 0; `fallback` only when the key is missing. */
  float(key: unknown, fallback: unknown = 0): number {
    return phpFloat(this.input(key as string, fallback));
  }

  /**
   * The value as text (`123` → `'123'`, null → `''`). Laravel returns a
   * `Stringable`; here it is a plain string, whose methods cover the same ground.
   */
  string(key: unknown, fallback: unknown = null): string {
    return phpString(this.input(key as string, fallback));
  }

  /** The same as `string()`. */
  str(key: unknown, fallback: unknown = null): string {
    return this.string(key, fallback);
  }

  /**
   * The value as a `Date`, or null when it is missing or empty. Without a
   * format, what PHP's date parser reads (`strtotime`, `new DateTime`), as
   * the `date` rule does: `2024-01-05`, ISO 8601 with an offset,
   * `1 March 2024 5pm`, `@1700000000`, `next monday`, `+1 week`,
   * `first day of next month`...; a number that is not plain digits is a
   * Unix timestamp. With a format, PHP's `DateTime::createFromFormat`
   * (`Y-m-d H:i:s`, `d/m/Y`, `U`, `!Y-m-d`...). Wall-clock times are in
   * `timezone` (UTC by default, Laravel's default); a zone or offset in the
   * text wins. Text that is not a date is a 400, where Laravel's Carbon
   * throws (a 500).
   */
  date(key: unknown, format?: string | null, timezone?: string | null): Date | null {
    if (this.isNotFilled(key)) return null;
    const raw = this.input(key as string);
    // Nothing, or an array or object (Laravel's Carbon throws a TypeError): null.
    if (raw === undefined || raw === null || typeof raw === 'object') return null;
    const zone = typeof timezone === 'string' && timezone !== '' ? timezone : null;
    try {
      // A JSON number stays a number: Carbon::parse reads an int or a float as a timestamp.
      const date =
        typeof format === 'string'
          ? parseDateFormat(format, phpString(raw), zone)
          : parseDate(typeof raw === 'number' ? raw : phpString(raw), zone);
      if (date !== undefined) return date;
    } catch (error) {
      if (error instanceof RangeError) throw new LogicException(`Unknown time zone "${zone}" given to request.date().`);
      throw error;
    }
    throw new BadRequestError(`The ${keyOf(key) ?? 'given'} value is not a valid date.`);
  }

  /**
   * The enum member whose value is the input (`'1'` matches a numeric
   * member 1, as PHP's `tryFrom` does), or null when the key is missing,
   * empty or matches none. `enumType` is a TypeScript enum object.
   */
  enum<E extends EnumLike>(key: unknown, enumType: E): E[keyof E] | null {
    if (this.isNotFilled(key) || !isObject(enumType)) return null;
    return tryFrom(enumType, this.input(key as string)) ?? null;
  }

  /** `enum()` for each value of a list (a single value is a list of one); values that match no member are left out. */
  enums<E extends EnumLike>(key: unknown, enumType: E): E[keyof E][] {
    if (this.isNotFilled(key) || !isObject(enumType)) return [];
    const list = asArray(this.input(key as string));
    const members: E[keyof E][] = [];
    for (const value of Array.isArray(list) ? list : Object.values(list)) {
      const member = tryFrom(enumType, value);
      if (member !== undefined) members.push(member);
    }
    return members;
  }

  /**
   * The value as an array (`(array)` in PHP: a scalar becomes a list of one,
   * null an empty list), or, given an array of keys, `only(keys)`. Without a
   * key, all input (no files). Empty, it is `[]`, as PHP encodes an empty array.
   */
  array(key?: unknown): unknown[] | InputBag {
    const value = Array.isArray(key) ? this.only(key) : asArray(this.input(key as string));
    // An empty PHP array is a JSON list.
    return Array.isArray(value) || Object.keys(value).length > 0 ? value : [];
  }

  /**
   * Laravel's `collect()`: here the same plain array or object as `array()`
   * (Switchyard has no Collection class; use the array's own methods).
   */
  collect(key?: unknown): unknown[] | InputBag {
    return this.array(key);
  }

  /**
   * Adds input, replacing top-level keys, to the input source Laravel
   * merges into: the body for JSON requests and for methods other than GET
   * and HEAD, the query for GET and HEAD. Returns the request.
   */
  merge(input: InputBag): this {
    if (!isObject(input)) return this;
    const source = this.#source();
    const next = createBag();
    for (const key in source.bag) next[key] = source.bag[key];
    for (const key of Object.keys(input)) if (key !== '__proto__') next[key] = input[key];
    source.replace(next);
    return this;
  }

  /** Merges only the keys that are missing from the input. */
  mergeIfMissing(input: InputBag): this {
    if (!isObject(input)) return this;
    const missing = createBag();
    for (const key of Object.keys(input)) if (key !== '__proto__' && this.missing(key)) missing[key] = input[key];
    return this.merge(missing);
  }

  /** Replaces the input source (see `merge()`) with `input`. */
  replace(input: InputBag): this {
    const next = createBag();
    if (isObject(input)) for (const key of Object.keys(input)) if (key !== '__proto__') next[key] = input[key];
    this.#source().replace(next);
    return this;
  }

  #source(): { bag: InputBag; replace: (bag: InputBag) => void } {
    if (!this.isJson() && (this.realMethod === 'GET' || this.realMethod === 'HEAD')) {
      return { bag: this.query(), replace: (bag) => this.replaceQuery(bag) };
    }
    return { bag: this.body(), replace: (bag) => this.replaceBody(bag) };
  }

  /**
   * Symfony's `get()`: a request attribute, else a query value, else a body
   * value (no dot paths), else `fallback`.
   */
  get(key: string, fallback?: unknown): unknown {
    const name = keyOf(key);
    if (name === undefined) return fallback;
    if (this.attributes.has(name)) return this.attributes.get(name);
    const query = own(this.query(), name);
    if (query !== undefined) return query;
    const body = own(this.body(), name);
    return body === undefined ? fallback : body;
  }

  /** The body's values (Laravel's `post()`, the request bag: form or JSON fields), or one of them, or `fallback`. */
  post(): InputBag;
  post(key: string, fallback?: unknown): unknown;
  post(key?: unknown, fallback?: unknown): unknown;
  post(key?: unknown, fallback?: unknown): unknown {
    return this.body(key, fallback);
  }

  /**
   * The JSON body (empty when the body is not JSON), or one value of it by
   * dot path, or `fallback`. Laravel returns an `InputBag` without a key: here,
   * the plain object.
   */
  json(): InputBag;
  json(key: string, fallback?: unknown): unknown;
  json(key?: unknown, fallback?: unknown): unknown;
  json(key?: unknown, fallback?: unknown): unknown {
    const bag = this.isJson() ? this.body() : EMPTY_BAG;
    if (key === undefined || key === null) return bag;
    const value = dataGet(bag, key);
    return value === undefined ? fallback : value;
  }

  /**
   * The cookies, or one of them (`fallback` when it is missing), read as
   * sent: Switchyard does not encrypt cookies, so none is decrypted.
   */
  cookie(): InputBag;
  cookie(key: string, fallback?: unknown): unknown;
  cookie(key?: unknown, fallback?: unknown): unknown;
  cookie(key?: unknown, fallback?: unknown): unknown {
    const memo = this.memo();
    const cookies = (memo.cookies ??= parseCookies(this.header('cookie')));
    if (key === undefined || key === null) return cookies;
    const name = keyOf(key);
    const value = name === undefined ? undefined : own(cookies, name);
    return value === undefined ? fallback : value;
  }

  /** True when the cookie is present. */
  hasCookie(key: string): boolean {
    return this.cookie(key) !== undefined;
  }

  /** True when the header is present. */
  hasHeader(key: string): boolean {
    return this.header(key as string) !== undefined;
  }

  /**
   * The token of an `Authorization: Bearer ...` header (the last `Bearer `
   * in any case, up to a comma), or undefined.
   */
  bearerToken(): string | undefined {
    const header = this.header('authorization') ?? '';
    const position = header.toLowerCase().lastIndexOf('bearer ');
    if (position === -1) return undefined;
    const token = header.slice(position + 7);
    const comma = token.indexOf(',');
    return comma === -1 ? token : token.slice(0, comma);
  }

  /** True when the key holds at least one uploaded file (`photo`, `photos`, `photos[]`, `doc.a`). */
  hasFile(key: string): boolean {
    return this.files(key).length > 0;
  }
}

/** Laravel's `is_array($key) ? $key : func_get_args()`. */
function keyList(keys: Keys): readonly unknown[] {
  return keys.length === 1 && Array.isArray(keys[0]) ? (keys[0] as unknown[]) : keys;
}

/** Nested results as PHP would encode them: a container keyed 0..n-1 is a list. */
function tidy(results: InputBag): InputBag {
  for (const key in results) results[key] = listify(results[key]);
  return results;
}

/** PHP's `(array) $value`: null → [], a scalar → [scalar], an array or object as it is. */
function asArray(value: unknown): unknown[] | InputBag {
  if (value === null || value === undefined) return [];
  if (isContainer(value)) return value as unknown[] | InputBag;
  return [value];
}

/** PHP's `BackedEnum::tryFrom`: the member with this value; text that is an integer matches a numeric member. */
function tryFrom<E extends EnumLike>(enumType: E, value: unknown): E[keyof E] | undefined {
  for (const name of Object.keys(enumType)) {
    const member = enumType[name]!;
    // A numeric enum maps its values back to names: those entries are not members.
    if (typeof member === 'string' && typeof enumType[member] === 'number' && /^-?\d+$/.test(name)) continue;
    if (member === value) return member as E[keyof E];
    if (typeof member === 'number' && typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) && Number(value) === member) {
      return member as E[keyof E];
    }
    if (typeof member === 'string' && typeof value === 'number' && String(value) === member) return member as E[keyof E];
  }
  return undefined;
}
