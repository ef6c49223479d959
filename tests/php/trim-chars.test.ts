/**
 * PHP's `trim`, `ltrim` and `rtrim` with a character list, as the ports call
 * them on what a client sends (a path, a query, a file name): the same
 * answers, in time linear in the text even when a run of the trimmed
 * characters sits inside it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { trimChars, trimEndChars } from '../../src/php/trim-chars.js';
import { assertLinear } from '../helpers/growth.js';

const trim = suite('php trim with a character list');

trim('both ends, as trim($text, $characters)', () => {
  assert.is(trimChars('//a/b//', '/'), 'a/b');
  assert.is(trimChars('&&a=1&&b=2&', '&'), 'a=1&&b=2');
  assert.is(trimChars(' \t\n\r\0\x0Bjpg \t', ' \t\n\r\0\x0B'), 'jpg');
  assert.is(trimChars('////', '/'), '');
  assert.is(trimChars('', '/'), '');
});

trim('the end only, as rtrim', () => {
  assert.is(trimEndChars('//a/b//', '/'), '//a/b');
  assert.is(trimEndChars('https://example.com/', '/'), 'https://example.com');
  assert.is(trimEndChars('a.b...', '.'), 'a.b');
  assert.is(trimEndChars('///', '/'), '');
});

trim('an unchanged text is returned as it is', () => {
  const text = 'a/b';
  assert.is(trimChars(text, '/'), text);
  assert.is(trimEndChars(text, '/'), text);
});

trim('linear in the text, with a long run of trimmed characters inside it', async () => {
  const inner = (size: number) => `a${'/'.repeat(size)}b`;
  await assertLinear(
    'trimChars',
    (size) => {
      const text = inner(size);
      return () => trimChars(text, '/');
    },
    20_000,
  );
  await assertLinear(
    'trimEndChars',
    (size) => {
      const text = inner(size);
      return () => trimEndChars(text, '/');
    },
    20_000,
  );
});

trim.run();
