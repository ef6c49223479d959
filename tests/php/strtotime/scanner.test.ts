/**
 * The scanner's own guarantees: the shortcut for ISO 8601 strings finds the
 * tokens the full scan finds, the first-byte dispatch never skips a rule
 * that could match, strings are read as PHP's bytes, and the work per value
 * is bounded (128 bytes after trimming, and the scan stops at the first error).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RULES } from '../../../src/php/strtotime/grammar.js';
import { emptyParsedTime } from '../../../src/php/strtotime/parsed-time.js';
import { commonFormTokens, MAX_DATE_BYTES, parseDateString, scan, toBytes } from '../../../src/php/strtotime/scanner.js';
import { assertLinear } from '../../helpers/growth.js';

const test = suite('strtotime scanner');

/** ISO 8601 variants around the shortcut's edges (hours 23/24, seconds 59/60, zones, fractions). */
function isoVariants(): string[] {
  const out: string[] = [];
  for (const date of ['2024-01-15', '1999-12-31', '2024-02-30', '0000-00-00', '2024-12-31', '2024-13-01', '2024-1-05']) {
    out.push(date);
    for (const sep of [' ', 'T', 't', '  ']) {
      for (const time of ['00:00', '23:59', '24:00', '10:30:00', '10:30:59', '10:30:60', '09:05:07.5', '10:30:00.123456789', '1:30']) {
        for (const zone of ['', 'Z', 'z', '+02:00', '-0530', '+2400', ' UTC', '+02']) out.push(`${date}${sep}${time}${zone}`);
      }
    }
  }
  return out;
}

test('the ISO 8601 shortcut gives what the full scan gives', () => {
  let shortcuts = 0;
  for (const text of isoVariants()) {
    const full = emptyParsedTime();
    scan(full, text);
    if (commonFormTokens(text) !== null) shortcuts++;
    assert.equal(parseDateString(text), full, text);
  }
  assert.ok(shortcuts > 200, `the shortcut is taken (${shortcuts} times)`);
});

test('no rule is skipped by the first-byte dispatch: every match starts with a byte its rule admits', () => {
  const samples = [
    ...isoVariants(),
    'next monday',
    'last day of next month',
    '+1 week 2 days ago',
    '@1700000000.5',
    'Mon, 15 Jan 2024 10:00:00 +0000',
    '15/Jan/2024:10:00:00 +0100',
    'back of 7pm',
    'front of 7',
    'XII 2024',
    '2024W032',
    'first sat of next month',
    'noon tomorrow',
    '(CET) GMT+0530 Europe/Paris',
    '\u00c2\u00a010:00',
    '+1 \u00c2\u00b5s',
    'sept 5th, 2024 10pm',
    't1030',
    'ago',
    'weekdays',
    '-2024-01-01',
  ];
  for (const text of samples) {
    const padded = `${toBytes(text)}\0\0`;
    for (let pos = 0; pos < padded.length; pos++) {
      for (const rule of RULES) {
        rule.pattern.lastIndex = pos;
        if (rule.pattern.exec(padded) !== null)
          assert.ok(rule.first.test(padded[pos]!), `${rule.action} at ${pos} of ${JSON.stringify(text)}`);
      }
    }
  }
});

test('strings are read as their UTF-8 bytes, as PHP reads them: no-break spaces separate, letters do not', () => {
  assert.is(toBytes('a\u00a0b'), 'a\u00c2\u00a0b');
  assert.is(parseDateString('2024-01-15\u00a010:00').errors, 0);
  assert.is(parseDateString('2024-01-15\u202f10:00').errors, 0);
  assert.ok(parseDateString('15 janvier 2024').errors > 0);
  assert.ok(parseDateString('é').errors > 0);
});

test('surrounding whitespace is trimmed first; a blank string is "now" (no error), an empty one an error', () => {
  assert.is(parseDateString(`\n\t 2024-01-15 \r\v\f`).errors, 0);
  assert.is(parseDateString('   ').errors, 0);
  assert.is(parseDateString('').errors, 1);
});

test(`a string longer than ${MAX_DATE_BYTES} bytes after trimming is not a date; the padding around it does not count`, () => {
  const padding = ' '.repeat(100_000);
  assert.is(parseDateString(`${padding}2024-01-15${padding}`).errors, 0);
  assert.is(parseDateString(`2024-01-15${' '.repeat(MAX_DATE_BYTES - 11)}1`).errors, 1, 'over the bound');
  assert.is(parseDateString(`2024-01-15${' '.repeat(MAX_DATE_BYTES - 12)}Z`).errors, 0, 'at the bound');
  assert.is(parseDateString('ä'.repeat(65)).errors, 1, '130 bytes');
});

test('the scan stops at the first error', () => {
  const t = parseDateString('abc 2024-01-15');
  assert.is(t.errors, 1);
  assert.is(t.haveDate, false, 'the date after the error was never read');
});

test('every value within the bound parses in time linear in its length, however adversarial', async () => {
  const units = [
    '+',
    '-',
    '1',
    '12 ',
    '2024 ',
    ' ',
    'a ',
    'jan ',
    'ago ',
    '+1 day ',
    'mon ',
    '1.',
    '1:',
    '@1',
    '1/',
    'first ',
    'of ',
    'GMT+',
    'I ',
    'st ',
    'weekday ',
  ];
  // From a tenth of the bound to the bound: a backtracking or quadratic scan shows as a ratio near 100 or far more.
  const textOf = (unit: string, tail: string, size: number) =>
    unit.repeat(Math.ceil(size / unit.length)).slice(0, size - tail.length) + tail;
  for (const unit of units) {
    for (const tail of ['', '!', ' day', '1']) {
      await assertLinear(
        JSON.stringify(textOf(unit, tail, MAX_DATE_BYTES).slice(0, 20)),
        (size) => {
          const text = textOf(unit, tail, size);
          return () => parseDateString(text);
        },
        Math.floor(MAX_DATE_BYTES / 10),
      );
    }
  }
});

test('the same string twice in a row is parsed once: one frozen answer, which its readers cannot change', () => {
  const first = parseDateString('2024-01-15 10:00 Europe/Paris +1 day');
  assert.ok(parseDateString('2024-01-15 10:00 Europe/Paris +1 day') === first);
  assert.ok(Object.isFrozen(first) && Object.isFrozen(first.relative));
  assert.throws(() => {
    (first.relative as { d: number }).d = 5;
  });
  assert.is(parseDateString('2024-01-16').d, 16);
  assert.is(parseDateString('2024-01-15 10:00 Europe/Paris +1 day').relative.d, 1);
});

test.run();
