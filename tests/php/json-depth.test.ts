/**
 * The depth guard run before JSON.parse: the same answer as a character by
 * character walk on every kind of text (strings holding brackets, escaped
 * quotes, runs of backslashes), and on a body that is one long string it
 * costs a fraction of JSON.parse itself, not several times it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonNestsDeeperThan } from '../../src/php/json-depth.js';
import { assertLinear, cpuCost } from '../helpers/growth.js';

/** The plain walk the guard must agree with. */
function reference(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > max) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

test('agrees with the plain walk on fixed cases', () => {
  const cases = [
    '{"a":"[[[[[[[["}',
    '{"a":"\\"[[[[[[[[\\""}',
    '{"a":"\\\\"}[[[[[[[[[',
    '{"a":"\\\\\\"[[[[[[[[[["}',
    '[[[[[[[[[[]]]]]]]]]]',
    '{"a":[{"b":[{"c":[{"d":[]}]}]}]}',
    '"unterminated [[[[[[[[[[[',
    '{"x":"\\\\\\\\"}[[[[[[[[[[[',
  ];
  for (const text of cases) {
    for (const max of [0, 1, 2, 3, 5, 8]) assert.is(jsonNestsDeeperThan(text, max), reference(text, max), `${text} at ${max}`);
  }
});

test('agrees with the plain walk on 20,000 random texts of quotes, backslashes and brackets', () => {
  const alphabet = ['"', '\\', '[', ']', '{', '}', 'a', ',', ':'];
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  for (let n = 0; n < 20_000; n++) {
    let text = '';
    const length = random() % 40;
    for (let i = 0; i < length; i++) text += alphabet[random() % alphabet.length];
    const max = random() % 6;
    assert.is(jsonNestsDeeperThan(text, max), reference(text, max), JSON.stringify(text));
  }
});

test('a 1 MiB body that is one long string costs a fraction of JSON.parse', async () => {
  const text = JSON.stringify({ title: 'hello', data: 'x'.repeat(1024 * 1024) });
  const guard = await cpuCost(() => jsonNestsDeeperThan(text, 64));
  const parse = await cpuCost(() => JSON.parse(text));
  assert.ok(guard < parse, `the guard took ${guard.toFixed(3)} ms, JSON.parse ${parse.toFixed(3)} ms`);
});

test('linear on strings of backslashes and escaped quotes', async () => {
  await assertLinear(
    'runs of backslashes',
    (size) => {
      const text = `{"a":"${'\\\\\\"'.repeat(size)}"}`;
      return () => jsonNestsDeeperThan(text, 64);
    },
    10_000,
  );
});

test.run();
