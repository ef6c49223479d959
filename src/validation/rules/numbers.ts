/**
 * Digit rules: `digits`, `digits_between`. The value, as a PHP string, must
 * be ASCII digits only (`preg_match('/[^0-9]/')` finds nothing) of the given
 * length in bytes (`strlen`).
 */
import { isContainer, phpString } from '../php.js';
import type { RuleFamily } from './definition.js';
import { countParam } from './params.js';

/** The length of the value's digits, or -1 when it has anything but ASCII digits. */
export function digitCount(v: unknown): number {
  const text = isContainer(v) ? null : phpString(v);
  if (text === null) return -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return text.length;
}

export const NUMBERS = {
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
