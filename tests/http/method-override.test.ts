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
import { assertLinear } from '../helpers/growth.js';

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

/** The method, or the 400 that refused the override (anything else thrown fails). */
function outcome(read: () => string | undefined): unknown {
  try {
    return read();
  } catch (error) {
    assert.instance(error, InvalidMethodOverrideError);
    return (error as InvalidMethodOverrideError).status;
  }
}

parse('a long override is read in time linear in its length, refused or not', async () => {
  const values: Record<string, (n: number) => string> = {
    'lower-case letters': (n) => 'a'.repeat(n),
    'upper-case letters': (n) => 'A'.repeat(n),
    'letters and digits': (n) => 'a1'.repeat(n / 2),
    'letters and spaces': (n) => 'a '.repeat(n / 2),
    'non-ASCII letters': (n) => 'aé'.repeat(n / 2),
  };
  for (const [name, value] of Object.entries(values)) {
    await assertLinear(
      `an override of ${name}`,
      (size) => {
        const text = value(size);
        const body = createBag();
        body['_method'] = text;
        return () => [
          outcome(() => methodOverride(text, createBag(), () => createBag())),
          outcome(() => methodOverride(undefined, body, () => createBag())),
        ];
      },
      10_000,
    );
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
