import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseUrlEncoded, DEFAULT_INPUT_LIMITS } from '../../src/http/query.js';
import { BadRequestError } from '../../src/errors/http-error.js';
import { plain, thrown, prototypeIsClean } from '../helpers/plain.js';
import { assertLinear } from '../helpers/growth.js';

const hasOwn = (bag: object, key: string) => Object.hasOwn(bag, key);

// ---------------------------------------------------------------------------
const values = suite('parseUrlEncoded: plain values and decoding');

values('empty text gives an empty bag', () => {
  assert.equal(Object.keys(parseUrlEncoded('')), []);
});

values('plain name=value pairs', () => {
  assert.equal(plain(parseUrlEncoded('action=status&x=1')), { action: 'status', x: '1' });
});

values('"+" is a space in names and values', () => {
  assert.equal(plain(parseUrlEncoded('first+name=hello+world')), { 'first name': 'hello world' });
});

values('percent-decoding of names and values (UTF-8)', () => {
  assert.equal(plain(parseUrlEncoded('%61ction=%E2%82%AC%20%F0%9F%98%80')), { action: '€ 😀' });
});

values('an encoded "+" (%2B) stays a plus sign', () => {
  assert.equal(plain(parseUrlEncoded('a=1%2B1')), { a: '1+1' });
});

values('a name without "=" has the empty string as value', () => {
  assert.equal(plain(parseUrlEncoded('action')), { action: '' });
  assert.equal(plain(parseUrlEncoded('action=')), { action: '' });
});

values('"=" inside a value is kept', () => {
  assert.equal(plain(parseUrlEncoded('a=b=c')), { a: 'b=c' });
});

values('empty pairs and empty names are skipped', () => {
  assert.equal(plain(parseUrlEncoded('&&a=1&&=x&')), { a: '1' });
});

values('values stay strings (no number or boolean coercion)', () => {
  const bag = parseUrlEncoded('n=1&t=true&z=null');
  assert.is(bag.n, '1');
  assert.is(bag.t, 'true');
  assert.is(bag.z, 'null');
});

values.run();

// ---------------------------------------------------------------------------
const brackets = suite('parseUrlEncoded: PHP bracket notation');

brackets('a[]=1&a[]=2 is a list', () => {
  const bag = parseUrlEncoded('a[]=1&a[]=2');
  assert.ok(Array.isArray(bag.a));
  assert.equal(plain(bag), { a: ['1', '2'] });
});

brackets('a single a[]=1 is a list of one', () => {
  const bag = parseUrlEncoded('action[]=echo');
  assert.ok(Array.isArray(bag.action));
  assert.equal(plain(bag), { action: ['echo'] });
});

brackets('a[k]=v is an object', () => {
  const bag = parseUrlEncoded('a[k]=v&a[j]=w');
  assert.not.ok(Array.isArray(bag.a));
  assert.equal(plain(bag), { a: { k: 'v', j: 'w' } });
});

brackets('nested objects and lists', () => {
  assert.equal(plain(parseUrlEncoded('a[b][c]=1')), { a: { b: { c: '1' } } });
  assert.equal(plain(parseUrlEncoded('a[b][]=1&a[b][]=2')), { a: { b: ['1', '2'] } });
  assert.equal(plain(parseUrlEncoded('items[0][name]=x&items[1][name]=y')), {
    items: [{ name: 'x' }, { name: 'y' }],
  });
});

brackets('explicit indexes 0..n-1 make a list; gaps keep an object', () => {
  assert.equal(plain(parseUrlEncoded('a[0]=x&a[1]=y')), { a: ['x', 'y'] });
  const gap = parseUrlEncoded('a[0]=x&a[2]=y');
  assert.not.ok(Array.isArray(gap.a));
  assert.equal(plain(gap), { a: { '0': 'x', '2': 'y' } });
});

brackets('percent-encoded brackets are brackets (as in PHP)', () => {
  assert.equal(plain(parseUrlEncoded('a%5B%5D=1&a%5B%5D=2')), { a: ['1', '2'] });
});

brackets('a malformed bracket name is kept whole as a plain name', () => {
  assert.equal(plain(parseUrlEncoded('a[b=1')), { 'a[b': '1' });
});

brackets('the top-level bag is never an array, even when its names are 0..n-1', () => {
  const bag = parseUrlEncoded('0[]=a&1[]=b');
  assert.not.ok(Array.isArray(bag), 'the bag itself became an array');
  assert.equal(plain(bag), { '0': ['a'], '1': ['b'] });
});

brackets('bracket values are decoded', () => {
  assert.equal(plain(parseUrlEncoded('a[first+name]=J%C3%BCrgen+M')), { a: { 'first name': 'Jürgen M' } });
});

brackets('a[] after explicit keys takes one more than the largest integer key, as PHP', () => {
  assert.equal(plain(parseUrlEncoded('a[5]=x&a[]=y&a[2]=z&a[]=w')), { a: { '5': 'x', '6': 'y', '2': 'z', '7': 'w' } });
  assert.equal(plain(parseUrlEncoded('a[k]=x&a[01]=z&a[]=w')), { a: { k: 'x', '01': 'z', '0': 'w' } });
  assert.equal(plain(parseUrlEncoded('a[b][]=1&a[b][7]=2&a[b][]=3&a[c][]=4')), { a: { b: { '0': '1', '7': '2', '8': '3' }, c: ['4'] } });
});

brackets('names without values and an = far away are read in time linear in the query', async () => {
  assert.equal(plain(parseUrlEncoded('a&b&c=1&d')), { a: '', b: '', c: '1', d: '' });
  const limits = { max_input_vars: 10_000_000, max_input_nesting: 64 };
  await assertLinear(
    'a&a&...&b=1',
    (size) => {
      const query = 'a&'.repeat(size) + 'b=1';
      return () => parseUrlEncoded(query, limits);
    },
    10_000,
  );
});

brackets('a list of n a[]= items is built in time linear in n', async () => {
  const limits = { max_input_vars: 10_000_000, max_input_nesting: 64 };
  assert.equal((parseUrlEncoded('a[]=1&'.repeat(1000), limits).a as unknown[]).length, 1000);
  for (const item of ['a[]=1&', 'a[b][]=1&']) {
    await assertLinear(
      item.repeat(2),
      (size) => {
        const query = item.repeat(size);
        return () => parseUrlEncoded(query, limits);
      },
      2_000,
    );
  }
});

brackets.run();

// ---------------------------------------------------------------------------
const repeated = suite('parseUrlEncoded: a repeated plain name is a list, never a string');

repeated('two values', () => {
  const bag = parseUrlEncoded('action=status&action=status');
  assert.ok(Array.isArray(bag.action));
  assert.equal(plain(bag), { action: ['status', 'status'] });
});

repeated('three values keep their order', () => {
  assert.equal(plain(parseUrlEncoded('a=1&b=x&a=2&a=3')), { a: ['1', '2', '3'], b: 'x' });
});

repeated('a repeated name next to bracket names', () => {
  const bag = parseUrlEncoded('a=1&a=2&b[]=x');
  assert.ok(Array.isArray(bag.a));
  assert.equal(plain(bag), { a: ['1', '2'], b: ['x'] });
});

repeated('an empty repeat is still a list', () => {
  const bag = parseUrlEncoded('action=&action=');
  assert.ok(Array.isArray(bag.action));
  assert.is(typeof bag.action, 'object');
});

repeated.run();

// ---------------------------------------------------------------------------
const proto = suite('parseUrlEncoded: prototype names never reach Object.prototype');

const hostile = [
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  '__proto__=x',
  'constructor[prototype][polluted]=1',
  'constructor.prototype.polluted=1',
  'prototype[polluted]=1',
  'a[__proto__][polluted]=1',
  'a[constructor][prototype][polluted]=1',
  'a[0][__proto__][x]=1',
  '__proto__[]=1',
  '%5F%5Fproto%5F%5F[polluted]=1',
  '__proto__%5Bpolluted%5D=1',
];

for (const text of hostile) {
  proto(`"${text}" leaves Object.prototype unchanged`, () => {
    const bag = parseUrlEncoded(text) as Record<string, unknown>;
    assert.ok(prototypeIsClean(), 'Object.prototype was polluted');
    assert.is(({} as Record<string, unknown>).polluted, undefined);
    assert.is((bag as Record<string, unknown>).polluted, undefined);
    assert.not.ok(hasOwn(bag, '__proto__'), 'a __proto__ key was kept');
  });
}

proto('constructor / prototype / toString are ordinary own names', () => {
  const bag = parseUrlEncoded('constructor=a&prototype=b&toString=c&hasOwnProperty=d');
  assert.equal(plain(bag), { constructor: 'a', prototype: 'b', toString: 'c', hasOwnProperty: 'd' });
  assert.ok(prototypeIsClean());
});

proto('a nested __proto__ segment does not drop its siblings', () => {
  const bag = parseUrlEncoded('a[__proto__][x]=1&a[ok]=2');
  assert.equal(plain(bag), { a: { ok: '2' } });
  assert.ok(prototypeIsClean());
});

proto('names that are absent are not found through the prototype', () => {
  const bag = parseUrlEncoded('a=1');
  assert.not.ok(hasOwn(bag, 'toString'));
  assert.not.ok(hasOwn(bag, 'constructor'));
});

proto.run();

// ---------------------------------------------------------------------------
const errors = suite('parseUrlEncoded: malformed input and limits are a 400');

const malformed = ['a=%ZZ', 'a=%', 'a=%E2%82', '%ZZ=1', 'a[%ZZ]=1', 'a=%C3%28', 'x=1&a=%G1'];
for (const text of malformed) {
  errors(`invalid percent-encoding "${text}" throws BadRequestError (400)`, () => {
    const error = thrown(() => parseUrlEncoded(text));
    assert.instance(error, BadRequestError);
    assert.is((error as BadRequestError).status, 400);
    assert.ok((error as BadRequestError).message.length > 0);
  });
}

errors('the default limits', () => {
  assert.is(DEFAULT_INPUT_LIMITS.max_input_vars, 1000);
  assert.is(DEFAULT_INPUT_LIMITS.max_input_nesting, 64);
});

errors('exactly max_input_vars pairs are accepted', () => {
  const text = Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&');
  assert.is(Object.keys(parseUrlEncoded(text)).length, 1000);
});

errors('one pair over max_input_vars is a 400', () => {
  const text = Array.from({ length: 1001 }, (_, i) => `p${i}=${i}`).join('&');
  const error = thrown(() => parseUrlEncoded(text));
  assert.instance(error, BadRequestError);
  assert.is((error as BadRequestError).status, 400);
});

errors('repeats of one name count towards max_input_vars', () => {
  const text = Array.from({ length: 1001 }, () => 'a[]=1').join('&');
  const error = thrown(() => parseUrlEncoded(text));
  assert.instance(error, BadRequestError);
});

errors('custom limits are honoured', () => {
  const error = thrown(() => parseUrlEncoded('a=1&b=2&c=3', { max_input_vars: 2, max_input_nesting: 32 }));
  assert.instance(error, BadRequestError);
  assert.is((error as BadRequestError).status, 400);
  assert.equal(plain(parseUrlEncoded('a=1&b=2', { max_input_vars: 2, max_input_nesting: 32 })), { a: '1', b: '2' });
});

errors('max_input_nesting levels are accepted, one more is a 400', () => {
  const depth = DEFAULT_INPUT_LIMITS.max_input_nesting;
  const ok = 'a' + '[x]'.repeat(depth) + '=1';
  let bag: unknown = parseUrlEncoded(ok);
  for (let i = 0; i <= depth; i++) bag = (bag as Record<string, unknown>)[i === 0 ? 'a' : 'x'];
  assert.is(bag, '1');
  const error = thrown(() => parseUrlEncoded('a' + '[x]'.repeat(depth + 1) + '=1'));
  assert.instance(error, BadRequestError);
  assert.is((error as BadRequestError).status, 400);
});

errors('custom depth limit', () => {
  const error = thrown(() => parseUrlEncoded('a[b][c]=1', { max_input_vars: 10, max_input_nesting: 1 }));
  assert.instance(error, BadRequestError);
  assert.equal(plain(parseUrlEncoded('a[b]=1', { max_input_vars: 10, max_input_nesting: 1 })), { a: { b: '1' } });
});

errors('a huge hostile query is rejected in linear time', async () => {
  const text = (size: number) => 'a' + '[]'.repeat(size) + '=1';
  assert.instance(
    thrown(() => parseUrlEncoded(text(100_000))),
    BadRequestError,
  );
  await assertLinear(
    'rejecting a[][]...',
    (size) => {
      const query = text(size);
      return () => thrown(() => parseUrlEncoded(query));
    },
    10_000,
  );
});

errors.run();
