/** timelib's calendar arithmetic: weekdays, epoch days both ways, overflow normalisation. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { civilFromDays, dayOfWeek, daysInMonth, epochDays, normalize } from '../../../src/validation/strtotime/calendar.js';

const test = suite('strtotime calendar');

test('day of week (0 = Sunday) across centuries and leap years', () => {
  assert.is(dayOfWeek(2024, 1, 15), 1);
  assert.is(dayOfWeek(2000, 2, 29), 2);
  assert.is(dayOfWeek(1900, 3, 1), 4);
  assert.is(dayOfWeek(-1, 12, 31), 5);
});

test('epoch days and back, for any year', () => {
  for (const [y, m, d] of [
    [1970, 1, 1],
    [2024, 2, 29],
    [1969, 12, 31],
    [0, 3, 1],
    [-4713, 11, 24],
    [275_760, 9, 13],
    [9_999_999, 12, 31],
  ] as const) {
    assert.equal(civilFromDays(epochDays(y, m, d)), { y, m, d });
  }
  assert.is(epochDays(2024, 1, 15), 19_737);
});

test('normalisation carries overflow as PHP does: 2024-02-30 is March 1st, month 13 the next January', () => {
  const f = { y: 2024, m: 2, d: 30, h: 24, i: 60, s: 60, us: 1_000_000 };
  normalize(f);
  assert.equal(f, { y: 2024, m: 3, d: 2, h: 1, i: 1, s: 1, us: 0 });
  const g = { y: 2024, m: 13, d: 0, h: -1, i: 0, s: 0, us: 0 };
  normalize(g);
  assert.equal(g, { y: 2024, m: 12, d: 30, h: 23, i: 0, s: 0, us: 0 });
  assert.is(daysInMonth(2100, 2), 28);
});

test.run();
