/**
 * gt, gte, lt, lte: against a number, or another field of the same PHP
 * type, with Laravel's messages (numeric, string, array variants, :value).
 */
import { suite } from 'uvu';
import { ABSENT, table, type Case } from './helpers.js';

const test = suite('gt / gte / lt / lte');
table(test, [
  // Against a number: a numeric value is measured as a number.
  ['gt:5', 6, null],
  ['gt:5', '5', ['The value field must be greater than 5.']],
  ['gte:1.5', '1.5', null],
  ['lt:5', 4.5, null],
  ['lte:3', 4, ['The value field must be less than or equal to 3.']],
  // A non-numeric value against a number never passes (Laravel's is_numeric($parameters[0]) branch).
  ['gt:5', 'abcdefgh', ['The value field must be greater than 5 characters.']],
  // Against another field: numbers as numbers, strings by length, arrays by count.
  ['gt:other', 7, null, { other: 5 }],
  ['gt:other', 5, ['The value field must be greater than 5.'], { other: 5 }],
  ['gt:other', 'abc', ['The value field must be greater than 5 characters.'], { other: 'abcde' }],
  ['gte:other', 'abc', null, { other: 'xyz' }],
  ['array|lt:other', ['a', 'b'], ['The value field must have less than 1 items.'], { other: ['x'] }],
  ['lte:other', ['a'], null, { other: ['x', 'y'] }],
  // Of different types, nothing compares.
  ['gt:other', 'abc', ['The value field must be greater than 1 characters.'], { other: ['x'] }],
  ['numeric|gt:other', '10', null, { other: '9.5' }],
  ['integer|lte:other', '10', ['The value field must be less than or equal to 9.'], { other: 9 }],
  // The other field missing: :value names it.
  ['gt:other', 3, ['The value field must be greater than other.']],
  ['gt:other', ABSENT, null],
] satisfies Case[]);
test.run();
