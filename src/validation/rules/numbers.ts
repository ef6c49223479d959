/**
 * Digit rules: `digits`, `digits_between`. The value, as a PHP string, must
 * be ASCII digits only (`preg_match('/[^0-9]/')` finds nothing) of the given
 * length in bytes (`strlen`).
 */
import { decimalOf, isMultipleOf } from '../decimal.js';
import { isContainer, isNumeric, phpString } from '../php.js';
import type { RuleFamily } from './definition.js';
import { countParam } from './params.js';

/** `decimal`'s own pattern (`/^[+-]?\d*\.?(\d*)$/`, PCRE's `$` allowing a final newline): the decimal places, or -1. */
const DECIMAL = /^[+-]?\d*\.?(\d*)\n?$/;
function decimalPlaces(v: unknown): number {
  if (!isNumeric(v)) return -1;
  const m = DECIMAL.exec(phpString(v)!);
  return m === null ? -1 : m[1]!.length;
}

/** The length of the value's digits, or -1 when it has anything but ASCII digits. */
function digitCount(v: unknown): number {
  const text = isContainer(v) ? null : phpString(v);
  if (text === null) return -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return text.length;
}

export const NUMBERS = {
  max_digits: {
    kind: 'value',
    params: 1,
    message: 'The :attribute field must not have more than :max digits.',
    compile: (c) => {
      const max = countParam(c, 0);
      return {
        check: (v) => {
          const n = digitCount(v);
          return n >= 0 && n <= max;
        },
        replace: [[':max', c.params[0]!]],
      };
    },
  },
  min_digits: {
    kind: 'value',
    params: 1,
    message: 'The :attribute field must have at least :min digits.',
    compile: (c) => {
      const min = countParam(c, 0);
      return { check: (v) => digitCount(v) >= min, replace: [[':min', c.params[0]!]] };
    },
  },
  decimal: {
    kind: 'value',
    params: 1,
    facts: { numeric: true },
    message: 'The :attribute field must have :decimal decimal places.',
    compile: (c) => {
      const min = countParam(c, 0);
      const max = c.params[1] === undefined ? min : countParam(c, 1);
      return {
        check: (v) => {
          const n = decimalPlaces(v);
          return n >= min && n <= max;
        },
        replace: [[':decimal', c.params[1] === undefined ? c.params[0]! : `${c.params[0]}-${c.params[1]}`]],
      };
    },
  },
  multiple_of: {
    kind: 'value',
    params: 1,
    message: 'The :attribute field must be a multiple of :value.',
    compile: (c) => {
      // A parameter that is not a number makes every value fail, as upstream (no error).
      const divisor = decimalOf(c.params[0]);
      return {
        check: (v) => {
          const n = decimalOf(v);
          if (n === null || divisor === null) return false;
          if (n.digits === '') return divisor.digits !== '';
          if (divisor.digits === '') return false;
          return isMultipleOf(n, divisor);
        },
        replace: [[':value', c.params[0]!]],
      };
    },
  },
  digits: {
    kind: 'value',
    params: 1,
    message: 'The :attribute field must be :digits digits.',
    compile: (c) => {
      const n = countParam(c, 0);
      return { check: (v) => digitCount(v) === n, replace: [[':digits', c.params[0]!]] };
    },
  },
  digits_between: {
    kind: 'value',
    params: 2,
    message: 'The :attribute field must be between :min and :max digits.',
    compile: (c) => {
      const min = countParam(c, 0);
      const max = countParam(c, 1);
      return {
        check: (v) => {
          const n = digitCount(v);
          return n >= min && n <= max;
        },
        replace: [
          [':min', c.params[0]!],
          [':max', c.params[1]!],
        ],
      };
    },
  },
} as const satisfies RuleFamily;
