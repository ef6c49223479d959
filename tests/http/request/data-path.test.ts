/** Laravel's data_get, Arr::has, Arr::set and Arr::forget on input bags. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { arrForget, arrHas, arrSet, dataGet, listify } from '../../../src/http/request/data-path.js';

const test = suite('data paths');
/** Plain JSON of a result (input bags have no prototype). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
const data = { user: { name: 'Ada', tags: ['a', 'b'], empty: null }, items: [{ id: 1 }, { id: 2, sub: [{ x: 1 }] }], 'dot.key': 1 };

test('dataGet: dot paths, list indexes, * wildcards, undefined when missing', () => {
  assert.is(dataGet(data, 'user.name'), 'Ada');
  assert.is(dataGet(data, 'user.tags.1'), 'b');
  assert.is(dataGet(data, 'user.empty'), null);
  assert.is(dataGet(data, 'user.missing'), undefined);
  assert.equal(dataGet(data, 'items.*.id'), [1, 2]);
  assert.equal(dataGet(data, 'items.*.sub.*.x'), [null, 1]);
  assert.is(dataGet(data, 'user.name.length'), undefined);
  assert.is(dataGet(data, 'constructor'), undefined);
  assert.equal(dataGet(data, null), data);
});

test('arrHas: the literal key first, then each segment', () => {
  assert.ok(arrHas(data, 'dot.key'));
  assert.ok(arrHas(data, 'user.empty'));
  assert.ok(arrHas(data, 'items.1.id'));
  assert.not.ok(arrHas(data, 'items.2'));
  assert.not.ok(arrHas(data, 'user.toString'));
  assert.not.ok(arrHas(data, null));
});

test('arrSet builds nested containers; listify makes 0..n-1 containers lists', () => {
  const target: Record<string, unknown> = {};
  arrSet(target, 'a.b', 1);
  arrSet(target, 'a.c', 2);
  arrSet(target, 'l.0', 'x');
  arrSet(target, '__proto__.polluted', true);
  assert.equal(plain(target), { a: { b: 1, c: 2 }, l: { 0: 'x' } });
  assert.equal(listify(target.l), ['x']);
  assert.is(({} as { polluted?: boolean }).polluted, undefined);
});

test('arrForget copies along the path: the source is unchanged', () => {
  const source = { a: { b: 1, c: 2 }, d: 3 };
  assert.equal(plain(arrForget(source, ['a.b', 'd', 'x.y'])), { a: { c: 2 } });
  assert.equal(source, { a: { b: 1, c: 2 }, d: 3 });
});

test.run();
