/** `compileWildcard` is the host framework's `Str::is`, without a regular expression. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileWildcard } from '../../src/php/str-is.js';
import { assertLinear } from '../helpers/growth.js';

const test = suite('cors: Str::is wildcards');

function is(pattern: string, value: string): boolean {
  return compileWildcard(pattern)(value);
}

test('no star: the whole value, exactly', () => {
  assert.ok(is('api/users', 'api/users'));
  assert.not.ok(is('api/users', 'api/users/1'));
  assert.not.ok(is('api/users', 'API/users'));
  assert.not.ok(is('a.c', 'abc'), 'a dot is literal');
});

test('a star is any run of characters, none included, slashes and dots too', () => {
  assert.ok(is('api/*', 'api/'));
  assert.ok(is('api/*', 'api/users/1/edit'));
  assert.not.ok(is('api/*', 'api'));
  assert.not.ok(is('api/*', 'xapi/users'));
  assert.ok(is('*', ''));
  assert.ok(is('*', 'anything/at/all'));
  assert.ok(is('https://*.example.com', 'https://a.b.example.com'));
  assert.not.ok(is('https://*.example.com', 'https://example.com'));
});

test('several stars: parts in order, without overlapping', () => {
  assert.ok(is('a*b*c', 'abc'));
  assert.ok(is('a*b*c', 'a-b-b-c'));
  assert.not.ok(is('a*b*c', 'acb'));
  assert.not.ok(is('ab*ba', 'aba'), 'head and tail may not share a character');
  assert.ok(is('*a*a*', 'xaya'));
  assert.not.ok(is('*a*a*', 'xa'));
});

test('a star does not cross a line feed (PCRE dot); an exact match still counts', () => {
  assert.not.ok(is('api/*', 'api/a\nb'));
  assert.ok(is('api/*', 'api/*'));
});

test('linear: a long value against many stars answers in linear time', async () => {
  const pattern = `${'a*'.repeat(20)}b`;
  assert.not.ok(is(pattern, 'a'.repeat(50_000)));
  const match = compileWildcard(pattern);
  await assertLinear(
    'a*a*...b on a run of a',
    (size) => {
      const value = 'a'.repeat(size);
      return () => match(value);
    },
    5_000,
  );
});

test.run();
