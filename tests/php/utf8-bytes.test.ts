/**
 * The browser-safe byte views of a string must answer as node's `Buffer`
 * did, for ASCII, every UTF-8 length, surrogate pairs and lone surrogates.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { utf8AsLatin1, utf8ByteLength } from '../../src/php/utf8-bytes.js';

const test = suite('utf8 bytes');

const LISTED = [
  '',
  'a',
  'plain ascii',
  'é',
  'ß',
  '€',
  '日本語',
  '😀',
  'a😀b',
  '\ud83d',
  '\ude00',
  'x\ud83dy',
  '\ude00\ud83d',
  '\u0000',
  '\u07ff\u0800',
  '\uffff',
  'x'.repeat(20000) + '€',
];

test('utf8ByteLength is Buffer.byteLength', () => {
  for (const text of LISTED) assert.is(utf8ByteLength(text), Buffer.byteLength(text), JSON.stringify(text.slice(0, 20)));
});

test("utf8AsLatin1 is Buffer.from(text, 'utf8').toString('latin1')", () => {
  for (const text of LISTED) assert.is(utf8AsLatin1(text), Buffer.from(text, 'utf8').toString('latin1'), JSON.stringify(text.slice(0, 20)));
});

test('both agree with Buffer on random strings of any code unit', () => {
  let seed = 11;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const units = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff];
  for (let i = 0; i < 2000; i++) {
    let text = '';
    for (let j = next(10); j > 0; j--) text += String.fromCharCode(next(3) === 0 ? units[next(units.length)]! : next(0x10000));
    assert.is(utf8ByteLength(text), Buffer.byteLength(text));
    assert.is(utf8AsLatin1(text), Buffer.from(text, 'utf8').toString('latin1'));
  }
});

test.run();
