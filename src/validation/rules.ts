/**
 * The table of rule definitions: for each host-framework rule, whether it is
 * a flag, implicit (runs on a missing or empty field) or ordinary, and the
 * JSON Schema fragment ajv compiles for it (rules that read other fields are
 * closures from `cross-field-rules.ts`). Messages come from `messages.ts`
 * under the same name.
 */
import type { RunEnv } from './field-ref.js';
import { compileDateFormat } from './date-format.js';
import { compilePhpRegex } from './php-regex.js';
import type { Replacements } from './messages.js';
import { NUMERIC_STRING, isEmptyValue } from './php.js';
import { dateRule, different, distinct, requiredIf, requiredWith, sameRule } from './cross-field-rules.js';
import type { Check, RuleContext, RuleDef } from './rule-types.js';

export type { Built, Check, FieldFacts, Replacer, RuleContext, RuleDef } from './rule-types.js';

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
        op === 'between'
          ? [
              [':min', c.params[0]!],
              [':max', c.params[1]!],
            ]
          : [[`:${op}`, c.params[0]!]];
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

function textRule(pattern: string, unicode: string, numbers: Record<string, unknown> | null): RuleDef {
  return {
    kind: 'rule',
    build: (c) => {
      const text = { type: 'string', pattern: c.params[0] === 'ascii' ? pattern : unicode };
      return { schema: numbers === null ? text : { anyOf: [text, numbers] } };
    },
  };
}

export const RULES = {
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
      { type: 'integer', minimum: -(2 ** 63), exclusiveMaximum: 2 ** 63 },
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
      replace: [
        [':min', c.params[0]!],
        [':max', c.params[1]!],
      ],
    }),
  },

  email: schemaRule({ type: 'string', format: 'email' }),
  url: {
    kind: 'rule',
    build: (c) => {
      const protocols = c.params.filter((p) => p !== '');
      if (protocols.length === 0) return { schema: { type: 'string', format: 'laravel-url' } };
      return { schema: { type: 'string', 'laravel:url': { protocols } } };
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
  different,
  distinct,
} satisfies Readonly<Record<string, RuleDef>>;

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
const BY_KEY = new Map<string, RuleName>();
for (const name of Object.keys(RULES) as RuleName[]) BY_KEY.set(name.replaceAll('_', ''), name);

/** The canonical name of a rule as written (`requiredIf`, `REQUIRED_IF`, `int`), or undefined. */
export function canonicalRule(key: string): RuleName | undefined {
  return BY_KEY.get(ALIASES[key] ?? key) as RuleName | undefined;
}

/** A rule name of the table. */
export type RuleName = keyof typeof RULES;
