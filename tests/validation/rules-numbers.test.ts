/** max_digits, min_digits, decimal, multiple_of (issue #11). */
import { suite } from 'uvu';
import { table, type Case } from './helpers.js';

const test = suite('digit and decimal rules');
table(test, [
  ['max_digits:3', '123', null],
  ['max_digits:3', 1234, ['The value field must not have more than 3 digits.']],
  ['max_digits:3', '1.5', ['The value field must not have more than 3 digits.']],
  ['min_digits:2', '12', null],
  ['min_digits:2', 5, ['The value field must have at least 2 digits.']],
  ['decimal:2', '1.50', null],
  ['decimal:2', 1.5, ['The value field must have 2 decimal places.']],
  ['decimal:0,2', '12', null],
  ['decimal:0,2', '1.234', ['The value field must have 0-2 decimal places.']],
  ['decimal:1', 'abc', ['The value field must have 1 decimal places.']],
  // decimal is a numeric rule: sizes are values.
  ['decimal:0|max:10', '11', ['The value field must not be greater than 10.']],
  ['multiple_of:3', 9, null],
  ['multiple_of:3', '10', ['The value field must be a multiple of 3.']],
  ['multiple_of:0.5', '7.5', null],
  ['multiple_of:0.1', 0.30000000000000004, null],
  ['multiple_of:0', 0, ['The value field must be a multiple of 0.']],
  ['multiple_of:3', 0, null],
  ['multiple_of:x', 3, ['The value field must be a multiple of x.']],
] satisfies Case[]);
test.run();
