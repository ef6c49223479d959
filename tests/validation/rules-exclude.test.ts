/**
 * exclude, exclude_if, exclude_unless, exclude_with, exclude_without: an
 * excluded attribute (and everything under it) is not validated and never
 * reaches validated(), as Laravel's excludeAttribute.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { run } from './helpers.js';

const test = suite('exclude rules');

test('exclude: the field is left out, its other rules do not run', () => {
  assert.equal(run({ a: 'exclude|integer', b: 'string' }, { a: 'x', b: 'y' }), { ok: true, validated: { b: 'y' } });
});

test('exclude_if / exclude_unless read the other field as required_if does', () => {
  assert.equal(run({ a: 'exclude_if:b,1|required', b: 'integer' }, { b: 1 }), { ok: true, validated: { b: 1 } });
  assert.equal(run({ a: 'exclude_if:b,1|required', b: 'integer' }, { b: 2 }), {
    ok: false,
    errors: { a: ['The a field is required.'] },
  });
  assert.equal(run({ a: 'exclude_unless:b,1|integer' }, { a: 'x', b: 2 }), { ok: true, validated: {} });
  assert.equal(run({ a: 'exclude_unless:b,1|integer' }, { a: 'x', b: 1 }), {
    ok: false,
    errors: { a: ['The a field must be an integer.'] },
  });
});

test('exclude_with (first field present) / exclude_without (a field empty)', () => {
  assert.equal(run({ a: 'exclude_with:b|integer' }, { a: 'x', b: null }), { ok: true, validated: {} });
  assert.equal(run({ a: 'exclude_without:b|integer' }, { a: 'x', b: '' }), { ok: true, validated: {} });
  assert.equal(run({ a: 'exclude_without:b|integer' }, { a: '5', b: 'y' }), { ok: true, validated: { a: '5' } });
});

test('messages of rules before the exclusion stay', () => {
  assert.equal(run({ a: 'integer|exclude_if:b,1', b: 'integer' }, { a: 'x', b: 1 }), {
    ok: false,
    errors: { a: ['The a field must be an integer.'] },
  });
});

test('an excluded parent takes its children with it; a parent kept whole loses the excluded key', () => {
  assert.equal(run({ items: 'exclude', 'items.*': 'integer' }, { items: [1, 'x'] }), { ok: true, validated: {} });
  const input = { user: { name: 'a', secret: 's' } };
  assert.equal(run({ user: 'array:name,secret', 'user.secret': 'exclude' }, input), {
    ok: true,
    validated: { user: { name: 'a' } },
  });
  assert.equal(input, { user: { name: 'a', secret: 's' } }, 'the input is not modified');
});

test('under a wildcard, each item decides for itself', () => {
  const outcome = run(
    { 'items.*.name': 'exclude_if:items.*.skip,1|required', 'items.*.skip': 'integer' },
    { items: [{ skip: 1 }, { name: 'n', skip: 0 }] },
  );
  assert.equal(outcome, { ok: true, validated: { items: [{ skip: 1 }, { name: 'n', skip: 0 }] } });
});

test('sometimes does not stop an exclude rule', () => {
  assert.equal(run({ a: 'sometimes|exclude_if:b,1|integer', b: 'integer' }, { b: 1 }), { ok: true, validated: { b: 1 } });
});

test.run();
