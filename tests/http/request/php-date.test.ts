/** Dates from input: Carbon's parse for the common forms, createFromFormat for PHP's letters. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDate, parseDateFormat } from '../../../src/http/request/php-date.js';
import { strtotime } from '../../../src/php/strtotime/strtotime.js';
import { createFromFormat } from '../../../src/php/strtotime/from-format.js';
import { assertLinear } from '../../helpers/growth.js';

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

// NOW is Sunday 2024-03-10 12:00:00 UTC; each expected instant below is worked out by hand from PHP's rules.
test("parse: PHP's relative formats, as strtotime and the date rule read them", () => {
  const cases: [string, string][] = [
    ['now', '2024-03-10T12:00:00.000Z'],
    ['next monday', '2024-03-11T00:00:00.000Z'], // a weekday name sets the time to midnight
    ['monday next week', '2024-03-11T00:00:00.000Z'],
    ['+1 week 2 days', '2024-03-19T12:00:00.000Z'], // relative units keep the time of day
    ['-3 hours', '2024-03-10T09:00:00.000Z'],
    ['tomorrow', '2024-03-11T00:00:00.000Z'],
    ['yesterday noon', '2024-03-09T12:00:00.000Z'],
    ['today 14:30', '2024-03-10T14:30:00.000Z'],
    ['midnight', '2024-03-10T00:00:00.000Z'],
    ['first day of next month', '2024-04-01T12:00:00.000Z'], // "first day of" keeps the time
    ['last day of february', '2024-02-29T00:00:00.000Z'], // a month name is a date: midnight
    ['first monday of april 2024', '2024-04-01T00:00:00.000Z'],
    ['1 March 2024', '2024-03-01T00:00:00.000Z'],
    ['March 1, 2024 5pm', '2024-03-01T17:00:00.000Z'],
    ['Sat, 09 Mar 2024 08:00:00 GMT', '2024-03-09T08:00:00.000Z'],
    ['2024-03-09 08:00:00.123456', '2024-03-09T08:00:00.123Z'],
    ['2024-02-30', '2024-03-01T00:00:00.000Z'], // an overflowing day is a warning for PHP, not an error
  ];
  for (const [text, expected] of cases) assert.is(iso(parseDate(text, 'UTC', NOW)), expected, text);
});

test('parse: "now" and the relative formats are read in the time zone given', () => {
  // 12:00 UTC is 21:00 on Sunday in Tokyo (UTC+9) and 01:00 on Monday 11 in Auckland (UTC+13 in March).
  assert.is(iso(parseDate('tomorrow', 'Asia/Tokyo', NOW)), '2024-03-10T15:00:00.000Z');
  assert.is(iso(parseDate('next monday', 'Pacific/Auckland', NOW)), '2024-03-17T11:00:00.000Z');
  assert.is(iso(parseDate('first day of next month midnight', 'Europe/Paris', NOW)), '2024-03-31T22:00:00.000Z');
});

test('parse: a zone or offset in the text wins over the zone given apart, as Carbon lets it', () => {
  assert.is(iso(parseDate('2024-01-01T10:00:00+05:00', 'America/New_York', NOW)), '2024-01-01T05:00:00.000Z');
  assert.is(iso(parseDate('2024-01-01 10:00:00 Europe/Paris', 'America/New_York', NOW)), '2024-01-01T09:00:00.000Z');
  assert.is(iso(parseDate('2024-01-01 10:00 EST', 'Asia/Tokyo', NOW)), '2024-01-01T15:00:00.000Z');
  assert.is(iso(parseDate('2024-01-01 10:00Z', 'Asia/Tokyo', NOW)), '2024-01-01T10:00:00.000Z');
  assert.is(iso(parseDate('@1700000000', 'Europe/Paris', NOW)), '2023-11-14T22:13:20.000Z');
  // Without a zone given apart (Carbon's null), a time in a named zone takes that zone's day: still Sunday 10 in
  // Tokyo, already Monday 11 in Auckland (PHP's DateTime reads "now" in the zone of the text).
  assert.is(iso(parseDate('08:00 Asia/Tokyo', null, NOW)), '2024-03-09T23:00:00.000Z');
  assert.is(iso(parseDate('08:00 Pacific/Auckland', null, NOW)), '2024-03-10T19:00:00.000Z');
});

test('parse: numbers that are not plain digits are Unix timestamps, as Carbon reads them', () => {
  assert.is(iso(parseDate(1700000000, 'Europe/Paris', NOW)), '2023-11-14T22:13:20.000Z'); // a JSON number
  assert.is(iso(parseDate(1.5, 'UTC', NOW)), '1970-01-01T00:00:01.500Z');
  assert.is(iso(parseDate('1700000000.5', 'UTC', NOW)), '2023-11-14T22:13:20.500Z');
  assert.is(iso(parseDate('0', 'UTC', NOW)), '2024-03-10T12:00:00.000Z'); // Carbon: an empty value is now
});

test('parse: text that is no date is undefined', () => {
  for (const text of ['invalid', 'not a date', 'next blursday', '2024-01-01 banana', '@'])
    assert.is(parseDate(text, 'UTC', NOW), undefined, text);
});

test("createFromFormat: PHP's letters, resets and the zone in the text", () => {
  const cases: [string, string, string, string][] = [
    // format, value, zone given apart, expected
    ['Y-m-d', '2024-01-05', 'UTC', '2024-01-05T12:00:00.000Z'], // unread fields are now's
    ['Y-m-d|', '2024-01-05', 'UTC', '2024-01-05T00:00:00.000Z'],
    ['!d', '15', 'UTC', '1970-01-15T00:00:00.000Z'],
    ['H:i', '08:30', 'UTC', '2024-03-10T08:30:00.000Z'], // a time given zeroes the unread time fields
    ['d M Y', '05 Jan 2024', 'UTC', '2024-01-05T12:00:00.000Z'],
    ['D, d M Y H:i', 'Fri, 05 Jan 2024 10:00', 'UTC', '2024-01-05T10:00:00.000Z'],
    ['Y-m-d H:i:s e', '2024-01-05 10:00:00 Europe/Paris', 'America/New_York', '2024-01-05T09:00:00.000Z'],
    ['Y-m-d H:i:s P', '2024-01-05 10:00:00 +05:00', 'America/New_York', '2024-01-05T05:00:00.000Z'],
    ['Y-m-d H:i:s T', '2024-01-05 10:00:00 EST', 'UTC', '2024-01-05T15:00:00.000Z'],
    ['Y-m-d H:i', '2024-01-05 10:00', 'Europe/Paris', '2024-01-05T09:00:00.000Z'],
    ['U', '1577896225', 'Europe/Paris', '2020-01-01T16:30:25.000Z'], // a timestamp is UTC whatever the zone
    ['Y-m-d+', '2024-01-05 and more', 'UTC', '2024-01-05T12:00:00.000Z'], // + allows trailing data
    ['Y?m?d', '2024/01/05', 'UTC', '2024-01-05T12:00:00.000Z'], // ? is any byte
    ['Y-m-d', '2024-13-01', 'UTC', '2025-01-01T12:00:00.000Z'], // month 13 overflows, as PHP's warning allows
    ['c', '2024-01-05T10:00:00+02:00', 'UTC', '2024-01-05T08:00:00.000Z'], // Carbon reads c as Y-m-d\TH:i:sP
    ['A h:i', 'PM 03:15', 'UTC', '2024-03-10T15:15:00.000Z'], // Carbon moves a meridian written first
    ['Y-m-d Q', '2024-01-05 Q', 'UTC', '2024-01-05T12:00:00.000Z'], // an unknown letter is a literal
  ];
  for (const [format, value, zone, expected] of cases)
    assert.is(iso(parseDateFormat(format, value, zone, NOW)), expected, `${format} ${value}`);
});

test('createFromFormat: a value that does not fit is undefined', () => {
  const cases: [string, string][] = [
    ['Y-m-d', '2024-01-05 10:00'], // trailing data
    ['Y-m-d H:i', '2024-01-05'], // data missing
    ['H:i', '8:5'], // minutes are two digits
    ['h:i', '13:00'], // a 12-hour clock stops at 12
    ['Y-m-d Q', '2024-01-05 R'],
    ['M', 'Foo'],
  ];
  for (const [format, value] of cases) assert.is(parseDateFormat(format, value, 'UTC', NOW), undefined, `${format} ${value}`);
});

test('each value is read in time linear in its length, whatever it holds', async () => {
  const texts: [string, (size: number) => string, string | null][] = [
    ['digits', (n) => '9'.repeat(n), null],
    ['spaces inside', (n) => `2024-01-05${' '.repeat(n)}x`, null],
    ['meridians and a newline', (n) => `${'am '.repeat(n / 3)}\n1`, null],
    ['meridians before the hour', (n) => `${'am '.repeat(n / 3)}\n1`, 'A h:i'],
    ['spaces for a format', (n) => `2024-01-05${' '.repeat(n)}x`, 'Y-m-d H'],
    ['trailing data allowed', (n) => `2024-01-05${'x'.repeat(n)}`, 'Y-m-d+'],
  ];
  for (const [label, make, format] of texts) {
    await assertLinear(
      label,
      (size) => {
        const text = make(size);
        return () => (format === null ? parseDate(text, 'UTC', NOW) : parseDateFormat(format, text, 'UTC', NOW));
      },
      30_000,
    );
  }
  // Past the parser's bound a text is no date; a format reads as far as it goes, as PHP does.
  assert.is(parseDate(`2024-01-05${' '.repeat(1_000_000)}x`, 'UTC', NOW), undefined);
  assert.is(iso(parseDateFormat('Y-m-d+', `2024-01-05${'x'.repeat(1_000_000)}`, 'UTC', NOW)), '2024-01-05T12:00:00.000Z');
});

test.run();
