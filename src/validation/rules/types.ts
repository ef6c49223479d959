/**
 * Type rules: `string`, `integer`, `numeric`, `boolean`, and the facts they
 * give their field (a numeric rule makes the size rules measure values; a
 * boolean rule makes `required_if:field,true` compare with booleans).
 */
import { isIntegerString, isNumeric, isPhpInt } from '../php.js';
import type { RuleFamily } from './definition.js';

const BOOLEANS: readonly unknown[] = [true, false, 0, 1, '0', '1'];

/** `filter_var($v, FILTER_VALIDATE_INT) !== false` for what a JSON body carries. */
function isInteger(v: unknown): boolean {
  if (typeof v === 'number') return isPhpInt(v);
  return typeof v === 'string' && isIntegerString(v);
}

export const TYPES = {
  string: {
    kind: 'value',
    message: 'The :attribute field must be a string.',
    compile: () => ({ check: (v) => typeof v === 'string' }),
  },
  integer: {
    kind: 'value',
    aliases: ['int'],
    facts: { numeric: true },
    message: 'The :attribute field must be an integer.',
    compile: () => ({ check: isInteger }),
  },
  numeric: {
    kind: 'value',
    facts: { numeric: true },
    message: 'The :attribute field must be a number.',
    compile: () => ({ check: isNumeric }),
  },
  boolean: {
    kind: 'value',
    aliases: ['bool'],
    facts: { boolean: true },
    message: 'The :attribute field must be true or false.',
    compile: () => ({ check: (v) => BOOLEANS.includes(v) }),
  },
} as const satisfies RuleFamily;
