/** libmagic's CSV test (is_csv.c of file 5.40), on its edge cases; tests/files/libmagic-cases.ts has PHP's answers. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { looksLikeCsv } from '../../src/files/sniff-csv.js';

const test = suite('looksLikeCsv');
const csv = (text: string, limit = 1 << 20) => looksLikeCsv(Buffer.from(text, 'latin1'), limit);

test('the same number of commas on three lines or more, the first having some', () => {
  assert.ok(csv('a,b\n1,2\n3,4\n'));
  assert.not.ok(csv('a,b\n1,2\n'), 'two lines');
  assert.not.ok(csv('a\nb\nc\n'), 'no comma on the first line');
  assert.not.ok(csv('a,b\n1,2,3\n4,5\n'), 'a line with more');
  assert.not.ok(csv('a,b\n1,2\n3,4'), 'a last line without \\n is not counted');
});

test('commas inside double quotes do not count; "" is an escaped quote', () => {
  assert.ok(csv('"a,b",c\n"x ""y"", z",2\n3,4\n'));
  assert.not.ok(csv('"a,b\n1,2\n3,4\n'), 'an unclosed quote swallows the rest');
});

test('the tenth line decides; later lines are not read', () => {
  const nine = `${Array.from({ length: 9 }, () => 'a,b').join('\n')}\n`;
  assert.ok(csv(`${nine}a,b\n`));
  assert.not.ok(csv(`${nine}a,b,c\n`));
  assert.ok(csv(`${nine}a,b\nnot csv at all\n`));
});

test('only the first `limit` bytes are read', () => {
  assert.not.ok(csv('a,b\n1,2\n3,4\n', 8));
});
test.run();
