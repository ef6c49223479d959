/** Dates from input: Carbon's parse for the common forms, createFromFormat for PHP's letters. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDate, parseDateFormat } from '../../../src/http/request/php-date.js';
import { strtotime } from '../../../src/php/strtotime/strtotime.js';
import { createFromFormat } from '../../../src/php/strtotime/from-format.js';

const test = suite('input dates');
const NOW = new Date('2024-03-10T12:00:00Z');
const iso = (date: Date | undefined) => date?.toISOString();

test('parse: ISO dates and times, two-digit years, offsets, bare times, keywords, @seconds', () => {
  assert.is(iso(parseDate('2020-01-01', 'UTC', NOW)), '2020-01-01T00:00:00.000Z');
  assert.is(iso(parseDate('20-01-01 16:30:25', 'UTC', NOW)), '2020-01-01T16:30:25.000Z');
  assert.is(iso(parseDate('2020-01-01T16:30:25.5+02:00', 'UTC', NOW)), '2020-01-01T14:30:25.500Z');
  assert.is(iso(parseDate('16:30', 'UTC', NOW)), '2024-03-10T16:30:00.000Z');
  assert.is(iso(parseDate('tomorrow', 'UTC', NOW)), '2024-03-11T00:00:00.000Z');
  assert.is(iso(parseDate('@1577896225', 'UTC', NOW)), '2020-01-01T16:30:25.000Z');
  assert.is(parseDate('invalid', 'UTC', NOW), undefined);
  assert.is(parseDate('2020-13-01', 'UTC', NOW), undefined);
});

test('wall-clock times are read in the time zone', () => {
  assert.is(iso(parseDate('2020-01-01 13:30:25', 'America/Santiago', NOW)), '2020-01-01T16:30:25.000Z');
  assert.is(iso(parseDate('2024-07-01 12:00', 'Europe/Paris', NOW)), '2024-07-01T10:00:00.000Z');
});

test('createFromFormat: PHP letters, U, literals; what does not fit is undefined', () => {
  assert.is(iso(parseDateFormat('U', '1577896225', 'UTC', NOW)), '2020-01-01T16:30:25.000Z');
  assert.is(iso(parseDateFormat('d/m/Y H:i', '31/12/2023 08:05', 'UTC', NOW)), '2023-12-31T08:05:00.000Z');
  assert.is(iso(parseDateFormat('!Y-m-d', '2023-12-31', 'UTC', NOW)), '2023-12-31T00:00:00.000Z');
  assert.is(parseDateFormat('invalid_format', '20-01-01 16:30:25', 'UTC', NOW), undefined);
  assert.is(parseDateFormat('Y-m-d', '2023-12-31 extra', 'UTC', NOW), undefined);
});

test("wall clocks in a zone as PHP 8.2's DateTime reads them with the zone given apart (Carbon's $tz)", () => {
  // Each: new DateTime($value, new DateTimeZone($zone))->getTimestamp() on PHP 8.2.
  const cases: [string, string, number][] = [
    ['2024-07-01 12:00:00', 'Asia/Kathmandu', 1719814500],
    ['2020-01-01 13:30:25', 'America/Santiago', 1577896225],
    ['2024-03-31 02:30:00', 'Europe/Paris', 1711848600], // in the hour skipped in spring: moved forward
    ['2024-10-27 02:30:00', 'Europe/Paris', 1729992600], // in the hour read twice in autumn
    ['2024-10-27 01:30:00', 'Europe/London', 1729992600],
    ['2024-11-03 01:30:00', 'America/New_York', 1730611800],
    ['2024-04-07 01:45:00', 'Australia/Lord_Howe', 1712416500], // a half-hour change
    ['1850-06-01 12:00:00', 'Europe/Paris', -3773736561], // local mean time, to the second
    ['0020-01-01 00:00:00', 'UTC', -61536067200], // a year below 100 is that year
  ];
  for (const [wall, zone, seconds] of cases) assert.is(parseDate(wall, zone, NOW)?.getTime(), seconds * 1000, `${wall} in ${zone}`);
});

test('agrees with the PHP port: a format that gives every field, and a wall clock with its zone in the text', () => {
  const at = { sse: NOW.getTime() / 1000, us: 0 };
  const format = 'd/m/Y H:i:s';
  const value = '31/12/2023 08:05:09';
  assert.is(parseDateFormat(format, value, 'UTC', NOW)?.getTime(), createFromFormat(format, value, at)!.sse * 1000);
  // Outside an hour read twice, a zone given apart and one in the text are the same instant.
  const port = strtotime('2024-07-01 12:00:00 Europe/Paris', at);
  assert.is(parseDate('2024-07-01 12:00:00', 'Europe/Paris', NOW)?.getTime(), (port as number) * 1000);
});

test('an unknown zone is a RangeError (request.date() answers it as a LogicException)', () => {
  assert.throws(() => parseDate('2024-07-01 12:00', 'Mars/Olympus_Mons', NOW), RangeError);
  assert.throws(() => parseDateFormat('Y-m-d', '2024-07-01', 'Mars/Olympus_Mons', NOW), RangeError);
});

test.run();
