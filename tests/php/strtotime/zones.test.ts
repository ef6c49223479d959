/** Time zones as PHP's parser reads them: abbreviations, identifiers, and offsets from ICU. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  isDaylightSaving,
  lookupAbbreviation,
  lookupZoneId,
  offsetAt,
  transitionBefore,
  zoneClockHours,
  zoneClockReads,
} from '../../../src/php/strtotime/zones.js';

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

const cached = suite('offsets from ICU, read once per zone and hour');

/** The offset straight from ICU, as a reference. */
function icuOffset(zone: string, at: number): number {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const p of format.formatToParts(new Date(at * 1000))) parts[p.type] = p.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const local = new Date(0);
  local.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  local.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return local.getTime() / 1000 - at;
}

/** The first second with `after`'s offset, between `before` and `after` (their offsets differ). */
function firstSecondOf(zone: string, before: number, after: number): number {
  const target = icuOffset(zone, after);
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (icuOffset(zone, mid) === target) after = mid;
    else before = mid;
  }
  return after;
}

cached('the same hour asks ICU once, whatever the second', () => {
  const start = zoneClockReads();
  const hour = 1_705_309_200; // 2024-01-15 09:00 UTC
  for (let s = 0; s < 10_000; s++) assert.is(offsetAt('Europe/Paris', hour + (s % 3600)), 3600);
  assert.ok(zoneClockReads() - start <= 2, `${zoneClockReads() - start} reads`);
});

cached('every second around changes not on the hour is exact: local mean time, half and quarter hours', () => {
  for (const [zone, before, after] of [
    ['Europe/Paris', -1_900_000_000, -1_800_000_000], // 1911: from Paris mean time (+0:09:21)
    ['Asia/Kathmandu', 473_000_000, 505_000_000], // 1986: +5:30 to +5:45
    ['Australia/Lord_Howe', 1_696_000_000, 1_697_000_000], // October 2023: half an hour of summer time
    ['America/St_Johns', 1_699_000_000, 1_699_500_000], // November 2023: -2:30 to -3:30
    ['Europe/Paris', 1_711_800_000, 1_711_900_000], // March 2024, on the hour
  ] as const) {
    const change = firstSecondOf(zone, before, after);
    for (let at = change - 3700; at <= change + 3700; at += at > change - 5 && at < change + 5 ? 1 : 97) {
      assert.is(offsetAt(zone, at), icuOffset(zone, at), `${zone} at ${at} (change at ${change})`);
    }
  }
});

cached('the cache is bounded: far more distinct hours than it keeps still answer exactly', () => {
  for (let k = 0; k < 20_000; k += 1) {
    const at = -2_000_000_000 + k * 36_017;
    if (k % 997 === 0) assert.is(offsetAt('America/New_York', at), icuOffset('America/New_York', at));
    else offsetAt('America/New_York', at);
  }
  assert.ok(zoneClockHours() <= 16_384, `${zoneClockHours()} hours kept`);
});

cached.run();
