/** Str::is wildcards, http_build_query and Symfony's query normalisation. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildQuery, normalizeQuery, strIs } from '../../../src/http/request/url-text.js';

const test = suite('URL text');

test('strIs: * matches any run (slashes too), everything else literally, the whole value', () => {
  assert.ok(strIs(['foo*'], 'foo/bar'));
  assert.ok(strIs(['*bar*'], 'foo/bar'));
  assert.ok(strIs([['x', ['*/bar']]], 'foo/bar'));
  assert.not.ok(strIs(['bar*'], 'foo/bar'));
  assert.not.ok(strIs(['f.o/bar'], 'foo/bar'), 'a dot is a dot');
  assert.not.ok(strIs(['*a*a*a*a*a*a*a*a*b'], 'a'.repeat(5000)), 'no backtracking blow-up');
  assert.not.ok(strIs([null, {}], 'x'));
});

test('buildQuery is http_build_query with RFC 3986', () => {
  assert.is(buildQuery({ a: 'x y', b: ['1', '2'], c: { d: true }, e: null }), 'a=x%20y&b%5B0%5D=1&b%5B1%5D=2&c%5Bd%5D=1');
  assert.is(normalizeQuery({ b: '2', a: '1', 10: 'x', 9: 'y' }), '9=y&10=x&a=1&b=2');
});

test.run();
