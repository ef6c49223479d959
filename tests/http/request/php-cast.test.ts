/** PHP's casts as Laravel's typed accessors apply them. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isEmptyString, phpBool, phpFloat, phpInt, phpString, phpTrim } from '../../../src/http/request/php-cast.js';
import { assertLinear } from '../../helpers/growth.js';

const test = suite('PHP casts');

test('intval and floatval read the leading number', () => {
  assert.equal(
    ['123', ' 901', '078', '1ab', '2_000', 'nan', '1e3', '-4.9', '', null, [], [1], true].map(phpInt),
    [123, 901, 78, 1, 2, 0, 1000, -4, 0, 0, 0, 1, 1],
  );
  assert.equal(['1.23', '.6', '1.ab', '1e3', ' 90.1', 'x'].map(phpFloat), [1.23, 0.6, 1, 1000, 90.1, 0]);
  assert.is(phpInt('99999999999999999999'), 2 ** 63);
});

test('FILTER_VALIDATE_BOOLEAN', () => {
  assert.equal(['1', 'true', 'On', ' yes ', 1, true].map(phpBool), [true, true, true, true, true, true]);
  assert.equal(['0', 'false', 'off', 'no', '', 'maybe', 2, null, [], {}].map(phpBool), [
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
});

test('(string) and trim', () => {
  assert.equal([123, 123.456, 0, true, false, null, 'x', [1, 2], { a: 1 }].map(phpString), [
    '123',
    '123.456',
    '0',
    '1',
    '',
    '',
    'x',
    '',
    '',
  ]);
  assert.is(phpTrim(' \t\n\r\0\x0Bx\u00a0 '), 'x\u00a0');
});

test('isEmptyString: booleans and arrays are never empty', () => {
  assert.equal([null, undefined, '', '  ', '0', 0, false, [], {}].map(isEmptyString), [
    true,
    true,
    true,
    true,
    false,
    false,
    false,
    false,
    false,
  ]);
});

test('trim is linear in the text, whitespace inside it included (filled() and date() trim every value)', async () => {
  await assertLinear(
    'phpTrim of x, spaces, x',
    (size) => {
      const text = `x${' '.repeat(size)}x`;
      return () => isEmptyString(text) || phpTrim(` ${text} `).length !== text.length;
    },
    20_000,
  );
});

test.run();
