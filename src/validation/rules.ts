/**
 * The table of rule definitions: for each host-framework rule, whether it is
 * a flag, implicit (runs on a missing or empty field) or ordinary, the JSON
 * Schema fragment ajv compiles for it, or, for rules that read other fields,
 * a closure built once. Messages come from `messages.ts` under the same name.
 */
import { FieldRef, type RunEnv } from './field-ref.js';
import { compileDateFormat, type DateFormat } from './date-format.js';
import { compareInstants, dateParameter, instantOf, urlPattern } from './keywords.js';
import { compilePhpRegex } from './php-regex.js';
import { MISSING } from './paths.js';
import type { Replacements } from './messages.js';
import {
  NUMERIC_STRING,
  displayValue,
  isContainer,
  isEmptyValue,
  isNumeric,
  looseEquals,
  phpString,
  strictEquals,
} from './php.js';

/** What the compiler knows about a field from its rule names. */
export interface FieldFacts {
  readonly key: string;
  readonly wildcard: boolean;
  /** Has `numeric` or `integer`: sizes are values. */
  readonly numeric: boolean;
  /** Has `array` or `list`: size messages speak of items. */
  readonly arrayish: boolean;
  /** Has `array` (with or without keys): `in` / `not_in` check each item. */
  readonly arrayRule: boolean;
  /** Has a bare `array`: `validated()` leaves it out when child rules exist. */
  readonly bareArray: boolean;
  /** Has `boolean`: `required_if` parameters `true`/`false` become booleans. */
  readonly boolean: boolean;
  /** First `date_format` parameter. */
  readonly dateFormat: string | null;
  readonly nullable: boolean;
  readonly sometimes: boolean;
  readonly bail: boolean;
}

export interface RuleContext {
  readonly name: string;
  readonly params: readonly string[];
  readonly field: FieldFacts;
  factsOf(key: string): FieldFacts | undefined;
  ref(key: string): FieldRef;
  /** Throws the compile-time LogicException for this rule. */
  invalid(reason: string): never;
}

export type Check = (value: unknown, env: RunEnv) => boolean;
export type Replacer = Replacements | ((env: RunEnv) => Replacements);

export interface Built {
  /** A JSON Schema fragment: the rule runs inside the field's ajv validator. */
  readonly schema?: Record<string, unknown>;
  /** Or a closure, for rules that read other fields or the field's state. */
  readonly check?: Check;
  readonly replace?: Replacer;
}

export interface RuleDef {
  /** `flag`: sometimes / nullable / bail. `implicit`: runs on missing and empty values. */
  readonly kind: 'flag' | 'implicit' | 'rule';
  readonly minParams?: number;
  /** Messages read rule parameters as field names (`*` filled per attribute). */
  readonly build?: (c: RuleContext) => Built;
}

const flag: RuleDef = { kind: 'flag' };

function num(c: RuleContext, i: number): number {
  const p = c.params[i];
  if (p === undefined || !NUMERIC_STRING.test(p)) c.invalid(`"${c.name}" needs a number as parameter ${i + 1}`);
  return Number(p.trim());
}

function int(c: RuleContext, i: number): number {
  const n = num(c, i);
  if (!Number.isInteger(n) || n < 0) c.invalid(`"${c.name}" needs a whole number as parameter ${i + 1}`);
  return n;
}

function schemaRule(schema: Record<string, unknown>): RuleDef {
  return { kind: 'rule', build: () => ({ schema }) };
}

function sizeRule(op: 'min' | 'max' | 'size' | 'between'): RuleDef {
  return {
    kind: 'rule',
    minParams: op === 'between' ? 2 : 1,
    build: (c) => {
      const min = num(c, 0);
      const max = op === 'between' ? num(c, 1) : min;
      const replace: Replacements =
        op === 'between' ? [[':min', c.params[0]!], [':max', c.params[1]!]] : [[`:${op}`, c.params[0]!]];
      return { schema: { 'laravel:size': { op, min, max, numeric: c.field.numeric } }, replace };
    },
  };
}

const present = (_v: unknown, env: RunEnv): boolean => env.exists;

function implicit(check: Check): RuleDef {
  return { kind: 'implicit', build: () => ({ check }) };
}

const ACCEPTED: readonly unknown[] = ['yes', 'on', '1', 1, true, 'true'];
const DECLINED: readonly unknown[] = ['no', 'off', '0', 0, false, 'false'];

/** `parseDependentRuleParameters` + `in_array`: does the other field's value match one of `values`? */
function dependentMatcher(c: RuleContext): (other: unknown) => boolean {
  const raw = c.params.slice(1);
  const asBool = raw.map((v) => (v === 'true' ? true : v === 'false' ? false : v));
  const asNull = (list: readonly unknown[]): unknown[] => list.map((v) => (typeof v === 'string' && v.toLowerCase() === 'null' ? null : v));
  const otherIsBoolean = c.factsOf(c.params[0]!)?.boolean ?? false;
  const lists = {
    plain: raw as readonly unknown[],
    bool: asBool as readonly unknown[],
    nul: asNull(raw),
    boolNul: asNull(asBool),
  };
  return (other) => {
    const bool = otherIsBoolean || typeof other === 'boolean';
    const values = other === null ? (bool ? lists.boolNul : lists.nul) : bool ? lists.bool : lists.plain;
    const strict = typeof other === 'boolean' || other === null;
    for (const v of values) if (strict ? v === other : looseEquals(other, v)) return true;
    return false;
  };
}

function requiredIf(unless: boolean): RuleDef {
  return {
    kind: 'implicit',
    minParams: 2,
    build: (c) => {
      const other = c.ref(c.params[0]!);
      const matches = dependentMatcher(c);
      const check: Check = unless
        ? (v, env) => {
            const o = other.get(env);
            return matches(o === undefined ? null : o) || !isEmptyValue(v);
          }
        : (v, env) => {
            if (!other.has(env)) return true;
            return !matches(other.get(env)) || !isEmptyValue(v);
          };
      const values = c.params.slice(1).join(', ');
      const replace: Replacer = unless
        ? other.dynamic
          ? (env) => [[':other', other.display(env)], [':values', values]]
          : [[':other', other.display(null)], [':values', values]]
        : (env) => [[':other', other.display(env)], [':value', displayValue(other.get(env) ?? null)]];
      return { check, replace };
    },
  };
}

/** required_with(_all) / required_without(_all): which of the other fields must be filled for this one to be required. */
function requiredWith(when: 'any-filled' | 'all-filled' | 'any-empty' | 'all-empty'): RuleDef {
  return {
    kind: 'implicit',
    minParams: 1,
    build: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      const trigger = (env: RunEnv): boolean => {
        let filled = 0;
        for (const r of refs) if (!isEmptyValue(r.get(env))) filled++;
        switch (when) {
          case 'any-filled': return filled > 0;
          case 'all-filled': return filled === refs.length;
          case 'any-empty': return filled < refs.length;
          default: return filled === 0;
        }
      };
      const list = (env: RunEnv | null): string => refs.map((r) => r.display(env)).join(' / ');
      return {
        check: (v, env) => !trigger(env) || !isEmptyValue(v),
        replace: refs.some((r) => r.dynamic) ? (env) => [[':values', list(env)]] : [[':values', list(null)]],
      };
    },
  };
}

function inRule(negate: boolean): RuleDef {
  return {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      if (c.params.length === 1 && c.params[0] === '') c.invalid(`"${c.name}" needs at least one value`);
      return {
        schema: { 'laravel:in': { values: c.params, negate, each: c.field.arrayRule } },
        replace: [[':values', c.params.join(', ')]],
      };
    },
  };
}

/** `before`, `after`... against a date (`2024-01-01`, `tomorrow`) or another field. */
function dateRule(op: string): RuleDef {
  return {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      const param = c.params[0]!;
      const format = c.field.dateFormat;
      let compiled: DateFormat | null = null;
      if (format !== null) compiled = compileDateFormat(format);
      if (dateParameter(param, compiled) !== null) {
        return { schema: { 'laravel:date-compare': { op, date: param, format } }, replace: [[':date', param]] };
      }
      const other = c.ref(param);
      const otherFormatText = c.factsOf(param)?.dateFormat ?? format;
      const otherFormat = otherFormatText === null ? null : compileDateFormat(otherFormatText);
      const check: Check = (v, env) => {
        if (typeof v !== 'string' && !isNumeric(v)) return false;
        const now = Date.now();
        const first = instantOf(v, compiled, now);
        const o = other.get(env);
        if (compiled !== null) {
          // checkDateTimeOrder: a missing other field passes.
          if (o === undefined || o === null) return true;
          const second = instantOf(o, otherFormat, now);
          return first !== null && second !== null && compareInstants(first, second, op);
        }
        if (first === null) return false;
        const second = instantOf(o, null, now);
        // PHP compares a timestamp with null as booleans: (bool) $first op false.
        if (second === null) return op === '>' ? first !== 0 : op === '>=' ? true : op === '<' ? false : first === 0;
        return compareInstants(first, second, op);
      };
      return { check, replace: other.dynamic ? (env) => [[':date', other.display(env)]] : [[':date', other.display(null)]] };
    },
  };
}

function sameRule(c: RuleContext, key: string): Built {
  const other = c.ref(key);
  return {
    check: (v, env) => strictEquals(v, other.get(env) ?? null),
    replace: other.dynamic ? (env) => [[':other', other.display(env)]] : [[':other', other.display(null)]],
  };
}

function textRule(pattern: string, unicode: string, numbers: Record<string, unknown> | null): RuleDef {
  return {
    kind: 'rule',
    build: (c) => {
      const text = { type: 'string', pattern: c.params[0] === 'ascii' ? pattern : unicode };
      return { schema: numbers === null ? text : { anyOf: [text, numbers] } };
    },
  };
}

/** `distinct`: compares with the other values matched by the field's wildcard pattern. */
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

const distinct: RuleDef = {
  kind: 'rule',
  build: (c) => {
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
};

export const RULES: Readonly<Record<string, RuleDef>> = {
  bail: flag,
  nullable: flag,
  sometimes: flag,

  required: implicit((v) => !isEmptyValue(v)),
  filled: implicit((v, env) => !env.exists || !isEmptyValue(v)),
  present: implicit(present),
  accepted: implicit((v) => !isEmptyValue(v) && ACCEPTED.includes(v)),
  declined: implicit((v) => !isEmptyValue(v) && DECLINED.includes(v)),
  required_if: requiredIf(false),
  required_unless: requiredIf(true),
  required_with: requiredWith('any-filled'),
  required_with_all: requiredWith('all-filled'),
  required_without: requiredWith('any-empty'),
  required_without_all: requiredWith('all-empty'),

  string: schemaRule({ type: 'string' }),
  integer: schemaRule({
    anyOf: [
      { type: 'integer', minimum: -9223372036854775808, exclusiveMaximum: 9223372036854775808 },
      { type: 'string', format: 'laravel-int' },
    ],
  }),
  numeric: schemaRule({ anyOf: [{ type: 'number' }, { type: 'string', format: 'laravel-numeric' }] }),
  boolean: schemaRule({ enum: [true, false, 0, 1, '0', '1'] }),
  array: {
    kind: 'rule',
    build: (c) => {
      // A PHP array is a JSON array or object; an uploaded file is neither.
      const keys = c.params.filter((k) => k !== '');
      if (keys.length === 0) return { schema: { 'laravel:array': true } };
      let items = 0;
      while (keys.includes(String(items))) items++;
      return { schema: { 'laravel:array': true, propertyNames: { enum: keys }, maxItems: items } };
    },
  },
  list: schemaRule({ 'laravel:list': true }),
  in: inRule(false),
  not_in: inRule(true),
  min: sizeRule('min'),
  max: sizeRule('max'),
  size: sizeRule('size'),
  between: sizeRule('between'),
  digits: {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      const n = int(c, 0);
      return { schema: { 'laravel:digits': { min: n, max: n } }, replace: [[':digits', c.params[0]!]] };
    },
  },
  digits_between: {
    kind: 'rule',
    minParams: 2,
    build: (c) => ({
      schema: { 'laravel:digits': { min: int(c, 0), max: int(c, 1) } },
      replace: [[':min', c.params[0]!], [':max', c.params[1]!]],
    }),
  },

  email: schemaRule({ type: 'string', format: 'email' }),
  url: {
    kind: 'rule',
    build: (c) => {
      const protocols = c.params.filter((p) => p !== '');
      if (protocols.length === 0) return { schema: { type: 'string', format: 'laravel-url' } };
      return { schema: { type: 'string', 'laravel:regex': { pattern: `/${urlPattern(protocols).source}/iu`, negate: false } } };
    },
  },
  uuid: schemaRule({ type: 'string', format: 'laravel-uuid' }),
  ulid: schemaRule({ type: 'string', format: 'laravel-ulid' }),
  ip: schemaRule({ type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] }),
  ipv4: schemaRule({ type: 'string', format: 'ipv4' }),
  ipv6: schemaRule({ type: 'string', format: 'ipv6' }),
  json: schemaRule({ 'laravel:json': true }),

  date: schemaRule({ 'laravel:date': true }),
  date_format: {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      for (const f of c.params) {
        try {
          compileDateFormat(f);
        } catch (error) {
          c.invalid(`bad format "${f}": ${(error as Error).message}`);
        }
      }
      return { schema: { 'laravel:date-format': { formats: c.params } }, replace: [[':format', c.params[0]!]] };
    },
  },
  before: dateRule('<'),
  before_or_equal: dateRule('<='),
  after: dateRule('>'),
  after_or_equal: dateRule('>='),
  date_equals: dateRule('='),

  regex: regexRule(false),
  not_regex: regexRule(true),
  alpha: textRule('^[a-zA-Z]+$', '^[\\p{L}\\p{M}]+$', null),
  alpha_num: textRule('^[a-zA-Z0-9]+$', '^[\\p{L}\\p{M}\\p{N}]+$', { type: 'integer', minimum: 0 }),
  alpha_dash: textRule('^[a-zA-Z0-9_-]+$', '^[\\p{L}\\p{M}\\p{N}_-]+$', { type: 'integer' }),
  starts_with: affixRule(false),
  ends_with: affixRule(true),

  confirmed: { kind: 'rule', build: (c) => sameRule(c, c.params[0] || `${c.field.key}_confirmation`) },
  same: { kind: 'rule', minParams: 1, build: (c) => sameRule(c, c.params[0]!) },
  different: {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      const first = refs[0]!;
      return {
        check: (v, env) => {
          for (const r of refs) if (r.has(env) && strictEquals(v, r.get(env))) return false;
          return true;
        },
        replace: first.dynamic ? (env) => [[':other', first.display(env)]] : [[':other', first.display(null)]],
      };
    },
  },
  distinct,
};

function regexRule(negate: boolean): RuleDef {
  return {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      try {
        compilePhpRegex(c.params[0]!);
      } catch (error) {
        c.invalid((error as Error).message);
      }
      return { schema: { 'laravel:regex': { pattern: c.params[0], negate } } };
    },
  };
}

function affixRule(end: boolean): RuleDef {
  return {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      if (c.params.every((p) => p === '')) c.invalid(`"${c.name}" needs at least one value`);
      return { schema: { 'laravel:affix': { values: c.params, end } }, replace: [[':values', c.params.join(', ')]] };
    },
  };
}

const ALIASES: Record<string, string> = { int: 'integer', bool: 'boolean' };
const BY_KEY = new Map<string, string>();
for (const name of Object.keys(RULES)) BY_KEY.set(name.replaceAll('_', ''), name);

/** The canonical name of a rule as written (`requiredIf`, `REQUIRED_IF`, `int`), or undefined. */
export function canonicalRule(key: string): string | undefined {
  return BY_KEY.get(ALIASES[key] ?? key);
}
