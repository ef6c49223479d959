/**
 * Size rules: `min`, `max`, `between`, `size`. A size is Laravel's
 * `getSize`: the number itself when the field has a numeric rule (compared
 * exactly, as brick/math does), the item count of an array, the kilobytes of
 * a file, else the characters of the value as a string.
 */
import { decimalOfNumber, parseDecimal, type Decimal } from '../decimal.js';
import { codePointLength, countOf, isContainer, isFile, isNumeric, phpString } from '../php.js';
import type { CheckedRule, RuleContext, SizeMessages } from './definition.js';
import { compareSize, numberParam } from './params.js';

/** Laravel's bound on a numeric string's exponent (`ensureExponentWithinAllowedRange`). */
const MAX_EXPONENT = 1000;
/** Whole numbers a double holds exactly: the common case, compared without building a decimal. */
const SHORT_INTEGER = /^[+-]?\d{1,15}$/;

/** `getSize`: a safe integer or an exact decimal; null when Laravel would fail the rule (exponent past ±1000). */
export function sizeOf(value: unknown, numeric: boolean): number | Decimal | null {
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
      return {
        check: (v) => {
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
