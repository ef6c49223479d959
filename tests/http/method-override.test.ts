/**
 * The method override of a POST, as Symfony's `Request::getMethod()` with
 * `enableHttpMethodParameterOverride()` (which Laravel turns on): which value
 * is read, and which names are methods.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { InvalidMethodOverrideError, methodOverride, parseMethodOverride } from '../../src/http/method-override.js';
import { createBag, type InputBag } from '../../src/http/own.js';
import { thrown } from '../helpers/plain.js';

const parse = suite('parseMethodOverride: a string, upper-cased (ASCII only), a known method or A-Z only');

const METHODS: ReadonlyArray<readonly [unknown, string | undefined]> = [
  ['PUT', 'PUT'],
  ['put', 'PUT'],
  ['pAtCh', 'PATCH'],
  ['delete', 'DELETE'],
  ['GET', 'GET'],
  ['head', 'HEAD'],
  ['options', 'OPTIONS'],
  ['purge', 'PURGE'],
  ['connect', 'CONNECT'],
  ['trace', 'TRACE'],
  ['POST', 'POST'],
  ['foo', 'FOO'],
  ['LINK', 'LINK'],
  // Not a string: no override.
  [undefined, undefined],
  [null, undefined],
  [5, undefined],
  [true, undefined],
  [['PUT'], undefined],
  [{ a: 'PUT' }, undefined],
];
for (const [value, expected] of METHODS) {
  parse(`${JSON.stringify(value)} -> ${expected}`, () => {
    assert.is(parseMethodOverride(value), expected);
  });
}

parse('anything else is a 400 "Invalid method override"', () => {
  for (const bad of ['', ' PUT', 'PUT ', 'FOO-BAR', 'P_T', '0', 'PUT1', 'ß', 'ıtem', 'straße', 'a\nb', 'x-'.repeat(1000)]) {
    const error = thrown(() => parseMethodOverride(bad));
    assert.instance(error, InvalidMethodOverrideError, JSON.stringify(bad));
    assert.is((error as InvalidMethodOverrideError).status, 400);
    assert.match((error as Error).message, /^Invalid method override "/);
    assert.ok((error as Error).message.length < 120, 'a long name is not echoed in full');
  }
});

parse.run();

const pick = suite('methodOverride: the header, else the body, else the query');

const bag = (entries: Record<string, unknown>): InputBag => Object.assign(createBag(), entries);
const EMPTY = createBag();

pick('the query is parsed only when the header and the body leave it to decide', () => {
  let parsed = 0;
  const query = () => {
    parsed++;
    return bag({ _method: 'DELETE' });
  };
  assert.is(methodOverride('PUT', EMPTY, query), 'PUT');
  assert.is(methodOverride(undefined, bag({ _method: 'PATCH' }), query), 'PATCH');
  assert.is(parsed, 0);
});

pick('no header and no _method: undefined (the method stays POST)', () => {
  assert.is(
    methodOverride(undefined, EMPTY, () => EMPTY),
    undefined,
  );
});

pick('the header wins when it is not empty (nor "0", which PHP reads as false)', () => {
  assert.is(
    methodOverride('put', bag({ _method: 'DELETE' }), () => EMPTY),
    'PUT',
  );
  assert.is(
    methodOverride('', bag({ _method: 'DELETE' }), () => EMPTY),
    'DELETE',
  );
  assert.is(
    methodOverride('0', bag({ _method: 'DELETE' }), () => EMPTY),
    'DELETE',
  );
});

pick('the body over the query; a body _method that is not a string is no override (the query is not read)', () => {
  assert.is(
    methodOverride(undefined, bag({ _method: 'patch' }), () => bag({ _method: 'DELETE' })),
    'PATCH',
  );
  assert.is(
    methodOverride(undefined, EMPTY, () => bag({ _method: 'DELETE' })),
    'DELETE',
  );
  assert.is(
    methodOverride(undefined, bag({ _method: null }), () => bag({ _method: 'DELETE' })),
    undefined,
  );
  assert.is(
    methodOverride(undefined, bag({ _method: ['PUT'] }), () => bag({ _method: 'DELETE' })),
    undefined,
  );
});

pick.run();
