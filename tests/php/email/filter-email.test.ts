/**
 * `email:filter` and `email:filter_unicode` answer as PHP 8.2's
 * `filter_var($v, FILTER_VALIDATE_EMAIL)` without and with
 * `FILTER_FLAG_EMAIL_UNICODE`: every row is [address, PHP's answer, PHP's
 * answer with the flag], from a differential run of 52,000 adversarial
 * addresses (all agreed, save 22 where PCRE gave up: see below).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isFilterEmail } from '../../../src/php/email/filter-email.js';
import { assertLinear } from '../../helpers/growth.js';

const PHP: readonly (readonly [string, boolean, boolean])[] = [
  ['user@example.com', true, true],
  ['a@b', false, false],
  ['a@b.c', true, true],
  ['a@b.c1', true, true],
  ['a@b.1c', false, false],
  ['a@1.2.3.4', false, false],
  ['a@b-c.d', true, true],
  ['a@b--c.de', true, true],
  ['a@-b.de', false, false],
  ['a@b-.de', false, false],
  ['a@b_c.de', false, false],
  ['"a"@c.uk', true, true],
  ['"a b"@c.uk', false, false],
  ['"a\\ b"@c.uk', true, true],
  ['"a\\"b"@c.uk', true, true],
  ['"a.b"@c.uk', true, true],
  ['""@c.uk', true, true],
  ['a.b.c@d.ef', true, true],
  ['a..b@c.de', false, false],
  ['.a@b.cd', false, false],
  ['a.@b.cd', false, false],
  ["o'neil+tag@x.io", true, true],
  ['a{b}|c~@d.ef', true, true],
  ['a@ſ.com', false, true],
  ['a@exKmple.com', false, true],
  ['aſ@b.com', false, true],
  ['josé@example.com', false, true],
  ['a@exämple.com', false, false],
  ['用户@例子.广告', false, false],
  ['用户@example.com', false, true],
  ['١٢٣@example.com', false, true],
  ['a@[1.2.3.4]', true, true],
  ['a@[01.2.3.4]', false, false],
  ['a@[256.2.3.4]', false, false],
  ['a@[IPv6:::1]', true, true],
  ['a@[ipv6:::1]', true, true],
  ['a@[IPv6:1:2:3:4:5:6:7:8]', true, true],
  ['a@[IPv6:1:2:3:4:5:6:7]', false, false],
  ['a@[IPv6:1::2:3:4:5:6:7]', false, false],
  ['a@[IPv6:1::2:3:4:5:6]', true, true],
  ['a@[IPv6:1:2:3:4:5:6:1.2.3.4]', true, true],
  ['a@[IPv6:1:2:3:4:5::1.2.3.4]', false, false],
  ['a@[IPv6:1:2:3::1.2.3.4]', true, true],
  ['a@[IPv6:1:2:3:4::1.2.3.4]', true, true],
  ['a@[IPv6:::1.2.3.4]', true, true],
  ['a@[1.2.3.4]x', false, false],
  ['a@b.com\n', false, false],
  [' a@b.com', false, false],
  ['a@b.com ', false, false],
  [`a@${'a'.repeat(63)}.com`, true, true],
  [`a@${'a'.repeat(64)}.com`, false, false],
  [`a@b.${'a'.repeat(63)}`, true, true],
  [`${'a'.repeat(64)}@b.com`, true, true],
  [`${'a'.repeat(65)}@b.com`, false, false],
  [`"${'a'.repeat(62)}"@b.com`, true, true],
  [`"${'a'.repeat(63)}"@b.com`, true, true],
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaa`, true, true],
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaaa`, true, true],
  [`${'é'.repeat(64)}@b.com`, false, true],
  [`${'é'.repeat(65)}@b.com`, false, false],
  [`a@${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.com`, false, false],
  ['"a\\é"@b.com', false, false],
  ['a\u007f@b.com', false, false],
  ['"a\u007f"@b.com', true, true],
  ['"a\tb"@c.uk', false, false],
  ['"a\\\tb"@c.uk', true, true],
  ['.@"[', false, false],
  ['\u0000[)"K@', false, false],
  ['\\"@。', false, false],
  ['@ſ"-\\', false, false],
  ['"q"@7x.Q', true, true],
  ['"q"@0.nc', true, true],
  ['@\u0301', false, false],
  ['@é', false, false],
  ['@"', false, false],
  ['"@', false, false],
  ['@', false, false],
  ['"@。', false, false],
  ['。":@', false, false],
  ['@\\\u00a0', false, false],
  ['@٣\\\\', false, false],
  ['\\"b@c', false, false],
  ['\\"@uk', false, false],
  ['@¡[', false, false],
  ['٣[@', false, false],
  ['@[', false, false],
  ['[@.', false, false],
  ['a@[IPV6:::]', true, true],
  ['K"@[ﬁK', false, false],
  ['Z"@用¿\u0301[', false, false],
  ['"\\ "@b.c', true, true],
  ['"a\\\\"@a.nc', true, true],
  ['a@a1.Q', true, true],
  ['ñ@x.aa', false, true],
  ['a+b@x.ſ', false, true],
  ['用"[@b\\b', false, false],
  [')\\@["ü\t¿', false, false],
  ['"\\"".a@ſ.bcQcmxQa', false, true],
  ['"\\ "."é"@aa.Q-naxbxb', false, true],
  ['é@[IPV6:::]', false, true],
  ['\\@[٣\u0000', false, false],
  ['@\n[é\\', false, false],
  ['@\\', false, false],
  ['\\@', false, false],
  ['"a"@[IPv6:::]', true, true],
  ['"a"@[ipv6:::]', true, true],
  ['Za[~\t@,\\', false, false],
  ['\\\t.\u0000@[()', false, false],
  ['"é"@0.xxax', false, true],
  ['"é"@xc7a.nx', false, true],
  ['"".\\@[]', false, false],
  ['"a\\@[1\u0000]', false, false],
  ['"ü".a-b@[IPv6:::1]', false, true],
  ['"a@b".é.a+tag@[1.2.3.4]', false, true],
];

const test = suite('FILTER_VALIDATE_EMAIL as PHP');

for (const [value, ascii, unicode] of PHP) {
  test(`${JSON.stringify(value).slice(0, 70)}: ${ascii}, unicode ${unicode}`, () => {
    assert.is(isFilterEmail(value, false), ascii);
    assert.is(isFilterEmail(value, true), unicode);
  });
}

test("where PHP's pattern backtracks past PCRE's limit, the pattern's meaning", () => {
  // PHP 8.2 (JIT, pcre.backtrack_limit 1000000) answers false from eight quoted words on; true with no limit.
  for (let words = 1; words <= 12; words++) {
    const value = `${Array(words).fill('"a"').join('.')}@b.com`;
    assert.is(isFilterEmail(value, false), true, value);
  }
});

test('a value of any length is read in linear time', async () => {
  for (const unit of ['a', '"', '"a".', '\\"', 'é', '.', '[', ':']) {
    await assertLinear(
      JSON.stringify(unit),
      (size) => {
        const value = `${unit.repeat(size / unit.length)}@b.com`;
        return () => isFilterEmail(value, true);
      },
      10_000,
    );
    await assertLinear(
      `IPv6 literal of ${JSON.stringify(unit)}`,
      (size) => {
        const value = `a@[IPv6:${unit.repeat(size / unit.length)}]`;
        return () => isFilterEmail(value, true);
      },
      300,
    );
  }
});

test.run();
