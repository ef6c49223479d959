import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nowInstant } from '../../src/validation/dates.js';
import { strtotime } from '../../src/php/strtotime/strtotime.js';
import { zoneClockReads } from '../../src/php/strtotime/zones.js';
import { compileSync, run, table } from './helpers.js';

const DATE = ['The value field must be a valid date.'];

const date = suite('date');
table(date, [
  ['date', '2024-01-15', null],
  ['date', '2024-1-5', null],
  ['date', '2024-02-29', null],
  ['date', '2023-02-29', DATE],
  ['date', '2024-13-01', DATE],
  ['date', '2024-04-31', DATE],
  ['date', '2024-01-15 10:30', null],
  ['date', '2024-01-15 10:30:00', null],
  ['date', '2024-01-15T10:30:00Z', null],
  ['date', '2024-01-15T10:30:00.123+02:00', null],
  ['date', '2024-01-15 25:00', DATE],
  ['date', '2024-01-15 10:61', DATE],
  ['date', '2024/01/15', null],
  ['date', '01/15/2024', null],
  ['date', '15/01/2024', DATE],
  ['date', '15-01-2024', null],
  ['date', '15.01.2024', null],
  ['date', '15 January 2024', null],
  ['date', 'Jan 15, 2024', null],
  ['date', 'Mon, 15 Jan 2024 10:00:00 +0000', null],
  ['date', '20240115', null],
  ['date', 20240115, null],
  ['date', 'tomorrow', DATE],
  ['date', '10:30', DATE],
  // Whatever strtotime reads with a year, a month and a day (date_parse + checkdate), as upstream.
  ['date', '2024-01', null],
  ['date', 'January 2024', null],
  ['date', '2024-W03', null],
  ['date', '@1700000000', null],
  ['date', '2024-01-15 10:30:00 Europe/Paris', null],
  ['date', '2024-01-15 +1 day', null],
  ['date', 'first day of january 2025', null],
  ['date', '15 January', DATE],
  ['date', '2024-01-15 10:30 Mars/Olympus', DATE],
  ['date', '2024-02-30 10:00', DATE],
  ['date', 1.5, DATE],
  ['date', 'not a date', DATE],
  ['date', 12, DATE],
  ['date', true, DATE],
  ['date', [], DATE],
]);
date.run();

const format = suite('date_format (parse, then format back)');
const mismatch = (f: string): string[] => [`The value field must match the format ${f}.`];
table(format, [
  ['date_format:Y-m-d', '2024-01-15', null],
  ['date_format:Y-m-d', '2024-1-15', mismatch('Y-m-d')],
  ['date_format:Y-m-d', '2024-02-30', mismatch('Y-m-d')],
  ['date_format:Y-m-d', '2024-01-15 10:00', mismatch('Y-m-d')],
  ['date_format:Y-m-d', 20240115, mismatch('Y-m-d')],
  ['date_format:d/m/Y', '15/01/2024', null],
  ['date_format:H:i', '23:59', null],
  ['date_format:H:i', '24:00', mismatch('H:i')],
  ['date_format:H:i', '9:30', mismatch('H:i')],
  ['date_format:G:i', '9:30', null],
  ['date_format:j M Y', '5 Jan 2024', null],
  ['date_format:j M Y', '05 Jan 2024', mismatch('j M Y')],
  ['date_format:j M Y', '5 jan 2024', mismatch('j M Y')],
  // Parameters are CSV, as upstream: a format with a comma must be quoted.
  ['date_format:"D, d M Y"', 'Mon, 15 Jan 2024', null],
  ['date_format:"D, d M Y"', 'Tue, 15 Jan 2024', mismatch('D, d M Y')],
  ['date_format:D, d M Y', 'Mon, 15 Jan 2024', mismatch('D')],
  ['date_format:l jS F Y', 'Monday 1st January 2024', null],
  ['date_format:jS F Y', '1th January 2024', mismatch('jS F Y')],
  ['date_format:Y-m-d\\TH:i:sP', '2024-01-15T10:00:00+02:00', null],
  ['date_format:Y-m-d\\TH:i:sP', '2024-01-15T10:00:00Z', mismatch('Y-m-d\\TH:i:sP')],
  ['date_format:Y-m-d\\TH:i:sp', '2024-01-15T10:00:00Z', null],
  ['date_format:Y-m-d H:i:s.u', '2024-01-15 10:00:00.123456', null],
  ['date_format:Y-m-d H:i:s.v', '2024-01-15 10:00:00.123456', mismatch('Y-m-d H:i:s.v')],
  ['date_format:g:i A', '1:05 PM', null],
  ['date_format:g:i A', '13:05 PM', mismatch('g:i A')],
  ['date_format:h:i a', '01:05 am', null],
  ['date_format:y-m-d', '24-01-15', null],
  ['date_format:U', '1700000000', null],
  ['date_format:Y z', '2024 59', null],
  ['date_format:Y-m-d,d.m.Y', '15.01.2024', null],
  ['date_format:Y-m-d,d.m.Y', '15/01/2024', mismatch('Y-m-d')],
  // Zones: e writes an identifier back as typed, an abbreviation in capitals, an offset as +02:00; T writes an offset as GMT+0200.
  ['date_format:Y-m-d\\TH:i:se', '2000-01-01T00:00:00Atlantic/Azores', null],
  ['date_format:Y-m-d\\TH:i:sT', '2000-01-01T00:00:00Z', null],
  ['date_format:e', 'europe/paris', null],
  ['date_format:e', 'EST', null],
  ['date_format:e', 'est', mismatch('e')],
  ['date_format:e', '+02:00', null],
  ['date_format:e', 'Mars/Olympus', mismatch('e')],
  ['date_format:T', 'GMT+0200', null],
  ['date_format:T', '+02:00', mismatch('T')],
  ['date_format:T', 'Europe/Paris', mismatch('T')],
  ['date_format:T', 'UTC', null],
  ['date_format:Y-m-d H:i e', '2024-03-31 02:30 Europe/Paris', mismatch('Y-m-d H:i e')],
  ['date_format:Y-m-d H:i e', '2024-03-31 03:30 Europe/Paris', null],
  // U's fields are UTC's: a non-zero zone after it moves the instant, so U no longer reads back.
  ['date_format:U O', '1700000000 +0000', null],
  ['date_format:U O', '1700000000 +0200', mismatch('U O')],
]);
format.run();

const lenient = suite('date_format: what createFromFormat reads, compared back with PHP ==');
table(lenient, [
  // A format of digits prints a number, and `'01' == 1`: the short forms timelib reads pass.
  ['date_format:H', 1, null],
  ['date_format:H', '1', null],
  ['date_format:j', '05', null],
  ['date_format:Ymd', 20240105, null],
  // Greedy, as timelib: H takes 12, then i has one digit left.
  ['date_format:Hi', '123', ['The value field must match the format Hi.']],
  ['date_format:Ymd', '2024015', ['The value field must match the format Ymd.']],
  ['date_format:u', '1', ['The value field must match the format u.']],
  ['date_format:d', ' 1', ['The value field must match the format d.']],
  // An offset is read by the zone parser, which takes `+00:00:20` whole.
  ['date_format:v.P:Y', '000.+00:00:2024', ['The value field must match the format v.P:Y.']],
  ['date_format:H:i P', '10:30 +01:00', null],
  // A day name is the word up to the next delimiter, as timelib reads it.
  ['date_format:j\\Tl_G', '4TSunday_10', ['The value field must match the format j\\Tl_G.']],
  ['date_format:j l', '4 Sunday', null],
  ['date_format:l j', 'Sunday 4', null],
  // A day name moves the date forward to that weekday (not when it is that day), then it is formatted back.
  ['date_format:Y/D H', '2025/Fri 20', null],
  ['date_format:j D', '4 Mon', ['The value field must match the format j D.']],
  ['date_format:Y-m-d D', '2024-01-07 Sun', null],
  // A month name is all the letters that follow.
  ['date_format:s.h\\TMl', '00.12TJulWednesday', ['The value field must match the format s.h\\TMl.']],
  ['date_format:M l', 'Jul Wednesday', null],
  // O prints +HHMM, a number too: the short offsets timelib reads compare equal.
  ['date_format:O.v', '+000.000', null],
  ['date_format:O.v', '+1.000', ['The value field must match the format O.v.']],
  // A number of variable width takes its digits greedily and gives none back (G then s on 250: 25 and 0).
  ['date_format:h:Gs', '02:250', ['The value field must match the format h:Gs.']],
  ['date_format:jn', '111', null],
  ['date_format:G:i', '5:30', null],
  // A meridian before the hour is overridden by it: a G s pm 19 passes, am 19 fails (formatted back as pm).
  ['date_format:a G', 'pm 19', null],
  ['date_format:a G', 'am 19', ['The value field must match the format a G.']],
  ['date_format:G a', '1 am', null],
  // A 12-hour token over 12 is an error of its own, even when a later hour replaces it (g takes 90 of 909).
  ['date_format:gh', '909', ['The value field must match the format gh.']],
  ['date_format:hG', '1305', ['The value field must match the format hG.']],
  ['date_format:gh', '1212', null],
]);
lenient.run();

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const compare = suite('before / after / *_or_equal / date_equals');
table(compare, [
  ['before:2024-01-01', '2023-12-31', null],
  ['before:2024-01-01', '2024-01-01', ['The value field must be a date before 2024-01-01.']],
  ['after:2024-01-01', '2024-01-02', null],
  ['after:2024-01-01', '2024-01-01', ['The value field must be a date after 2024-01-01.']],
  ['after:2024-01-01', 'garbage', ['The value field must be a date after 2024-01-01.']],
  // Laravel compares what Date::parse cannot read as null: null < a timestamp, so it passes `before`.
  ['before:2024-01-01', 'garbage', null],
  ['before_or_equal:2024-01-01', 'garbage', null],
  ['date_equals:2024-01-01', 'garbage', ['The value field must be a date equal to 2024-01-01.']],
  ['after:2024-01-01', ['2024-02-01'], ['The value field must be a date after 2024-01-01.']],
  ['before_or_equal:2024-01-01', '2024-01-01', null],
  ['before_or_equal:2024-01-01', '2024-01-02', ['The value field must be a date before or equal to 2024-01-01.']],
  ['after_or_equal:2024-01-01', '2024-01-01 00:00:00', null],
  ['after_or_equal:2024-01-01', '2023-12-31', ['The value field must be a date after or equal to 2024-01-01.']],
  ['date_equals:2024-01-01', '2024-01-01', null],
  ['date_equals:2024-01-01', '2024-01-01 10:00', ['The value field must be a date equal to 2024-01-01.']],
  ['after:2024-01-01T00:00:00Z', '2024-01-01T01:00:00+02:00', ['The value field must be a date after 2024-01-01T00:00:00Z.']],
  ['after:2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', null],
  ['after:today', isoDay(1), null],
  ['after:today', isoDay(0), ['The value field must be a date after today.']],
  ['before:tomorrow', isoDay(0), null],
  ['after:tomorrow', isoDay(0), ['The value field must be a date after tomorrow.']],
  ['after_or_equal:today', isoDay(0), null],
  ['before:yesterday', isoDay(-2), null],
  ['after:+1 week', isoDay(8), null],
  ['after:+1 week', isoDay(6), ['The value field must be a date after +1 week.']],
  ['before:now', '2000-01-01', null],
  ['after:first day of next month', isoDay(62), null],
  ['before:first day of next month', isoDay(-1), null],
  ['before:last day of next month', isoDay(75), ['The value field must be a date before last day of next month.']],
  ['after:next monday', isoDay(8), null],
  ['after:next monday', isoDay(0), ['The value field must be a date after next monday.']],
  ['before:2 weeks ago', isoDay(-15), null],
  ['after:2024-01-01T00:00:00+02:00', '2023-12-31T22:30:00Z', null],
  ['after:2024-01-01 Europe/Paris', '2023-12-31 23:30:00 UTC', null],
  ['after:2024-01-01 EST', '2024-01-01 04:59:59 UTC', ['The value field must be a date after 2024-01-01 EST.']],
  ['after:@1700000000', '@1700000001', null],
  ['after:January 2024', '2024-01-02', null],
  // Whole seconds, as Laravel compares getTimestamp() values.
  ['date_equals:2024-01-01', '2024-01-01 00:00:00.75', null],
  ['after:2024-01-01', '2024-01-01T00:00:00.5Z', ['The value field must be a date after 2024-01-01.']],
  // Numbers are Unix timestamps for Date::parse (1-14 plain digits in a string are not).
  ['after:2023-11-14', 1_700_000_000, null],
  ['after:1970-01-01', '1e3', null],
  // A parameter strtotime cannot read is shown as a field's name (Str::snake drops the space before 10).
  ['after:tomorrow at 10:00', isoDay(3), null],
  ['after:tomorrow at 10:00', isoDay(0), ['The value field must be a date after tomorrow at10:00.']],
  ['after:start_date', '2024-01-10', null, { start_date: '2024-01-01' }],
  ['after:start_date', '2024-01-10', ['The value field must be a date after start date.'], { start_date: '2024-02-01' }],
  ['before:start_date', '2024-01-10', ['The value field must be a date before start date.'], {}],
  // PHP compares a timestamp with null as booleans, so `after` a missing field passes.
  ['after:start_date', '2024-01-10', null, {}],
  ['date_format:d/m/Y|after:01/02/2024', '02/02/2024', null],
  ['date_format:d/m/Y|after:01/02/2024', '31/01/2024', ['The value field must be a date after 01/02/2024.']],
  ['date_format:d/m/Y|after:start', '02/02/2024', null, { start: '01/02/2024' }],
  ['date_format:d/m/Y|after:start', '02/02/2024', null, {}],
  // With date_format, values and parameters go through createFromFormat first, which overflows like PHP.
  ['date_format:Y-m-d|after:2024-12-31', '2024-13-01', ['The value field must match the format Y-m-d.']],
  ['date_format:Y-m-d|before:2024-01-10', '2024-1-5', ['The value field must match the format Y-m-d.']],
  ['date_format:d/m/Y|before:01/02/2024', '5/1/2024', ['The value field must match the format d/m/Y.']],
  [
    'date_format:Y-m-d H:i:s|after:2024-01-01 10:00:00',
    '2024-01-01 10:00:00',
    ['The value field must be a date after 2024-01-01 10:00:00.'],
  ],
  // A parameter Date::parse reads is a date even where a field has its name, as upstream (`a` is the military zone A).
  ['after:a', '2000-01-01', ['The value field must be a date after a.'], { a: '1990-01-01' }],
  ['after:ends_at', '2024-01-02', ['The value field must be a date after ends at.'], { ends_at: '2024-01-03' }],
]);
table(
  compare,
  [['date_format:d/m/Y|before:start', '02/02/2024', ['The value field must be a date before start.'], { start: '01/02/2024' }]],
  {
    start: 'date_format:d/m/Y',
  },
);
compare('date_equals fills no * in its parameter (not one of the rules that read another field), after does', () => {
  const input = { c: [{ code: '2024-01-15', name: '2024-01-15' }] };
  assert.equal(run({ 'c.*.name': 'date_equals:c.*.code' }, input), {
    ok: false,
    errors: { 'c.0.name': ['The c.0.name field must be a date equal to c.*.code.'] },
  });
  assert.equal(run({ 'c.*.name': 'after_or_equal:c.*.code' }, input), { ok: true, validated: { c: [{ name: '2024-01-15' }] } });
});

compare.run();

const bulk = suite('many dates with a zone and a relative offset (the issue: 0.16-0.19 ms each)');

bulk('10,000 copies read the zone from ICU a handful of times, and each gets the answer of one', () => {
  const validator = compileSync({ 'd.*': 'date|after:2000-01-01' }, { owner: 'Dates' });
  const value = '2024-01-15 10:00 Europe/Paris +99999999999 sec';
  assert.equal(validator.validate({ d: [value] }), { ok: true, validated: { d: [value] } });
  const before = zoneClockReads();
  const outcome = validator.validate({ d: Array.from({ length: 10_000 }, () => value) });
  assert.is(outcome.ok, true);
  assert.ok(zoneClockReads() - before <= 8, `${zoneClockReads() - before} reads`);
});

bulk('far relative offsets land on the exact second, with and without a zone', () => {
  const at = 1_705_312_800; // 2024-01-15 10:00 UTC
  assert.is(strtotime('2024-01-15 10:00 +99999999999 sec', nowInstant()), at + 99_999_999_999);
  assert.is(strtotime('2024-01-15 10:00 -99999999999 sec', nowInstant()), at - 99_999_999_999);
  assert.is(strtotime('2024-01-15 10:00 UTC +99999999999 sec', nowInstant()), at + 99_999_999_999);
  // 5192-11-29 19:46:39 on Paris's wall clock: winter time there, +1:00.
  assert.is(strtotime('2024-01-15 10:00 Europe/Paris +99999999999 sec', nowInstant()), at + 99_999_999_999 - 3600);
});

bulk.run();
