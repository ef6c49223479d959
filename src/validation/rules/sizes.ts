/**
 * Size rules: `min`, `max`, `between`, `size`. A size is Laravel's
 * `getSize`: the number itself when the field has a numeric rule (compared
 * exactly, as brick/math does), the item count of an array, the kilobytes of
 * a file, else the characters of the value as a string.
 */
import { compareDecimals, decimalOf, decimalOfNumber, parseDecimal, type Decimal } from '../decimal.js';
import type { RunEnv } from '../field-ref.js';
import { NUMERIC_STRING, codePointLength, countOf, isContainer, isFile, isNumeric, isPhpInt, phpFloatString, phpString } from '../php.js';
import type { CheckedRule, RuleContext, SizeMessages } from './definition.js';
import { compareSize, numberParam } from './params.js';

/** Laravel's bound on a numeric string's exponent (`ensureExponentWithinAllowedRange`). */
const MAX_EXPONENT = 1000;
/** Whole numbers a double holds exactly: the common case, compared without building a decimal. */
const SHORT_INTEGER = /^[+-]?\d{1,15}$/;

/** `getSize`: a safe integer or an exact decimal; null when Laravel would fail the rule (exponent past ±1000). */
function sizeOf(value: unknown, numeric: boolean): number | Decimal | null {
  if (numeric && isNumeric(value)) {
    if (typeof value === 'number') return Number.isSafeInteger(value) ? value : decimalOfNumber(value);
    const text = value.trim();
    if (SHORT_INTEGER.test(text)) return Number(text);
    const d = parseDecimal(text);
    return d === null || Math.abs(d.exponent) > MAX_EXPONENT ? null : d;
  }
  if (typeof value === 'string') return codePointLength(value);
  if (isContainer(value)) return countOf(value);
  if (isFile(value)) return decimalOfNumber(value.size / 1024);
  const text = phpString(value);
  return text === null ? null : codePointLength(text);
}

type Op = 'min' | 'max' | 'size';

function sizeRule(op: Op, message: SizeMessages): CheckedRule {
  return {
    kind: 'value',
    params: 1,
    message,
    compile: (c: RuleContext) => {
      const param = numberParam(c, 0);
      const numeric = c.field.numeric;
      const test = op === 'min' ? (n: number) => n >= 0 : op === 'max' ? (n: number) => n <= 0 : (n: number) => n === 0;
      const limit = param.int;
      // A string has no more code points than UTF-16 units: within `max` without counting them.
      const quickMax = op === 'max' && !numeric && !Number.isNaN(limit);
      return {
        check: (v) => {
          if (quickMax && typeof v === 'string' && v.length <= limit) return true;
          const size = sizeOf(v, numeric);
          return size !== null && test(compareSize(size, param));
        },
        replace: [[`:${op}`, c.params[0]!]],
      };
    },
  };
}

export const SIZES = {
  min: sizeRule('min', {
    array: 'The :attribute field must have at least :min items.',
    file: 'The :attribute field must be at least :min kilobytes.',
    numeric: 'The :attribute field must be at least :min.',
    string: 'The :attribute field must be at least :min characters.',
  }),
  max: sizeRule('max', {
    array: 'The :attribute field must not have more than :max items.',
    file: 'The :attribute field must not be greater than :max kilobytes.',
    numeric: 'The :attribute field must not be greater than :max.',
    string: 'The :attribute field must not be greater than :max characters.',
  }),
  size: sizeRule('size', {
    array: 'The :attribute field must contain :size items.',
    file: 'The :attribute field must be :size kilobytes.',
    numeric: 'The :attribute field must be :size.',
    string: 'The :attribute field must be :size characters.',
  }),
  between: {
    kind: 'value',
    params: 2,
    message: {
      array: 'The :attribute field must have between :min and :max items.',
      file: 'The :attribute field must be between :min and :max kilobytes.',
      numeric: 'The :attribute field must be between :min and :max.',
      string: 'The :attribute field must be between :min and :max characters.',
    },
    compile: (c) => {
      const min = numberParam(c, 0);
      const max = numberParam(c, 1);
      const numeric = c.field.numeric;
      return {
        check: (v) => {
          const size = sizeOf(v, numeric);
          return size !== null && compareSize(size, min) >= 0 && compareSize(size, max) <= 0;
        },
        replace: [
          [':min', c.params[0]!],
          [':max', c.params[1]!],
        ],
      };
    },
  },
} as const satisfies Readonly<Record<string, CheckedRule>>;

/** PHP's `gettype`, for `isSameType`. */
function phpType(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return isPhpInt(v) ? 'integer' : 'double';
  if (isContainer(v)) return 'array';
  return typeof v;
}

function asDecimal(size: number | Decimal | null): Decimal | null {
  if (size === null) return null;
  return typeof size === 'number' ? decimalOfNumber(size) : size;
}

/** `:value`: the other field's size, as PHP prints it (a numeric size as its trimmed text). */
function sizeText(value: unknown, numeric: boolean): string {
  if (numeric && isNumeric(value)) return typeof value === 'string' ? value.trim() : phpString(value)!;
  if (isFile(value)) return phpFloatString(value.size / 1024);
  const size = sizeOf(value, false);
  return typeof size === 'number' ? String(size) : '';
}

/**
 * `gt`, `gte`, `lt`, `lte` (Laravel's `validateGt`...): against a number
 * (`gt:5`, only when the field named so is absent) or another field, whose
 * value must be of the same PHP type; a numeric value is measured as a
 * number (`shouldBeNumeric`).
 */
function compareRule(test: (order: number) => boolean, message: SizeMessages): CheckedRule {
  return {
    kind: 'value',
    params: 1,
    numericWhenNumeric: true,
    message,
    compile: (c: RuleContext) => {
      const param = c.params[0]!;
      const paramIsNumber = NUMERIC_STRING.test(param);
      const literal = paramIsNumber ? parseDecimal(param.trim()) : null;
      const other = c.ref(param);
      const fieldNumeric = c.field.numeric;
      const check = (v: unknown, env: RunEnv): boolean => {
        const compared = other.get(env) ?? null;
        const numeric = fieldNumeric || isNumeric(v);
        if (compared === null && isNumeric(v) && literal !== null) {
          const size = asDecimal(sizeOf(v, numeric));
          return size !== null && test(compareDecimals(size, literal));
        }
        if (paramIsNumber) return false;
        if (numeric && isNumeric(v) && isNumeric(compared)) {
          const a = decimalOf(v);
          const b = decimalOf(compared);
          return a !== null && b !== null && test(compareDecimals(a, b));
        }
        if (phpType(v) !== phpType(compared)) return false;
        const a = asDecimal(sizeOf(v, numeric));
        const b = asDecimal(sizeOf(compared, numeric));
        return a !== null && b !== null && test(compareDecimals(a, b));
      };
      return {
        check,
        replace: (env, value) => {
          const compared = other.get(env) ?? null;
          if (compared === null) return [[':value', other.display(env)]];
          return [[':value', sizeText(compared, fieldNumeric || isNumeric(value))]];
        },
      };
    },
  };
}

export const COMPARED_SIZES = {
  gt: compareRule((o) => o > 0, {
    array: 'The :attribute field must have more than :value items.',
    file: 'The :attribute field must be greater than :value kilobytes.',
    numeric: 'The :attribute field must be greater than :value.',
    string: 'The :attribute field must be greater than :value characters.',
  }),
  gte: compareRule((o) => o >= 0, {
    array: 'The :attribute field must have :value items or more.',
    file: 'The :attribute field must be greater than or equal to :value kilobytes.',
    numeric: 'The :attribute field must be greater than or equal to :value.',
    string: 'The :attribute field must be greater than or equal to :value characters.',
  }),
  lt: compareRule((o) => o < 0, {
    array: 'The :attribute field must have less than :value items.',
    file: 'The :attribute field must be less than :value kilobytes.',
    numeric: 'The :attribute field must be less than :value.',
    string: 'The :attribute field must be less than :value characters.',
  }),
  lte: compareRule((o) => o <= 0, {
    array: 'The :attribute field must not have more than :value items.',
    file: 'The :attribute field must be less than or equal to :value kilobytes.',
    numeric: 'The :attribute field must be less than or equal to :value.',
    string: 'The :attribute field must be less than or equal to :value characters.',
  }),
} as const satisfies Readonly<Record<string, CheckedRule>>;
