import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsv } from '../../src/validation/rule-parser.js';
import { run } from './helpers.js';

const csv = suite('parameters as str_getcsv reads them');

csv('commas split, quotes group', () => {
  assert.equal(parseCsv('a,b'), ['a', 'b']);
  assert.equal(parseCsv('"a,b",c'), ['a,b', 'c']);
});

csv('one line ending at the end of the text, and at the end of each unquoted field, is dropped', () => {
  assert.equal(parseCsv('x\n'), ['x']);
  assert.equal(parseCsv('a\n\n'), ['a']);
  assert.equal(parseCsv('a\r\n'), ['a']);
  assert.equal(parseCsv('a\n,b'), ['a', 'b']);
  assert.equal(parseCsv('\n\n'), ['']);
  assert.equal(parseCsv('\n'), ['']);
  assert.equal(parseCsv('a\nb\n'), ['a\nb']);
  assert.equal(parseCsv('\na'), ['\na']);
  assert.equal(parseCsv('"a\n"'), ['a\n']);
});

csv('so a rule reads its values as Laravel does', () => {
  assert.equal(run({ a: 'starts_with:x\n', b: 'in:p\n,q' }, { a: 'xy', b: 'p' }), { ok: true, validated: { a: 'xy', b: 'p' } });
});

csv.run();
