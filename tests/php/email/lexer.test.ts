/**
 * The tokens of egulias' EmailLexer, as PHP 8.2 cuts and types them
 * (doctrine/lexer's `preg_split` with EmailLexer's patterns): each row is
 * PHP's token list for the input.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { T, tokenize } from '../../../src/php/email/lexer.js';

const { GENERIC, INVALID, IPV6TAG, CRLF, DOUBLECOLON, NUL, INVERT_QUESTIONMARK, INVERT_EXCLAMATION } = T;

/** [input, PHP's hasInvalidTokens, PHP's tokens as [value, type]]. */
const PHP: readonly (readonly [string, boolean, readonly (readonly [string, number])[]])[] = [
  // a letter run takes one 4 or 6, and PCRE's caseless [a-zA-Z] takes ſ and the Kelvin sign
  [
    'aſbKc4x@IPv64.com',
    false,
    [
      ['aſbKc4', GENERIC],
      ['x', GENERIC],
      ['@', 64],
      ['IPv6', IPV6TAG],
      ['4', GENERIC],
      ['.', 46],
      ['com', GENERIC],
    ],
  ],
  [
    'IPv6::1:::',
    false,
    [
      ['IPv6', IPV6TAG],
      ['::', DOUBLECOLON],
      ['1', GENERIC],
      ['::', DOUBLECOLON],
      [':', 58],
    ],
  ],
  [
    'ipv6 IPV6 IPv66',
    false,
    [
      ['ipv6', GENERIC],
      [' ', 32],
      ['IPV6', GENERIC],
      [' ', 32],
      ['IPv6', IPV6TAG],
      ['6', GENERIC],
    ],
  ],
  // CRLF is one token; other controls than tab, CR, LF and NUL are invalid
  [
    'a\r\nb\r\v\f\x7f\0x',
    true,
    [
      ['a', GENERIC],
      ['\r\n', CRLF],
      ['b', GENERIC],
      ['\r', 13],
      ['\v', INVALID],
      ['\f', INVALID],
      ['\x7f', INVALID],
      ['\0', NUL],
      ['x', GENERIC],
    ],
  ],
  // one token per other character: ¿ and ¡ are named, symbols and format characters invalid
  [
    '¿¡©€é😀\u00a0\u200b',
    true,
    [
      ['¿', INVERT_QUESTIONMARK],
      ['¡', INVERT_EXCLAMATION],
      ['©', INVALID],
      ['€', INVALID],
      ['é', GENERIC],
      ['😀', INVALID],
      ['\u00a0', GENERIC],
      ['\u200b', INVALID],
    ],
  ],
  [
    '"a\\\\ b"(c)[1.2]',
    false,
    [
      ['"', 34],
      ['a', GENERIC],
      ['\\', 92],
      ['\\', 92],
      [' ', 32],
      ['b', GENERIC],
      ['"', 34],
      ['(', 40],
      ['c', GENERIC],
      [')', 41],
      ['[', 91],
      ['1', GENERIC],
      ['.', 46],
      ['2', GENERIC],
      [']', 93],
    ],
  ],
  [
    'ab12cd34',
    false,
    [
      ['ab', GENERIC],
      ['12', GENERIC],
      ['cd', GENERIC],
      ['34', GENERIC],
    ],
  ],
  // a combining mark alone is an atom; a letter Unicode added after version 14 is unknown to PHP's PCRE2
  [
    'x\u0301\u{1e030}',
    true,
    [
      ['x', GENERIC],
      ['\u0301', GENERIC],
      ['\u{1e030}', INVALID],
    ],
  ],
];

const test = suite('EmailLexer tokens as PHP');

for (const [input, hasInvalid, tokens] of PHP) {
  test(JSON.stringify(input), () => {
    const t = tokenize(input);
    const found = Array.from({ length: t.count }, (_, i) => [input.slice(t.start[i], t.start[i + 1]), t.type[i]]);
    assert.equal(found, tokens);
    assert.is(t.hasInvalid, hasInvalid);
  });
}

test.run();
