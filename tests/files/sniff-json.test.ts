/** libmagic's JSON test (is_json.c of file 5.40): lenient and strict where it is; tests/files/libmagic-cases.ts has PHP's answers. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { looksLikeJson } from '../../src/files/sniff-json.js';

const test = suite('looksLikeJson');
const json = (text: string, limit = 1 << 20) => looksLikeJson(Buffer.from(text, 'latin1'), limit);

test('a first value with an object or an array in it', () => {
  for (const ok of [
    '{}',
    '[]',
    '[1,2]',
    ' \n{"a": {"b": [null, true, false, -1.5e3, "\\u00e9\\n"]}}',
    '{"a":1} trailing text',
    '[01]',
    '[1.]',
    '[.5]',
  ])
    assert.ok(json(ok), ok);
  for (const not of ['', '   ', '1', '"x"', 'true', '[', '{"a"}', '{"a":}', '{a:1}', '["\\x"]', '["a\u0000"]', '[-]'])
    assert.not.ok(json(not), not);
});

test("libmagic's leniencies and strictnesses", () => {
  assert.ok(json('[1,]'), 'a trailing comma in an array');
  assert.ok(json('{"a":1,}'), 'and in an object');
  assert.ok(json('[nope]'), 'a constant is its first letter and the right number of bytes');
  assert.not.ok(json('[true'), 'a constant needs one more byte after it');
  assert.not.ok(json('[ ]'), 'white space before ] is not skipped');
  assert.not.ok(json('[1, ]'));
  assert.not.ok(json('[1e]'), 'an exponent needs digits');
});

test('nesting is bounded as libmagic bounds it', () => {
  assert.ok(json(`${'['.repeat(10)}1${']'.repeat(10)}`));
  assert.not.ok(json(`${'['.repeat(11)}1${']'.repeat(11)}`));
  assert.not.ok(json(`${'['.repeat(100_000)}`), 'deep input stops early');
});

test('only the first `limit` bytes are read', () => {
  assert.not.ok(json('{"a": 1}', 4));
});
test.run();
