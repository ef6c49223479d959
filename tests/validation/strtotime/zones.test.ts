/** Time zones as PHP's parser reads them: abbreviations, identifiers, and offsets from ICU. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isDaylightSaving, lookupAbbreviation, lookupZoneId, offsetAt, transitionBefore } from '../../../src/validation/strtotime/zones.js';

const test = suite('strtotime zones');

test("abbreviations: timelib's first entry, any case, military letters, nothing of 6 letters or more", () => {
  assert.equal(lookupAbbreviation('EST'), { offset: -18_000, dst: 0 });
  assert.equal(lookupAbbreviation('cest'), { offset: 7200, dst: 1 });
  assert.equal(lookupAbbreviation('IST'), { offset: 7200, dst: 0 }, 'Israel, the first ist in the table');
  assert.equal(lookupAbbreviation('a'), { offset: 3600, dst: 0 });
  assert.equal(lookupAbbreviation('Z'), { offset: 0, dst: 0 });
  assert.is(lookupAbbreviation('abc'), undefined);
  assert.is(lookupAbbreviation('chadt'), undefined, 'not in the table');
});

test("identifiers of PHP's database, in any case, backward-compatible names included", () => {
  assert.is(lookupZoneId('europe/paris'), 'Europe/Paris');
  assert.is(lookupZoneId('US/Eastern'), 'US/Eastern');
  assert.is(lookupZoneId('cuba'), 'Cuba');
  assert.is(lookupZoneId('Mars/Olympus'), undefined);
});

test('offsets at an instant, with daylight saving time', () => {
  const winter = 1_705_314_645; // 2024-01-15
  const summer = 1_721_032_200; // 2024-07-15
  assert.is(offsetAt('Europe/Paris', winter), 3600);
  assert.is(offsetAt('Europe/Paris', summer), 7200);
  assert.is(offsetAt('Asia/Kolkata', winter), 19_800);
  assert.is(offsetAt('UTC', winter), 0);
  assert.is(offsetAt('Factory', winter), 0, 'a name ICU lacks is UTC');
  assert.not.ok(isDaylightSaving('Europe/Paris', winter));
  assert.ok(isDaylightSaving('Europe/Paris', summer));
});

test('the last change of offset within two days', () => {
  // 2024-03-31 01:00 UTC: Paris moves to summer time.
  assert.is(transitionBefore('Europe/Paris', 1_711_850_400), 1_711_846_800);
  assert.is(transitionBefore('Europe/Paris', 1_705_314_645), Number.NEGATIVE_INFINITY);
});

test.run();
