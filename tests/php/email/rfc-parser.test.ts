/**
 * The egulias port answers as PHP: every row below is egulias/email-validator
 * 3.2.5's RFCValidation on PHP 8.2 (Laravel 11's `email` and, with no
 * warning, `email:strict`): whether the address is valid, and the warnings it
 * raises (the error it reports, as a comment). Picked from a differential run
 * of 56,000 adversarial addresses (all agreed): two of each error and
 * of each warning, the shortest, plus the common and the quirky forms.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EmailLexer } from '../../../src/php/email/lexer.js';
import { parseAddress, passesRfcValidations } from '../../../src/php/email/rfc-parser.js';
import type { EmailWarning } from '../../../src/php/email/warnings.js';
import { assertLinear } from '../../helpers/growth.js';

const PHP: readonly (readonly [string, boolean, readonly EmailWarning[]])[] = [
  ['user@example.com', true, []],
  ['john.doe@example.co.uk', true, []],
  ['a@b', true, ['TLD']],
  ['user@localhost', true, ['TLD']],
  ['a@b.c', true, []],
  ['user@[1.2.3.4]', true, ['AddressLiteral', 'TLD']],
  ['a@[1.2.3.4]xyz', true, ['AddressLiteral', 'TLD']],
  [`a@b.${'a'.repeat(63)}`, false, []], // LabelTooLong
  [`a@${'a'.repeat(63)}.b`, true, []],
  [`a@${'a'.repeat(64)}.b`, false, []], // LabelTooLong
  [`a@b.${'a'.repeat(62)}`, true, []],
  ['"john doe"@example.com', true, ['QuotedString']],
  ['john(work)@example.com', true, ['CFWSNearAt', 'Comment']],
  ['john@(c)example.com', true, ['Comment', 'DeprecatedComment']],
  ['john@example(c).com', true, ['Comment']],
  ['john@example.com(c)', false, ['Comment']], // ExpectingATEXT
  ['aſb@example.com', true, []],
  ['a@exKmple.com', true, []],
  ['IPv6@example.com', true, []],
  ['a@[IPv6:::1]', true, ['AddressLiteral', 'IPV6ColonStart', 'TLD']],
  ['a@[IPv6:1:2:3:4:5:6:7:8]', true, ['AddressLiteral', 'TLD']],
  ['a@[IPv6:1::2::3]', true, ['AddressLiteral', 'IPV6DoubleColon', 'TLD']],
  ['a@[IPv6:1:2:3:4:5:6:1.2.3.4]', true, ['AddressLiteral', 'TLD']],
  ['a@[IPv6:1:2:3:4:5:6:7:8:9]', true, ['AddressLiteral', 'IPV6GroupCount', 'TLD']],
  ['a@[IPv6:1:2:3:4:5:6:7]', true, ['AddressLiteral', 'IPV6GroupCount', 'TLD']],
  ['a@[IPv6:1:2:3:4:5:6:7:]', true, ['AddressLiteral', 'IPV6ColonEnd', 'TLD']],
  ['a@[IPv6:g::1]', true, ['AddressLiteral', 'IPV6BadChar', 'TLD']],
  ['"a"."b"@c.d', false, ['QuotedString']], // ExpectingATEXT
  ['a."b"@c.d', true, ['QuotedString']],
  ['"a"b@c.d', false, ['QuotedString']], // ExpectingATEXT
  ['a\\@b@c.d', false, []], // ExpectingATEXT
  ['josé@example.com', true, []],
  ['用户@例子.广告', true, []],
  ['ü@münchen.de', true, []],
  ['a@xn--bcher-kva.de', true, []],
  ['a.@b.c', false, []], // DotAtEnd
  ['.a@b.c', false, []], // DotAtStart
  ['a..b@c.d', false, []], // ConsecutiveDot
  ['a@-b.c', false, []], // DomainHyphened
  ['a@b-.c', false, []], // DomainHyphened
  ['a@b..c', false, []], // ConsecutiveDot
  ['a@b.c.', false, []], // DotAtEnd
  ['a@.b.c', false, []], // DotAtStart
  ['a@b_c.d', false, []], // ExpectingATEXT
  ['a_b@c.d', true, []],
  ['a b@c.d', false, []], // AtextAfterCFWS
  ['a@b c.d', false, []], // AtextAfterCFWS
  ['a@b.c ', false, ['CFWSWithFWS']], // ExpectingATEXT
  [' a@b.c', false, []], // AtextAfterCFWS
  ['a @b.c', true, ['CFWSNearAt']],
  ['a\r\n @b.c', true, ['CFWSNearAt', 'CFWSWithFWS']],
  ['a@@b.c', false, []], // ConsecutiveAt
  ['@b.c', false, []], // NoLocalPart
  ['a@', false, []], // NoDomainPart
  ['𞀰@b.c', false, []], // ExpectingATEXT
  ['©@b.c', false, []], // ExpectingATEXT
  ['😀@b.c', false, []], // ExpectingATEXT
  ['¿@b.c', true, []],
  ['¡@b.c', true, []],
  ['a@¡.c', false, []], // ExpectingATEXT
  [`${'a'.repeat(64)}@b.c`, true, []],
  [`${'a'.repeat(65)}@b.c`, true, ['LocalTooLong']],
  [`${'é'.repeat(32)}@b.c`, true, []],
  [`${'é'.repeat(33)}@b.c`, true, ['LocalTooLong']],
  ['a@[mail]', true, ['DomainLiteral', 'TLD']],
  ['a@b.c[1.2.3.4]', true, ['AddressLiteral']],
  ['"\\"@b.c', false, ['QuotedString']], // ExpectingATEXT
  ['"a\\"b"@c.d', true, ['QuotedString']],
  ['a\\ b@c.d', true, []],
  ['(a\\ b)c@d.e', true, ['CFWSNearAt', 'Comment', 'QuotedPart']],
  ['a@b.com\u0000', false, []], // ExpectingATEXT
  ['a\u007f@b.c', false, []], // ExpectingATEXT
  [`a@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaaaaaa`, true, ['EmailTooLong']],
  [`a@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(10)}`, false, ['EmailTooLong']], // DomainTooLong
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaaa`, true, []],
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaaaa`, true, ['EmailTooLong']],
  [`a@${'ü'.repeat(20)}.de`, true, []],
  [`a@${'ü'.repeat(58)}.de`, false, []], // LabelTooLong
  [`a@${'ü'.repeat(59)}.de`, false, []], // LabelTooLong
  [`a@b.${'例'.repeat(20)}`, true, []],
  [`a@b.${'例'.repeat(21)}`, true, []],
  ['a@StraßeStraßeStraßeStraßeStraßeStraßeStraßeStraßeStraße.de', true, []],
  ['a@straßestraßestraßestraßestraßestraßestraßestraßestraßestraße.de', false, []], // LabelTooLong
  ['>@', false, []], // ExpectingATEXT
  [':@', false, []], // ExpectingATEXT
  ['(@', false, []], // UnclosedComment
  ['-(@', false, []], // UnclosedComment
  ['A@@', false, []], // ConsecutiveAt
  ['K@@', false, []], // ConsecutiveAt
  ['a6@[[]', false, ['TLD']], // ExpectingDTEXT
  ['ü@[1\u0000]', false, ['TLD']], // ExpectingDTEXT
  ['a@中Ⅻ１Ａ例①例用中文字Ⅻ户字Ａ字中户ﬁｂＡⅫｶ文ｶ', false, []], // LabelTooLong
  ['a@户字例²ⅫⅫ²字户ö①字１ü中ä文ä１ööⅫäⅫü文', false, []], // LabelTooLong
  [')@', false, []], // UnOpenedComment
  [')@"', false, []], // UnOpenedComment
  ['a@-', false, []], // DomainHyphened
  ['a@-a', false, []], // DomainHyphened
  ['!.@', false, []], // DotAtEnd
  ['b.@~', false, []], // DotAtEnd
  ['~@', false, []], // NoDomainPart
  ['0@', false, []], // NoDomainPart
  ['K@1..c', false, []], // ConsecutiveDot
  ['::@a..', false, []], // ConsecutiveDot
  ['\r\n@', false, []], // CRLFX2
  ['\r\n@1', false, []], // CRLFX2
  ['\r@。', false, []], // CRNoLF
  ['\r@c', false, []], // CRNoLF
  ['.@', false, []], // DotAtStart
  ['\\@[', false, ['TLD']], // ExpectingDomainLiteralClose
  ['K@[', false, ['TLD']], // ExpectingDomainLiteralClose
  ['"@', false, []], // UnclosedQuotedString
  ['K@\\', false, []], // CharNotAllowed
  ['a@/', false, []], // CharNotAllowed
  ['\n@', false, []], // ExpectingCTEXT
  ['\u00a0@\n', false, []], // ExpectingCTEXT
  ['1@[1\\.2.3.4]', false, ['ObsoleteDTEXT', 'TLD']], // UnusualElements
  ['a@[1\\.2.3.4]', false, ['ObsoleteDTEXT', 'TLD']], // UnusualElements
  [' Z@', false, []], // AtextAfterCFWS
  [' b"@_', false, []], // AtextAfterCFWS
  ['@', false, []], // NoLocalPart
  [
    'a@x.｡｡\u00a0。．｡．｡．｡．．｡。．｡．｡｡．。｡\u00a0｡\u00a0。｡\u00a0．\u00a0｡。。。｡｡\u00a0｡。\u00a0｡．。\u00a0。｡｡。．\u00a0\u00a0。．\u00a0\u00a0\u00a0。。\u00a0\u00a0。。\u00a0｡｡\u00a0.①ＡＡ①Ⅻ①ｂ①１ｂ①ﬁ①ﬁ１１ﬁⅫⅫ１ｂｶ１Ⅻ',
    false,
    ['EmailTooLong'],
  ], // DomainTooLong
  [
    'a@x.ﬁｶ\ufe0fｂＡ\u180b\u034f\u034f①Ａﬁ\ufe0f\u034fⅫ\ufe0f\u180b１\u034f²１\u034f\u180b\u034f\ufe0fｂ１\u180bｶＡｶ\u180b\u180bＡ\u034fﬁＡ①Ⅻ\u034f\u180b\u180b①\u180b１Ⅻ①\ufe0fⅫｶ①\ufe0f\u034fｶＡ①１Ａ\u180b\ufe0fﬁｂ\u180b\ufe0f１\u034fＡ①²\u034f.文字例用例中字例用户户中例户文例用文字字字文',
    false,
    ['EmailTooLong'],
  ], // DomainTooLong
  ['A@1', true, ['TLD']],
  ['户中文字中字用中中字户文文用文字例例中户例用@b.com', true, ['LocalTooLong']],
  ['用文用例例户例中户用用文用户用字例例字字用用中@b.com', true, ['LocalTooLong']],
  ['a@[IPv6]', true, ['AddressLiteral', 'IPV6GroupCount', 'TLD']],
  ['a@[IPv6d]', true, ['AddressLiteral', 'IPV6GroupCount', 'TLD']],
  ['""@b', true, ['QuotedString', 'TLD']],
  ['""@c', true, ['QuotedString', 'TLD']],
  [' ¿@。', true, ['CFWSWithFWS', 'TLD']],
  ['"\t"@1', true, ['CFWSWithFWS', 'QuotedString', 'TLD']],
  ['K@[:1]', true, ['DomainLiteral', 'IPV6ColonStart', 'TLD']],
  ['1@[:1]', true, ['DomainLiteral', 'IPV6ColonStart', 'TLD']],
  ['A@[]', true, ['DomainLiteral', 'TLD']],
  ['a@[]x', true, ['DomainLiteral', 'TLD']],
  ['K@[IPv6:1:2:3:4::5:6:7]', true, ['AddressLiteral', 'IPV6Deprecated', 'TLD']],
  ['a4@[IPv6:1:2:3:4::5:6:7]', true, ['AddressLiteral', 'IPV6Deprecated', 'TLD']],
  ['¿@[(::x\n)]', true, ['DomainLiteral', 'ObsoleteDTEXT', 'TLD']],
  ['1@[1.2\n3.4]', true, ['DomainLiteral', 'ObsoleteDTEXT', 'TLD']],
  ['b@[IPv6:g::1]', true, ['AddressLiteral', 'IPV6BadChar', 'TLD']],
  ['A@[IPv6:g::1]', true, ['AddressLiteral', 'IPV6BadChar', 'TLD']],
  ['(c)@1', true, ['CFWSNearAt', 'Comment', 'TLD']],
  ['(c)@uk', true, ['CFWSNearAt', 'Comment', 'TLD']],
  [' @ab4', true, ['CFWSNearAt', 'TLD']],
  ['a@[IPv6::::]', true, ['AddressLiteral', 'IPV6ColonStart', 'IPV6DoubleColon', 'TLD']],
  ['a@[IPv6::::1]', true, ['AddressLiteral', 'IPV6ColonStart', 'IPV6DoubleColon', 'TLD']],
  ['a@[IPv6:]', true, ['AddressLiteral', 'IPV6ColonEnd', 'IPV6GroupCount', 'TLD']],
  ['(\\ ).K. @uk', true, ['CFWSNearAt', 'Comment', 'QuotedPart', 'TLD']],
  ['(\\ )@例え', true, ['CFWSNearAt', 'Comment', 'QuotedPart', 'TLD']],
  ['a@(c)b.com', true, ['Comment', 'DeprecatedComment']],
  ['"a"@[IPv69:f9f:9:6::b:ab:d12c:5]', true, ['AddressLiteral', 'IPV6MaxGroups', 'QuotedString', 'TLD']],
  ['a@[IPv6::dd:1f:2f7:c79b:62a:2::62]', true, ['AddressLiteral', 'IPV6ColonStart', 'IPV6MaxGroups', 'TLD']],
  ['a@co.1', true, []],
  ['a@cx.1', true, []],
  ['a@x.xn', true, []],
  // plain addresses at each length limit (the parser's shortcut), and what makes them not plain
  [`${'a'.repeat(63)}@b.co`, true, []],
  [`${'a'.repeat(64)}@b.co`, true, []],
  [`${'a'.repeat(65)}@b.co`, true, ['LocalTooLong']],
  [`a@${'a'.repeat(62)}.co`, true, []],
  [`a@b.${'a'.repeat(62)}`, true, []],
  [`a@b.${'a'.repeat(62)}.co`, true, []],
  [`a@${'a'.repeat(63)}.co`, true, []],
  [`a@b.${'a'.repeat(63)}`, false, []], // LabelTooLong
  [`a@b.${'a'.repeat(63)}.co`, false, []], // LabelTooLong
  [`a@${'a'.repeat(64)}.co`, false, []], // LabelTooLong
  [`a@b.${'a'.repeat(64)}`, false, []], // LabelTooLong
  [`a@b.${'a'.repeat(64)}.co`, false, []], // LabelTooLong
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaa`, true, []],
  [`a@${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.aa`, true, []],
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaa`, true, []],
  [`a@${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.aaa`, true, []],
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaaa`, true, []],
  [`a@${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.aaaa`, true, []],
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaaaa`, true, ['EmailTooLong']],
  [`a@${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.aaaaa`, true, ['EmailTooLong']],
  [`${'a'.repeat(64)}@${'a'.repeat(60)}.${'a'.repeat(60)}.${'a'.repeat(60)}.aaaaaaaa`, true, ['EmailTooLong']],
  [`a@${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.${'a'.repeat(61)}.aaaaaa`, false, ['EmailTooLong']], // DomainTooLong
  ['a@IPv6.com', false, []], // ExpectingATEXT
  ['a@b.IPv6', false, []], // ExpectingATEXT
  ['a@xIPv6.com', true, []],
  ['a@1IPv6.com', false, []], // ExpectingATEXT
  ['a@IPv64.com', false, []], // ExpectingATEXT
  ['IPv6@b.com', true, []],
  ['a@b--c.com', true, []],
  ['a@b-.com', false, []], // DomainHyphened
  ['a@-b.com', false, []], // DomainHyphened
  ['a@b.c-', false, []], // DomainHyphened
  ['a@1.2', true, []],
  ['a@1.2.3.4', true, []],
  ['_@b.co', true, []],
  ['a@b_c.co', false, []], // ExpectingATEXT
  ['a`{|}~@b.co', true, []],
  ['a/b=c?d^e@b.co', true, []],
  ['a@B.CO', true, []],
  ['A.B@C.D', true, []],
  ['a@b.c4', true, []],
  ['a@b.c46', true, []],
  ['a@b.-c', true, ['TLD']],
];

const test = suite('egulias RFCValidation: validity and warnings as PHP');

for (const [value, valid, warnings] of PHP) {
  test(`${JSON.stringify(value).slice(0, 70)} is ${valid ? `valid${warnings.length > 0 ? ` with ${warnings.join(', ')}` : ''}` : 'invalid'}`, () => {
    const found = new Set<EmailWarning>();
    assert.is(parseAddress(new EmailLexer(), value, found), valid);
    if (valid) assert.equal([...found].sort(), [...warnings]);
    assert.is(passesRfcValidations(value, ['rfc']), valid);
    assert.is(passesRfcValidations(value, ['strict']), valid && warnings.length === 0);
  });
}

test('a second parse on the same lexer measures its local part after the first domain (email:rfc,strict)', () => {
  const value = `${'a'.repeat(60)}@bbbbbbb.cc`;
  assert.is(passesRfcValidations(value, ['strict']), true);
  assert.is(passesRfcValidations(value, ['strict', 'rfc']), true);
  // The strict parse reads "bbbbbbb.cc" + 60 a's: 70 octets, LocalTooLong.
  assert.is(passesRfcValidations(value, ['rfc', 'strict']), false);
  assert.is(passesRfcValidations(`${'a'.repeat(54)}@bbbbbbb.cc`, ['rfc', 'strict']), true);
});

test('100 KB of any character is parsed in linear time', async () => {
  for (const unit of ['a', '.', '"', '(', ')', '[', ']', '\\', ' ', '@', 'é', '::', 'a.', '("', '\\"', '(a)', '"a".', '[1.2.3.4]']) {
    for (const prefix of ['', 'a@', 'a@b.', 'a@[', '"', '(', 'a@(']) {
      await assertLinear(
        JSON.stringify(prefix + unit),
        (size) => {
          const value = prefix + unit.repeat(size / unit.length);
          return () => passesRfcValidations(value, ['rfc', 'strict']);
        },
        10_000,
      );
    }
  }
});

test.run();
