/**
 * `strtotime` and `date_parse` as PHP 8.2 answers them: every expectation
 * below was printed by PHP 8.2.36 (timelib 2022.12) with the default
 * timezone UTC and "now" at Monday 2024-01-15 10:30:45 UTC. `date_parse`'s
 * year, month and day are compared for strings that parse without error
 * (null is PHP's `false`, a field the string does not give).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UNSET } from '../../../src/php/strtotime/parsed-time.js';
import { parseDateString } from '../../../src/php/strtotime/scanner.js';
import { checkParsedDate, strtotime } from '../../../src/php/strtotime/strtotime.js';

const NOW = { sse: 1_705_314_645, us: 0 };

/** [string, strtotime, [year, month, day] of date_parse]. */
const PHP: ReadonlyArray<readonly [string, number | false, readonly [number | null, number | null, number | null]]> = [
  ['2024-01-15', 1705276800, [2024, 1, 15]],
  ['2024-1-5', 1704412800, [2024, 1, 5]],
  ['2024-01-15 10:30', 1705314600, [2024, 1, 15]],
  ['2024-01-15T10:30:00Z', 1705314600, [2024, 1, 15]],
  ['2024-01-15T10:30:00.5+02:00', 1705307400, [2024, 1, 15]],
  ['2024-01-15 10:30:00 Europe/Paris', 1705311000, [2024, 1, 15]],
  ['2024-07-15 10:30:00 Europe/Paris', 1721032200, [2024, 7, 15]],
  ['2024-01-15 10:00 EST', 1705330800, [2024, 1, 15]],
  ['2024-01-15 10:00 EDT', 1705327200, [2024, 1, 15]],
  ['2024-01-15 10:00 (CET)', 1705309200, [2024, 1, 15]],
  ['2024-01-15 10:00 GMT+0530', 1705293000, [2024, 1, 15]],
  ['2024-01-15 10:00 Z', 1705312800, [2024, 1, 15]],
  ['2024/01/15', 1705276800, [2024, 1, 15]],
  ['01/15/2024', 1705276800, [2024, 1, 15]],
  ['1/15', 1705276800, [null, 1, 15]],
  ['15-01-2024', 1705276800, [2024, 1, 15]],
  ['15.01.2024', 1705276800, [2024, 1, 15]],
  ['15.01.24', 1705330884, [null, null, null]],
  ['24-01-15', 1705276800, [2024, 1, 15]],
  ['15 January 2024', 1705276800, [2024, 1, 15]],
  ['Jan 15, 2024', 1705276800, [2024, 1, 15]],
  ['January 15th, 2024', 1705276800, [2024, 1, 15]],
  ['Mon, 15 Jan 2024 10:00:00 +0000', 1705312800, [2024, 1, 15]],
  ['15/Jan/2024:10:00:00 +0100', 1705309200, [2024, 1, 15]],
  ['2024:01:15 10:00:00', 1705312800, [2024, 1, 15]],
  ['20240115', 1705276800, [2024, 1, 15]],
  ['20240115T103000', 1705314600, [2024, 1, 15]],
  ['2024-015', 1705276800, [2024, 1, 15]],
  ['2024-W03', 1705276800, [2024, 1, 1]],
  ['2024W032', 1705363200, [2024, 1, 1]],
  ['2024-01', 1704067200, [2024, 1, 1]],
  ['January 2024', 1704067200, [2024, 1, 1]],
  ['2024 January', 1704067200, [2024, 1, 1]],
  ['jan', 1705276800, [null, 1, null]],
  ['XII 2024', 1733011200, [2024, 12, 1]],
  ['@1700000000', 1700000000, [1970, 1, 1]],
  ['@-1.5', -2, [1970, 1, 1]],
  ['@1.', false, [1970, 1, 1]],
  ['now', 1705314645, [null, null, null]],
  ['today', 1705276800, [null, null, null]],
  ['midnight', 1705276800, [null, null, null]],
  ['noon', 1705320000, [null, null, null]],
  ['tomorrow', 1705363200, [null, null, null]],
  ['yesterday', 1705190400, [null, null, null]],
  ['tomorrow noon', 1705406400, [null, null, null]],
  ['+1 day', 1705401045, [null, null, null]],
  ['-1 week', 1704709845, [null, null, null]],
  ['+1 month', 1707993045, [null, null, null]],
  ['2 weeks ago', 1704105045, [null, null, null]],
  ['1 year 2 months 3 days ago', 1668249045, [null, null, null]],
  ['+1 weekday', 1705401045, [null, null, null]],
  ['+5 weekdays', 1705919445, [null, null, null]],
  ['3 weekdays ago', 1704882645, [null, null, null]],
  ['next monday', 1705881600, [null, null, null]],
  ['last monday', 1704672000, [null, null, null]],
  ['this monday', 1705276800, [null, null, null]],
  ['monday', 1705276800, [null, null, null]],
  ['sunday this week', 1705795200, [null, null, null]],
  ['monday next week', 1705881600, [null, null, null]],
  ['next week', 1705919445, [null, null, null]],
  ['last year', 1673778645, [null, null, null]],
  ['first day of next month', 1706783445, [null, null, null]],
  ['last day of next month', 1709202645, [null, null, null]],
  ['last day of february', 1709164800, [null, 2, null]],
  ['first monday of january 2025', 1736121600, [2025, 1, 1]],
  ['last friday of next month', 1708646400, [null, null, null]],
  ['second tuesday of march 2024', 1710201600, [2024, 3, 1]],
  ['10:30', 1705314600, [null, null, null]],
  ['10:30:45.5', 1705314645, [null, null, null]],
  ['10am', 1705312800, [null, null, null]],
  ['10:30 p.m.', 1705357800, [null, null, null]],
  ['12am', 1705276800, [null, null, null]],
  ['t1030', 1705314600, [null, null, null]],
  ['back of 7pm', 1705346100, [null, null, null]],
  ['front of 7', 1705301100, [null, null, null]],
  ['2023-02-29', 1677628800, [2023, 2, 29]],
  ['2024-02-30', 1709251200, [2024, 2, 30]],
  ['2024-13-01', false, [2024, 1, 1]],
  ['0000-00-00', -62169984000, [0, 0, 0]],
  ['2024-01-15 25:00', false, [2024, 1, 15]],
  ['a', 1705311045, [null, null, null]],
  ['EST', 1705332645, [null, null, null]],
  ['Europe/Paris', 1705311045, [null, null, null]],
  ['europe/paris', false, [null, null, null]],
  ['abc', false, [null, null, null]],
  ['', false, [null, null, null]],
  [' ', 1705314645, [null, null, null]],
  ['0', false, [null, null, null]],
  ['1', false, [null, null, null]],
  ['12', false, [null, null, null]],
  ['1.5', 1705280700, [null, null, null]],
  ['1e3', false, [null, null, null]],
  ['true', false, [null, null, null]],
  ['2024-01-15 UTC UTC', 1705276800, [2024, 1, 15]],
  ['2024-01-15 UTC UTC UTC', false, [2024, 1, 15]],
  ['2024-01-15 2024-01-16', false, [2024, 1, 15]],
  ['10:00 11:00', false, [null, null, null]],
  ['+1 µs', 1705314645, [null, null, null]],
  ['2024-03-31 02:30:00 Europe/Paris', 1711848600, [2024, 3, 31]],
  ['2024-10-27 02:30:00 Europe/Paris', 1729989000, [2024, 10, 27]],
  ['2024-03-10 02:30 America/New_York', 1710055800, [2024, 3, 10]],
  ['2024-11-03 01:30 America/New_York', 1730611800, [2024, 11, 3]],
  ['15 janvier 2024', false, [null, 1, 15]],
  ['2024-01-15 10:00', 1705312800, [2024, 1, 15]],
];

const test = suite('strtotime and date_parse, as PHP 8.2');

for (const [text, expected, fields] of PHP) {
  test(`strtotime(${JSON.stringify(text)})`, () => {
    assert.is(strtotime(text, NOW), expected);
    if (expected !== false) {
      const t = parseDateString(text);
      const read = (n: number): number | null => (n === UNSET ? null : n);
      assert.equal([read(t.y), read(t.m), read(t.d)], fields);
    }
  });
}

test('checkdate on what date_parse read: a real day with a year from 1 to 32767', () => {
  const ok = (s: string): boolean => checkParsedDate(parseDateString(s));
  assert.ok(ok('2024-02-29'));
  assert.not.ok(ok('2023-02-29'));
  assert.not.ok(ok('2024-02-30'));
  assert.not.ok(ok('0000-01-01'));
  assert.not.ok(ok('tomorrow'), 'no year, month or day');
  assert.ok(ok('2024-01'), 'the day defaults to 1');
  assert.ok(ok('@1700000000'), 'a timestamp names 1970-01-01 plus seconds');
  assert.not.ok(ok('jan 5'), 'no year');
});

test.run();
