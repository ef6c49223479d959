/** timelib's calendar arithmetic: weekdays, epoch days both ways, overflow normalisation. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { civilFromDays, dayOfWeek, daysInMonth, epochDays, normalize } from '../../../src/php/strtotime/calendar.js';

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

/** timelib's do_range_limit_days walk, month by month, as the reference for whole-date jumps. */
function walkDays(f: { y: number; m: number; d: number }): void {
  const carryMonth = () => {
    const years = Math.floor((f.m - 1) / 12);
    f.y += years;
    f.m -= years * 12;
  };
  carryMonth();
  while (f.d <= 0) {
    f.m--;
    carryMonth();
    f.d += daysInMonth(f.y, f.m);
  }
  while (f.d > daysInMonth(f.y, f.m)) {
    f.d -= daysInMonth(f.y, f.m);
    f.m++;
    carryMonth();
  }
}

test('days far out of range land where the month-by-month walk lands', () => {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let k = 0; k < 2000; k++) {
    const y = next(4000) - 1000;
    const m = next(14) - 1;
    const d = next(2 * 146_097) - 146_097;
    if (y === 1970) continue; // January 1970 has timelib's own shortcut (magic_date_calc)
    const f = { y, m, d, h: 0, i: 0, s: 0, us: 0 };
    normalize(f);
    const g = { y, m, d };
    walkDays(g);
    assert.equal({ y: f.y, m: f.m, d: f.d }, g, `${y}-${m}-${d}`);
  }
});

test('normalising 146,000 days costs about what 40 days cost, not a walk of 4,800 months', () => {
  const time = (days: number) => {
    const started = process.hrtime.bigint();
    for (let k = 0; k < 20_000; k++) normalize({ y: 2024, m: 1, d: days, h: 10, i: 0, s: 0, us: 0 });
    return Number(process.hrtime.bigint() - started);
  };
  time(40); // warm up
  const near = Math.min(time(40), time(40));
  const far = Math.min(time(146_000), time(146_000));
  assert.ok(far < 10 * near, `146,000 days took ${(far / near).toFixed(1)}x the time of 40`);
});

test.run();
