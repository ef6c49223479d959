/**
 * `Carbon::parse` (Carbon 2, Laravel's `Date::parse`) in a UTC application,
 * at "now" = Monday 2024-01-15 10:30:45.25 UTC: how it reads numbers, blank
 * strings and arrays, and the `change()` rewrites it falls back on when the
 * DateTime constructor throws. The fuzzing that checked this port against
 * PHP 8.2 and Carbon 2.65 is described in docs/validation.md (Dates).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { carbonParse, prepareCarbonParse } from '../../../src/validation/strtotime/carbon.js';

const NOW = { sse: 1_705_314_645, us: 250_000 };
const at = (value: unknown): readonly [number, number] | null => {
  const r = carbonParse(value, NOW);
  return r === null ? null : [r.sse, r.us];
};

const test = suite('Carbon::parse');

test('strings go to new DateTime', () => {
  assert.equal(at('2024-01-15'), [1_705_276_800, 0]);
  assert.equal(at('2024-01-15T10:30:00.5+02:00'), [1_705_307_400, 500_000]);
  assert.equal(at('tomorrow'), [1_705_363_200, 0]);
  assert.equal(at('+1 day'), [1_705_401_045, 250_000], 'relative to now, microseconds included');
  assert.equal(at('now'), [1_705_314_645, 250_000]);
  assert.equal(at('not a date'), null);
});

test("numbers other than 1 to 14 plain digits are Unix timestamps, split as Carbon splits them ('1e3' is 1 + 3)", () => {
  assert.equal(at(1_700_000_000), [1_700_000_000, 0]);
  assert.equal(at(1.5), [1, 500_000]);
  assert.equal(at(-0.5), [-1, 500_000]);
  assert.equal(at(0), [0, 0], 'the int 0 is the epoch');
  assert.equal(at('1e3'), [4, 0]);
  assert.equal(at(' 12 '), [12, 0], 'padded: numeric but not plain digits');
  assert.equal(at('-5'), [-5, 0]);
  assert.equal(at(' -5'), [5, 0], "Carbon's sign is a leading '-' only");
  assert.equal(at('12'), null, 'plain digits go to DateTime, which reads no date in "12"');
});

test('a timestamp from 1e14 up cannot be written for createFromFormat: Carbon falls back to modify()', () => {
  assert.equal(at(1e14 + 0.5), [1_705_280_400, 0], 'the float prints "1.0E+14", which modifies now to 01:00');
  assert.equal(at(1e14), null, 'an int: "100000000000000" is no date either');
  assert.equal(at('123456789012345'), null);
});

test("'', '0', false and an empty array are now; null, true and other arrays are nothing", () => {
  for (const value of ['', '0', false, [], {}]) assert.equal(at(value), [1_705_314_645, 250_000], JSON.stringify(value));
  for (const value of [null, undefined, true, ['2024-01-15'], { a: 1 }]) assert.equal(at(value), null, JSON.stringify(value));
});

test("where DateTime throws, change() rewrites ' at ', 'just now', 'after tomorrow', 'before yesterday'", () => {
  assert.equal(at('tomorrow at 10:00'), [1_705_399_200, 0]);
  assert.equal(at('just now'), [1_705_314_645, 250_000]);
  assert.equal(at('after tomorrow'), [1_705_449_600, 0]);
  assert.equal(at('before yesterday'), [1_705_104_000, 0]);
});

test("'next 2pm' is today's 2pm while it is ahead, 'last 2pm' yesterday's while it is ahead", () => {
  assert.equal(at('next 2pm'), [1_705_327_200, 0]);
  assert.equal(at('last 2pm'), [1_705_240_800, 0]);
  assert.equal(at('next 9:00'), [1_705_395_600, 0], '9:00 has passed: tomorrow');
});

test('a parameter is prepared once: null when it is no date, constant when absolute, per now when relative', () => {
  assert.is(prepareCarbonParse('ends_at', NOW), null);
  const fixed = prepareCarbonParse('2024-01-16', NOW)!;
  assert.equal(fixed({ sse: 0, us: 0 }), { sse: 1_705_363_200, us: 0 });
  const relative = prepareCarbonParse('tomorrow', NOW)!;
  assert.equal(relative({ sse: 86_400 * 10 + 5, us: 0 }), { sse: 86_400 * 11, us: 0 });
  assert.equal(prepareCarbonParse('tomorrow at 10:00', NOW)!(NOW), { sse: 1_705_399_200, us: 0 });
});

test.run();
