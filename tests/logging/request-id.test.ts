/**
 * New request ids: one random prefix per source, then a counter in base 36
 * (`9f86d081884c7d65-2s`). They are cut from blocks of 1,296; each id must
 * be exactly the counter's, across the ends of blocks and where the counter
 * gains a digit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestIdFrom, requestIdSource } from '../../src/logging/request-id.js';

test('the n-th new id is the prefix and n in base 36, across blocks', () => {
  const next = requestIdSource();
  const first = next();
  const prefix = first.slice(0, -1);
  assert.match(first, /^[0-9a-f]{16}-1$/);
  const count = 36 * 36 * 3 + 40;
  const seen = new Set([first]);
  for (let n = 2; n <= count; n++) {
    const id = next();
    assert.is(id, prefix + n.toString(36), `id ${n}`);
    seen.add(id);
  }
  assert.is(seen.size, count, 'all different');
});

test('ids stay exact where the counter gains a third and a fourth digit', () => {
  const next = requestIdSource();
  const prefix = next().slice(0, -1);
  for (let n = 2; n <= 36 ** 3 + 1300; n++) {
    const id = next();
    if (n >= 36 ** 3 - 2 || n % 997 === 0) assert.is(id, prefix + n.toString(36), `id ${n}`);
  }
});

test('two sources have different prefixes', () => {
  assert.is.not(requestIdSource()().slice(0, 16), requestIdSource()().slice(0, 16));
});

test('a sane X-Request-Id is kept; anything else gets a new id', () => {
  const next = requestIdSource();
  assert.is(requestIdFrom('abc-123_x.y:z', next), 'abc-123_x.y:z');
  for (const bad of ['', 'a b', 'x'.repeat(129), 'é', 'a\nb']) assert.match(requestIdFrom(bad, next), /^[0-9a-f]{16}-[0-9a-z]+$/);
  assert.match(requestIdFrom(['a', 'b'], next), /^[0-9a-f]{16}-[0-9a-z]+$/);
  assert.match(requestIdFrom(undefined, next), /^[0-9a-f]{16}-[0-9a-z]+$/);
});

test.run();
