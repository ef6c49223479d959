/**
 * The input walk behind `trim_strings` and `convert_empty_strings_to_null`,
 * against what Laravel 11's TrimStrings (Str::trim) and
 * ConvertEmptyStringsToNull do to a request's arrays.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { normaliseInput } from '../../src/http/normalise-input.js';
import { trimString } from '../../src/php/str-trim.js';
import { resolveTrimStrings, type TrimStringsConfig } from '../../src/config/input-normalisation.js';
import { parseUrlEncoded } from '../../src/http/query.js';
import { parseJsonObject } from '../../src/http/body.js';
import type { InputBag } from '../../src/http/own.js';
import { assertLinear } from '../helpers/growth.js';

const DEFAULT_TRIM = resolveTrimStrings(true) as TrimStringsConfig;
const withExcept = (...except: string[]) => resolveTrimStrings({ except }) as TrimStringsConfig;

/** Normalises a copy of `input` as a default app does (both on). */
function normalised(input: unknown, trim: TrimStringsConfig | 'off' = DEFAULT_TRIM, convert = true, depth = 65): unknown {
  const bag = structuredClone(input) as InputBag;
  normaliseInput(bag, trim === 'off' ? undefined : trim, convert, depth);
  return bag;
}

// --- Str::trim ---------------------------------------------------------------------

const trim = suite('trimString: the characters of Laravel 11 Str::trim');

// Every code point Str::trim() removes on PHP 8.2 (measured: Str::trim(c.'x') === 'x' for c in U+0000..U+10FFFF).
const TRIMMED = [
  0x0, 0x9, 0xa, 0xb, 0xc, 0xd, 0x20, 0x85, 0xa0, 0xad, 0x34f, 0x61c, 0x115f, 0x1160, 0x1680, 0x17b4, 0x17b5, 0x180e, 0x2000, 0x2001,
  0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028, 0x2029, 0x202f,
  0x205f, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2065, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0x2800, 0x3000, 0x3164, 0xfeff,
  0xffa0, 0x1d159, 0x1d173, 0x1d174, 0x1d175, 0x1d176, 0x1d177, 0x1d178, 0x1d179, 0x1d17a, 0xe0020,
];

trim('each of the 65 characters is removed at the start and at the end', () => {
  for (const cp of TRIMMED) {
    const c = String.fromCodePoint(cp);
    assert.is(trimString(`${c}x`), 'x', `U+${cp.toString(16)} at the start`);
    assert.is(trimString(`x${c}`), 'x', `U+${cp.toString(16)} at the end`);
    assert.is(trimString(`${c}${c}x${c}y${c}${c}`), `x${c}y`, `U+${cp.toString(16)} kept inside`);
  }
});

trim('no other code point is removed', () => {
  const set = new Set(TRIMMED);
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (set.has(cp) || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    const c = String.fromCodePoint(cp);
    if (trimString(`${c}x`) !== `${c}x` || trimString(`x${c}`) !== `x${c}`) assert.unreachable(`U+${cp.toString(16)} was trimmed`);
  }
});

trim('all-blank strings become empty; unchanged strings are returned as they are', () => {
  assert.is(trimString(' \t\n\r\v\f\0\u00a0\u3000'), '');
  assert.is(trimString(''), '');
  assert.is(trimString('\u{1d159}\u{e0020}'), '', 'astral blanks');
  assert.is(trimString('  a b  '), 'a b');
  assert.is(trimString('\u{1d159}é\u{1d17a}'), 'é');
  assert.is(trimString('😀 '), '😀', 'an astral character that is not blank stays whole');
  assert.is(trimString(' 😀'), '😀');
  const same = 'héllo wörld';
  assert.ok(trimString(same) === same);
});

trim('linear: a long blank run inside the string is one scan', async () => {
  const textOf = (size: number) => `a${' '.repeat(size)}b`;
  const text = textOf(500_000);
  assert.is(trimString(text), text);
  assert.is(trimString(` ${text} `), text);
  await assertLinear(
    'trimString',
    (size) => {
      const padded = ` ${textOf(size)} `;
      return () => trimString(padded);
    },
    50_000,
  );
});

trim.run();

// --- the walk ------------------------------------------------------------------

const walk = suite('normaliseInput: TransformsRequest over the input');

walk('strings at any depth are trimmed, then empty strings become null; other values are untouched', () => {
  const input = {
    name: '  Ada ',
    blank: '   ',
    empty: '',
    n: 0,
    f: 1.5,
    t: true,
    nul: null,
    list: [' a ', '', ['  ', 3, { deep: ' x ' }]],
    obj: { ' key ': ' v ', empty: {}, arr: [] },
  };
  assert.equal(normalised(input), {
    name: 'Ada',
    blank: null,
    empty: null,
    n: 0,
    f: 1.5,
    t: true,
    nul: null,
    list: ['a', null, [null, 3, { deep: 'x' }]],
    obj: { ' key ': 'v', empty: {}, arr: [] },
  });
});

walk('keys are never changed', () => {
  assert.equal(Object.keys(normalised({ ' a ': 1, '': 2 }) as object), [' a ', '']);
});

walk('password, password_confirmation and current_password are not trimmed, but "" still becomes null', () => {
  assert.equal(normalised({ password: ' p ', password_confirmation: ' p ', current_password: '  ', other: ' o ' }), {
    password: ' p ',
    password_confirmation: ' p ',
    current_password: '  ',
    other: 'o',
  });
  assert.equal(normalised({ password: '' }), { password: null });
});

walk('the except list matches the full dotted path exactly, as in_array($keyPrefix.$key)', () => {
  assert.equal(normalised({ user: { password: ' p ' }, list: [{ password: ' q ' }] }), {
    user: { password: 'p' },
    list: [{ password: 'q' }],
  });
  const except = withExcept('user.password', 'list.1.secret', 'a.b', 'x');
  assert.equal(
    normalised(
      {
        user: { password: ' p ', name: ' n ' },
        list: [{ secret: ' 0 ' }, { secret: ' 1 ' }],
        'a.b': ' top ',
        a: { b: ' nested ' },
        x: [' y '],
      },
      except,
    ),
    { user: { password: ' p ', name: 'n' }, list: [{ secret: '0' }, { secret: ' 1 ' }], 'a.b': ' top ', a: { b: ' nested ' }, x: ['y'] },
  );
  assert.equal(normalised({ 'a.b': { c: ' 1 ' }, a: { 'b.c': ' 2 ' } }, withExcept('a.b.c')), { 'a.b': { c: ' 1 ' }, a: { 'b.c': ' 2 ' } });
  assert.equal(
    normalised({ items: { '*': ' s ' }, other: [' t '] }, withExcept('items.*')),
    { items: { '*': ' s ' }, other: ['t'] },
    'no wildcards',
  );
});

walk('trim only, or convert only', () => {
  assert.equal(normalised({ a: ' ', b: '' }, DEFAULT_TRIM, false), { a: '', b: '' });
  assert.equal(normalised({ a: ' ', b: '' }, 'off', true), { a: ' ', b: null });
});

walk('query, form and JSON bags (parsed) are normalised; nothing changes: same objects, same strings', () => {
  const query = parseUrlEncoded('a=+x+&b=&c[]=+1&c[]=&d[e]=%09y');
  normaliseInput(query, DEFAULT_TRIM, true, 65);
  assert.is(JSON.stringify(query), '{"a":"x","b":null,"c":["1",null],"d":{"e":"y"}}');
  const body = parseJsonObject('{"m":"hello","list":[1,"two",{"k":"v"}]}');
  const list = body['list'];
  const before = JSON.stringify(body);
  normaliseInput(body, DEFAULT_TRIM, true, 65);
  assert.is(JSON.stringify(body), before);
  assert.ok(body['list'] === list);
});

walk('class instances and other non-plain objects are values, not input: untouched', () => {
  class Box {
    text = ' boxed ';
  }
  const date = new Date(0);
  const input = { box: new Box(), date, map: new Map([['k', ' v ']]) };
  normaliseInput(input as unknown as InputBag, DEFAULT_TRIM, true, 65);
  assert.is(input.box.text, ' boxed ');
  assert.ok(input.date === date);
  assert.is(input.map.get('k'), ' v ');
});

walk('containers deeper than the limit are left as they are (no recursion at all)', () => {
  let deep: unknown = ' bottom ';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const bag = { deep, top: ' t ' } as InputBag;
  normaliseInput(bag, DEFAULT_TRIM, true, 100_002);
  let cursor: unknown = bag['deep'];
  while (Array.isArray(cursor)) cursor = cursor[0];
  assert.is(cursor, 'bottom', 'an iterative walk reaches 100,000 levels without a stack overflow');
  let shallow: unknown = ' bottom ';
  for (let i = 0; i < 5; i++) shallow = [shallow];
  const limited = { shallow } as InputBag;
  normaliseInput(limited, DEFAULT_TRIM, true, 3);
  assert.equal(limited['shallow'], [[[[[' bottom ']]]]]);
});

walk('a large array is one linear pass', async () => {
  const itemsOf = (count: number) => Array.from({ length: count }, (_, i) => (i % 2 === 0 ? ` ${i} ` : ''));
  // Each run normalises a fresh copy: the walk changes the array in place.
  await assertLinear(
    'normaliseInput over an array',
    (count) => {
      const source = itemsOf(count);
      return () => normaliseInput({ items: [...source] } as InputBag, DEFAULT_TRIM, true, 65);
    },
    20_000,
  );
  const items = itemsOf(200_000);
  const bag = { items } as InputBag;
  normaliseInput(bag, DEFAULT_TRIM, true, 65);
  assert.is(items[0], '0');
  assert.is(items[1], null);
  assert.is(items[199_998], '199998');
});

walk('__proto__ as a key (own data property) is trimmed like any key and never reaches a prototype', () => {
  const bag = JSON.parse('{"__proto__":"  x  ","nested":{"__proto__":""}}') as InputBag;
  normaliseInput(bag, DEFAULT_TRIM, true, 65);
  assert.is(Object.getPrototypeOf(bag), Object.prototype);
  assert.is(Object.getOwnPropertyDescriptor(bag, '__proto__')?.value, 'x');
  const nested = bag['nested'] as object;
  assert.is(Object.getPrototypeOf(nested), Object.prototype, 'null did not become the prototype');
  assert.is(Object.getOwnPropertyDescriptor(nested, '__proto__')?.value, null);
});

walk.run();
