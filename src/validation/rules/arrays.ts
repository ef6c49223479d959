/**
 * Array rules: `array` (a PHP array: a JSON array or object; with keys, no
 * other key), `list`, and `distinct` over the items a wildcard matches.
 */
import { MISSING, childOf, lookup, splitPath } from '../paths.js';
import { isContainer, isEmptyValue, isNumeric, looseEquals, phpString } from '../php.js';
import type { Check, RuleFamily } from './definition.js';
import { compileBoundedRegex } from '../../regex/bounded-regex.js';

const hasOwn = Object.prototype.hasOwnProperty;

function isList(v: unknown): boolean {
  if (Array.isArray(v)) return true;
  if (!isContainer(v)) return false;
  let i = 0;
  for (const key of Object.keys(v)) if (key !== String(i++)) return false;
  return true;
}

/** `distinct`: a key that groups the values PHP's `in_array` would find equal. */
function distinctKey(value: unknown, strict: boolean, ignoreCase: boolean): string | null {
  if (isContainer(value)) return isEmptyValue(value) ? 'e' : null;
  if (value !== null && typeof value === 'object') return null;
  if (ignoreCase) return 's:' + (phpString(value) ?? '').toLowerCase();
  if (strict) return typeof value === 'string' ? 's:' + value : `${typeof value}:${String(value)}`;
  if (value === null || value === undefined) return 's:';
  if (typeof value === 'boolean') return 'b:' + value;
  if (isNumeric(value)) return 'n:' + Number(typeof value === 'string' ? value.trim() : value);
  return 's:' + String(value);
}

/** `in_array($needle, $haystack)` (PHP 8's loose `==`), indexed so a wildcard field stays linear. */
class LooseSet {
  private readonly strings = new Set<string>();
  private readonly numbers = new Set<number>();
  private readonly containers: unknown[] = [];
  private hasNull = false;
  private hasTrue = false;
  private hasFalse = false;
  /** Some item is loosely true / false (for a boolean needle). */
  private anyTruthy = false;
  private anyFalsy = false;
  /** Some item equals null loosely: null, false, '', 0, []. */
  private anyNullish = false;

  add(v: unknown): void {
    const falsy = v === null || v === undefined || v === false || v === 0 || v === '' || v === '0' || (isContainer(v) && isEmptyValue(v));
    if (falsy) this.anyFalsy = true;
    else this.anyTruthy = true;
    if (v === null || v === undefined || v === false || v === 0 || v === '' || (isContainer(v) && isEmptyValue(v))) this.anyNullish = true;
    if (v === null || v === undefined) this.hasNull = true;
    else if (v === true) this.hasTrue = true;
    else if (v === false) this.hasFalse = true;
    else if (isContainer(v)) this.containers.push(v);
    else if (typeof v === 'string') {
      this.strings.add(v);
      if (isNumeric(v)) this.numbers.add(Number(v.trim()));
    } else if (typeof v === 'number') this.numbers.add(v);
  }

  has(v: unknown): boolean {
    if (typeof v === 'boolean') return v ? this.anyTruthy : this.anyFalsy;
    if (v === null || v === undefined) return this.anyNullish;
    const truthy = isContainer(v) ? !isEmptyValue(v) : !(v === 0 || v === '' || v === '0');
    if (truthy ? this.hasTrue : this.hasFalse) return true;
    if (isContainer(v)) return this.containers.some((c) => looseArrayEquals(v, c)) || (isEmptyValue(v) && this.hasNull);
    if (typeof v === 'number') return this.numbers.has(v) || (v === 0 && this.hasNull);
    if (typeof v !== 'string') return false;
    if (this.strings.has(v) || (v === '' && this.hasNull)) return true;
    return isNumeric(v) && this.numbers.has(Number(v.trim()));
  }
}

/** PHP `==` between two arrays: the same keys with loosely equal values. */
function looseArrayEquals(a: unknown, b: unknown): boolean {
  if (!isContainer(a) || !isContainer(b)) return looseEquals(a, b);
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const other = childOf(b, k);
    if (other === MISSING || !looseArrayEquals((a as Record<string, unknown>)[k], other)) return false;
  }
  return true;
}

/** `Arr::dot`: every leaf under `value`, keyed by its dotted path (an empty array is a leaf). */
function dotLeaves(value: unknown, prefix: string, out: Array<[string, unknown]>): void {
  if (isContainer(value) && !isEmptyValue(value)) {
    for (const key of Object.keys(value)) dotLeaves((value as Record<string, unknown>)[key], prefix === '' ? key : `${prefix}.${key}`, out);
    return;
  }
  out.push([prefix, value]);
}

/** `Str::is`: `*` is any run of characters (dots included), the rest literal. */
function strIs(pattern: string): (key: string) => boolean {
  const source = pattern
    .split('*')
    .map((p) => p.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'))
    .join('[\\s\\S]*');
  // Bounded: with two `*` a backtracking engine is quadratic in a crafted key's length.
  const re = compileBoundedRegex(`^${source}$`, 'u');
  return (key) => key === pattern || re.test(key);
}

export const ARRAYS = {
  array: {
    kind: 'value',
    facts: (params) => ({ arrayish: true, arrayRule: true, bareArray: params.length === 0 }),
    message: 'The :attribute field must be an array.',
    compile: (c) => {
      const keys = new Set(c.params);
      if (c.params.length === 0) return { check: isContainer };
      return {
        check: (v) => {
          if (!isContainer(v)) return false;
          if (Array.isArray(v)) {
            for (let i = 0; i < v.length; i++) if (!keys.has(String(i))) return false;
            return true;
          }
          for (const key in v) if (hasOwn.call(v, key) && !keys.has(key)) return false;
          return true;
        },
      };
    },
  },
  list: {
    kind: 'value',
    facts: { arrayish: true, bareArray: true },
    message: 'The :attribute field must be a list.',
    compile: () => ({ check: isList }),
  },
  required_array_keys: {
    kind: 'value',
    message: 'The :attribute field must contain entries for: :values.',
    compile: (c) => {
      const keys = c.params;
      return {
        check: (v) => isContainer(v) && keys.every((k) => childOf(v, k) !== MISSING),
        replace: [[':values', keys.join(', ')]],
      };
    },
  },
  contains: {
    kind: 'value',
    message: 'The :attribute field is missing a required value.',
    compile: (c) => {
      const wanted = c.params;
      return {
        check: (v) => {
          if (!isContainer(v)) return false;
          const items = Object.values(v);
          return wanted.every((w) => items.some((item) => !isContainer(item) && looseEquals(item, w)));
        },
      };
    },
  },
  in_array: {
    kind: 'value',
    params: 1,
    message: 'The :attribute field must exist in :other.',
    compile: (c) => {
      const param = c.params[0]!;
      // ValidationData::getLeadingExplicitAttributePath: the path before the first `*`.
      const explicit = param.split('*')[0]!.replace(/\.+$/, '');
      const segments = explicit === '' ? [] : splitPath(explicit);
      const matches = strIs(param);
      const check: Check = (v, env) => {
        const memo = (env.memo ??= new Map());
        let set = memo.get(check) as LooseSet | undefined;
        if (set === undefined) {
          set = new LooseSet();
          const root = segments.length === 0 ? env.data : lookup(env.data, segments);
          const leaves: Array<[string, unknown]> = [];
          if (root !== MISSING) dotLeaves(root, explicit, leaves);
          for (const [key, value] of leaves) {
            if (!matches(key)) continue;
            set.add(value);
          }
          memo.set(check, set);
        }
        return set.has(v);
      };
      const other = c.ref(param);
      return { check, replace: [[':other', other.display(null)]] };
    },
  },
  distinct: {
    kind: 'value',
    message: 'The :attribute field has a duplicate value.',
    compile: (c) => {
      for (const p of c.params) if (p !== 'strict' && p !== 'ignore_case') c.invalid(`unknown "distinct" option "${p}"`);
      const strict = c.params.includes('strict');
      const ignoreCase = c.params.includes('ignore_case');
      const check: Check = (v, env) => {
        const key = distinctKey(v, strict, ignoreCase);
        if (env.expansions === null || key === null) return true;
        const memo = (env.memo ??= new Map());
        let counts = memo.get(check) as Map<string, number> | undefined;
        if (counts === undefined) {
          counts = new Map();
          for (const e of env.expansions) {
            const k = e.value === MISSING ? null : distinctKey(e.value, strict, ignoreCase);
            if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
          }
          memo.set(check, counts);
        }
        return (counts.get(key) ?? 0) <= 1;
      };
      return { check };
    },
  },
} as const satisfies RuleFamily;
