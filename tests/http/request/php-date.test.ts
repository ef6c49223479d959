/** Dates from input: Carbon's parse for the common forms, createFromFormat for PHP's letters. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDate, parseDateFormat } from '../../../src/http/request/php-date.js';

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

test.run();
