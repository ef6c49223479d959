/**
 * `domainToAscii` is the browser-safe `email:dns` host conversion: it must
 * answer exactly as node's `url.domainToASCII`, which the rule used before,
 * for ordinary names, IDNA names, and every kind of input the URL parser
 * refuses or rewrites.
 */
import { domainToASCII } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { domainToAscii } from '../../src/php/domain-to-ascii.js';

const test = suite('domainToAscii');

const LISTED: readonly string[] = [
  'example.com',
  'EXAMPLE.com',
  'münchen.de',
  'xn--mnchen-3ya.de',
  'faß.de',
  'ΑΒΓ.gr',
  'ａｂｃ.com',
  'a\u3002b',
  '\u3002',
  '\uff0e',
  'Ⅻ.com',
  '١٢٣.com',
  '😀.com',
  'a\u00adb.com',
  '\u00ad.com',
  '\u200d.com',
  'xn--zca.de',
  'xn--a.com',
  'xn--',
  'ｘｎ--abc',
  '-a.com',
  'a-.com',
  'ab--c.com',
  'a_b.com',
  'a..b',
  '.a',
  'a.',
  'a..',
  '.',
  '..',
  '',
  ' ',
  'a b',
  'a\tb',
  'a\nb',
  '\u0000',
  'a\u0000b',
  'a:b',
  'a:80',
  'a/b',
  'a?b',
  'a#b',
  'a\\b',
  'a@b',
  'a*b',
  'a<b',
  'a^b',
  'a|b',
  'a"b',
  "a'b",
  '%41.com',
  'a%2Fb',
  '[::1]',
  '[::1',
  '::1',
  '1.2.3.4',
  '0x7f.1',
  '256.1.1.1',
  '1.2.3.4.5',
  '1.1',
  '0',
  '4294967295',
  '4294967296',
  '09.1',
  'a.09',
  'a.0x1',
  `${'b'.repeat(64)}.com`,
  'a'.repeat(300),
  'localhost',
];

test('agrees with node on ordinary, IDNA and refused names', () => {
  for (const host of LISTED) assert.is(domainToAscii(host), domainToASCII(host), JSON.stringify(host));
});

test('agrees with node on random names built from odd pieces', () => {
  const pieces = [
    'a',
    'Z',
    '0',
    '9',
    '.',
    '-',
    '_',
    'ü',
    'ß',
    'xn--',
    '\u3002',
    '%',
    ':',
    '/',
    '@',
    ' ',
    '\u00ad',
    '[',
    ']',
    'ǅ',
    '\ud83d\ude00',
    '٣',
  ];
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 0; i < 3000; i++) {
    let host = '';
    const length = 1 + next(12);
    for (let j = 0; j < length; j++) host += pieces[next(pieces.length)];
    assert.is(domainToAscii(host), domainToASCII(host), JSON.stringify(host));
  }
});

test.run();
