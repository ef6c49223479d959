/**
 * `replaceRecursive` is PHP's `array_replace_recursive`, which lays the
 * uploaded files over the input in `Request.all()`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createBag, isBag, type InputBag } from '../../src/http/own.js';
import { replaceRecursive } from '../../src/http/replace-recursive.js';
import { plain } from '../helpers/plain.js';

function bag(entries: Record<string, unknown>): InputBag {
  const out = createBag();
  for (const [key, value] of Object.entries(entries)) out[key] = value;
  return out;
}

/** An uploaded file stands in: a class instance, never merged into. */
class Upload {
  constructor(readonly name: string) {}
}

const test = suite('replaceRecursive (array_replace_recursive)');

test('keys of the replacement win; containers under one key merge; others are kept', () => {
  const file = new Upload('a');
  const base = bag({ title: 'a', photo: 'text', doc: bag({ a: 'x', b: 'y' }), n: 1 });
  const out = replaceRecursive(base, bag({ photo: file, doc: bag({ b: file }), extra: file }));
  assert.is(out.photo, file);
  assert.is((out.doc as InputBag).b, file);
  assert.equal(plain(out), plain({ title: 'a', photo: file, doc: { a: 'x', b: file }, n: 1, extra: file }));
  assert.ok(isBag(out));
});

test('lists merge by index and stay lists; a scalar under a container key is replaced whole', () => {
  const f = new Upload('f');
  assert.equal(plain(replaceRecursive(bag({ photos: ['a', 'b', 'c'] }), bag({ photos: [f] }))), plain({ photos: [f, 'b', 'c'] }));
  assert.equal(plain(replaceRecursive(bag({ photos: ['a'] }), bag({ photos: [f, f] }))), plain({ photos: [f, f] }));
  assert.equal(plain(replaceRecursive(bag({ photos: 'a' }), bag({ photos: [f] }))), plain({ photos: [f] }));
  assert.equal(plain(replaceRecursive(bag({ photos: ['a'] }), bag({ photos: f }))), plain({ photos: f }));
  // An empty object and a list: keys 0..n-1 make a list.
  assert.equal(plain(replaceRecursive(bag({ doc: bag({}) }), bag({ doc: [f] }))), plain({ doc: [f] }));
  // A list and named keys: an object.
  assert.equal(plain(replaceRecursive(bag({ doc: ['a'] }), bag({ doc: bag({ x: f }) }))), plain({ doc: { 0: 'a', x: f } }));
  // null replaces (a file input sent empty).
  assert.equal(plain(replaceRecursive(bag({ photo: 'text' }), bag({ photo: null }))), plain({ photo: null }));
});

test('neither argument is changed', () => {
  const inner = bag({ a: 'x' });
  const list = ['a'];
  const base = bag({ doc: inner, list });
  const replacement = bag({ doc: bag({ b: 1 }), list: [2] });
  replaceRecursive(base, replacement);
  assert.equal(plain(base), { doc: { a: 'x' }, list: ['a'] });
  assert.equal(plain(inner), { a: 'x' });
  assert.equal(list, ['a']);
});
test.run();
