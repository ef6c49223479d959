/** required_array_keys, contains, in_array (issue #11). */
import { suite } from 'uvu';
import { table, type Case } from './helpers.js';

const test = suite('array membership rules');
table(test, [
  ['required_array_keys:a,b', { a: 1, b: 2, c: 3 }, null],
  ['required_array_keys:a,b', { a: 1 }, ['The value field must contain entries for: a, b.']],
  ['required_array_keys:0', ['x'], null],
  ['required_array_keys:a', 'a', ['The value field must contain entries for: a.']],
  ['contains:a,b', ['b', 'a', 'c'], null],
  ['contains:a,b', ['a'], ['The value field is missing a required value.']],
  // Loosely, as in_array: 1 is "1".
  ['contains:1', [1], null],
  ['contains:a', 'a', ['The value field is missing a required value.']],
  ['in_array:list.*', 'b', null, { list: ['a', 'b'] }],
  ['in_array:list.*', 'c', ['The value field must exist in list.*.'], { list: ['a', 'b'] }],
  ['in_array:list.*', '1', null, { list: [1, 2] }],
  ['in_array:list.*.k', 'a', null, { list: [{ k: 'a' }] }],
  ['in_array:list.*', 'a', ['The value field must exist in list.*.'], {}],
] satisfies Case[]);
test.run();
