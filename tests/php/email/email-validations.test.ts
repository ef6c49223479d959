/**
 * `email` and its parameters as Laravel 11's `validateEmail`: each distinct
 * parameter is one validation, all must pass, and only `rfc`/`strict` (or
 * none) run the RFC parser. Every expectation is Laravel v11.56.0's answer
 * on PHP 8.2 (`Validator::make(['e' => $v], ['e' => $rule])->passes()`).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { messagesOf } from '../../validation/helpers.js';

const MESSAGE = ['The value field must be a valid email address.'];
const a = (n: number): string => 'a'.repeat(n);

/** [value, rule, Laravel passes]. */
const CASES: readonly (readonly [string, string, boolean])[] = [
  // strict: RFC and no warning (the reported bug: a@b and user@localhost passed)
  ['a@b', 'email', true],
  ['a@b', 'email:strict', false],
  ['user@localhost', 'email:rfc', true],
  ['user@localhost', 'email:strict', false],
  ['user@example.com', 'email:strict', true],
  ['"john doe"@example.com', 'email', true],
  ['"john doe"@example.com', 'email:strict', false],
  ['john(work)@example.com', 'email:strict', false],
  ['a@[1.2.3.4]', 'email:strict', false],
  ['a@b.com.', 'email:strict', false],
  [`${a(65)}@example.com`, 'email', true],
  [`${a(65)}@example.com`, 'email:strict', false],
  ['josé@example.com', 'email:strict', true],
  // one lexer for every RFC validation: the second reads the first's domain before its local part
  [`${a(60)}@bbbbbbb.cc`, 'email:strict', true],
  [`${a(60)}@bbbbbbb.cc`, 'email:strict,rfc', true],
  [`${a(60)}@bbbbbbb.cc`, 'email:rfc,strict', false],
  [`${a(54)}@bbbbbbb.cc`, 'email:rfc,strict', true],
  // filter alone does not parse as egulias (which refuses a label after the first past 62 characters)
  [`a@b.${a(63)}`, 'email', false],
  [`a@b.${a(63)}`, 'email:filter', true],
  [`a@b.${a(63)}`, 'email:filter_unicode', true],
  [`a@b.${a(63)}`, 'email:rfc,filter', false],
  ['"a"@c.uk', 'email:filter', true],
  ['"a"@c.uk', 'email:strict,filter', false],
  ['a@b', 'email:filter', false],
  ['josé@example.com', 'email:filter', false],
  ['josé@example.com', 'email:filter_unicode', true],
  ['josé@example.com', 'email:filter,filter_unicode', false],
  // any other parameter is RFCValidation; repeated parameters count once
  ['a@b', 'email:foo', true],
  ['a@b', 'email:strict,strict', false],
  ['a b@c.d', 'email:foo', false],
];

const test = suite('email: parameters as Laravel 11');

for (const [value, rule, passes] of CASES) {
  test(`${rule} on ${JSON.stringify(value).slice(0, 40)} ${passes ? 'passes' : 'fails'}`, () => {
    assert.equal(messagesOf(rule, value), passes ? null : MESSAGE);
  });
}

test('a value that is not a string fails every mode', () => {
  for (const rule of ['email', 'email:strict', 'email:filter', 'email:filter_unicode', 'email:spoof']) {
    for (const value of [1, true, ['a@b.c'], { a: 'a@b.c' }])
      assert.equal(messagesOf(rule, value), MESSAGE, `${rule} on ${JSON.stringify(value)}`);
  }
});

test.run();
