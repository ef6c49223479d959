/**
 * egulias' `isLabelTooLong`, whose answer for a label with non-ASCII
 * characters is ICU's (PHP's `idn_to_ascii`, UTS #46 transitional): each row
 * is [the label as egulias measures it (after the first, with its dot),
 * PHP 8.2's answer]. The mapping also agreed with ICU on every code point the
 * lexer keeps (136,707 labels of one character among others).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isLabelTooLong } from '../../../src/php/email/label-length.js';
import { assertLinear } from '../../helpers/growth.js';

const PHP: readonly (readonly [string, boolean])[] = [
  [`${'a'.repeat(63)}`, false],
  [`${'a'.repeat(64)}`, true],
  [`.${'a'.repeat(62)}`, false],
  [`.${'a'.repeat(63)}`, true],
  [`${'ü'.repeat(57)}`, false],
  [`${'ü'.repeat(58)}`, true],
  [`.${'ü'.repeat(57)}`, false],
  [`.${'ü'.repeat(58)}`, true],
  [`${'例'.repeat(57)}`, false],
  [`${'例'.repeat(58)}`, true],
  [`ab${'é'.repeat(54)}`, false],
  [`ab${'é'.repeat(55)}`, true],
  [`${'ᾀ'.repeat(26)}`, false],
  [`${'ᾀ'.repeat(27)}`, true],
  [`x${'ß'.repeat(31)}`, false],
  [`x${'ß'.repeat(32)}`, true],
  [`${'ı'.repeat(57)}`, false],
  [`${'ı'.repeat(58)}`, true],
  [`${'ꭰ'.repeat(57)}`, false],
  [`${'ꭰ'.repeat(58)}`, true],
  [`${'Ａ'.repeat(63)}`, false],
  [`${'Ａ'.repeat(64)}`, true],
  ['münchen-straßenbahn-haltestelle-hauptbahnhof-nord-süd-ost-west', true],
  ['mu\u0308nchen-straßenbahn-haltestelle-hauptbahnhof-nord-süd-ost-wes', true],
  [`\u0301${'é'.repeat(70)}`, false],
  [`${'Ӏ'.repeat(70)}`, false],
  [`${'ü'.repeat(40)}。${'ü'.repeat(40)}`, false],
  [`${'ü'.repeat(30)}。${'ü'.repeat(70)}`, true],
  [`xn--${'ü'.repeat(70)}`, false],
  [`${'①'.repeat(63)}`, false],
  [`${'①'.repeat(64)}`, true],
  ['e\u0301'.repeat(57), false], // composed to é
  ['e\u0301'.repeat(58), true],
  ['é\ufe0f'.repeat(57), false], // variation selectors are ignored
  ['é\ufe0f'.repeat(58), true],
];

const test = suite('isLabelTooLong as egulias on PHP 8.2 (ICU 72)');

for (const [label, tooLong] of PHP) {
  test(`${JSON.stringify(label).slice(0, 50)} (${label.length}) is ${tooLong ? '' : 'not '}too long`, () => {
    assert.is(isLabelTooLong(label), tooLong);
  });
}

test('100 KB labels are measured in linear time', async () => {
  for (const unit of ['a', 'é', 'e\u0301', '\ufe0f', '例', 'ü\u3002']) {
    await assertLinear(
      JSON.stringify(unit),
      (size) => {
        const label = unit.repeat(size / unit.length);
        return () => isLabelTooLong(label);
      },
      10_000,
    );
  }
});

test.run();
