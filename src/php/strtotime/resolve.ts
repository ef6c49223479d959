/**
 * From a parsed date string to an instant, as PHP does it: `now` fills the
 * fields the string left out (timelib_fill_holes), then the relative parts
 * apply (timelib_update_ts: weekdays, `first day of`, `+1 month` overflowing
 * like PHP's), and the zone turns the wall clock into seconds since the epoch.
 * The application's timezone is UTC: "now" and zoneless strings are UTC
 * unless a zone is given apart (a `DateTimeZone` passed with the string).
 */
import { civilFromDays, type Fields, dayOfWeek, div, epochDays, normalize } from './calendar.js';
import {
  FIRST_DAY_OF_MONTH,
  LAST_DAY_OF_MONTH,
  type ParsedTime,
  type Relative,
  SPECIAL_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_WEEKDAY,
  UNSET,
  ZONE_ABBR,
  ZONE_ID,
  ZONE_NONE,
  ZONE_OFFSET,
} from './parsed-time.js';
import { isDaylightSaving, offsetAt, transitionBefore } from './zones.js';

/** An instant: whole seconds since the epoch (floored) and the microseconds within it. */
export interface Instant {
  sse: number;
  us: number;
}

/** The wall-clock fields of an instant in UTC. */
export function utcFields(at: Instant): Fields {
  const days = Math.floor(at.sse / 86_400);
  const secondOfDay = at.sse - days * 86_400;
  const { y, m, d } = civilFromDays(days);
  return {
    y,
    m,
    d,
    h: Math.floor(secondOfDay / 3600),
    i: Math.floor((secondOfDay % 3600) / 60),
    s: secondOfDay % 60,
    us: at.us,
  };
}

/** The wall-clock fields of an instant in `zone` (an identifier of PHP's database). */
function wallFields(at: Instant, zone: string): Fields {
  return zone === 'UTC' ? utcFields(at) : utcFields({ sse: at.sse + offsetAt(zone, at.sse), us: at.us });
}

/** A parsed string whose instant does not depend on "now" (every field given). */
export function isAbsolute(t: ParsedTime): boolean {
  if (t.errors > 0 || t.y === UNSET || t.m === UNSET || t.d === UNSET) return false;
  return (t.haveDate && !t.haveTime) || (t.h !== UNSET && t.i !== UNSET && t.s !== UNSET);
}

/** The zone the wall clock is read in. */
interface Zone {
  type: number;
  z: number;
  dst: number;
  id: string;
  /** Whether the string gave a zone (timelib's have_zone), which the DST look-around reads. */
  given: boolean;
}

function adjustForWeekday(f: Fields, rel: Relative): void {
  const currentDow = dayOfWeek(f.y, f.m, f.d);
  if (rel.weekdayBehavior === 2) {
    let weekday = rel.weekday;
    if (currentDow === 0 && weekday !== 0) weekday -= 7;
    if (weekday === 0 && currentDow !== 0) weekday = 7;
    f.d += weekday - currentDow;
    return;
  }
  let difference = rel.weekday - currentDow;
  if ((rel.d < 0 && difference < 0) || (rel.d >= 0 && difference <= -rel.weekdayBehavior)) difference += 7;
  if (rel.weekday >= 0) f.d += difference;
  else f.d -= 7 - (Math.abs(rel.weekday) - currentDow);
}

function adjustSpecialWeekday(f: Fields, count: number): void {
  const dow = dayOfWeek(f.y, f.m, f.d);
  f.d += div(count, 5) * 7;
  const rem = count % 5;
  if (count > 0) {
    if (rem === 0) {
      if (dow === 0) f.d -= 2;
      else if (dow === 6) f.d -= 1;
    } else if (dow === 6) {
      f.d += 1;
    } else if (dow + rem > 5) {
      f.d += 2;
    }
  } else if (rem === 0) {
    if (dow === 6) f.d += 2;
    else if (dow === 0) f.d += 1;
  } else if (dow === 0) {
    f.d -= 1;
  } else if (dow + rem < 1) {
    f.d -= 2;
  }
  f.d += rem;
}

/** do_adjust_special_early, do_adjust_relative and do_adjust_special, in timelib's order. */
function applyRelative(f: Fields, rel: Relative, haveRelative: boolean): void {
  if (rel.haveSpecialRelative) {
    // "first monday of next month": the month moves now, from the 1st.
    if (rel.specialType === SPECIAL_DAY_OF_WEEK_IN_MONTH) {
      f.d = 1;
      f.m += rel.m;
      rel.m = 0;
    } else if (rel.specialType === SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH) {
      f.d = 1;
      f.m += rel.m + 1;
      rel.m = 0;
    }
  }
  const firstLast = (): void => {
    if (rel.firstLastDayOf === FIRST_DAY_OF_MONTH) f.d = 1;
    else if (rel.firstLastDayOf === LAST_DAY_OF_MONTH) {
      f.d = 0;
      f.m++;
    }
  };
  firstLast();
  normalize(f);

  if (rel.haveWeekdayRelative) adjustForWeekday(f, rel);
  normalize(f);
  if (haveRelative) {
    f.us += rel.us;
    f.s += rel.s;
    f.i += rel.i;
    f.h += rel.h;
    f.d += rel.d;
    f.m += rel.m;
    f.y += rel.y;
  }
  firstLast();
  normalize(f);

  if (rel.haveSpecialRelative && rel.specialType === SPECIAL_WEEKDAY) adjustSpecialWeekday(f, rel.specialAmount);
  normalize(f);
}

/** timelib_update_ts on filled fields: relative parts, normalisation, then the zone. */
function updateTimestamp(f: Fields, rel: Relative, haveRelative: boolean, zone: Zone): Instant | null {
  if (haveRelative || rel.firstLastDayOf !== 0 || rel.haveWeekdayRelative || rel.haveSpecialRelative) {
    // A copy: timelib consumes the relative months of "first monday of next month".
    applyRelative(f, { ...rel }, haveRelative);
  } else {
    // Nothing relative: timelib's four normalisations are one.
    normalize(f);
  }
  let sse = f.h * 3600 + f.i * 60 + f.s + epochDays(f.y, f.m, f.d) * 86_400;
  sse = adjustZone(sse, zone);
  return Number.isFinite(sse) && Math.abs(sse) < 2 ** 63 ? { sse, us: f.us } : null;
}

/** do_adjust_timezone: the wall clock `sse` (read as UTC) to the instant, in the zone. */
function adjustZone(sse: number, zone: Zone): number {
  if (zone.type === ZONE_OFFSET) return sse - zone.z;
  if (zone.type === ZONE_ABBR) return sse - zone.z - zone.dst * 3600;
  if (zone.id === 'UTC') return sse;
  const id = zone.id;
  const current = offsetAt(id, sse);
  const currentIsDst = isDaylightSaving(id, sse);
  const after = offsetAt(id, sse - current);
  let actual = after;
  let actualTransition = after === current ? Number.NEGATIVE_INFINITY : transitionBefore(id, sse - current);
  if (current === after && zone.given) {
    if (current >= 0 && zone.dst !== 0 && !currentIsDst) {
      const earlier = offsetAt(id, sse - current - 7200);
      if (earlier !== after && sse - earlier < transitionBefore(id, sse - current)) {
        actual = earlier;
        actualTransition = transitionBefore(id, sse - current - 7200);
      }
    } else if (current <= 0 && currentIsDst && zone.dst === 0) {
      const later = offsetAt(id, sse - current + 7200);
      const laterTransition = transitionBefore(id, sse - current + 7200);
      if (later !== after && sse - later >= laterTransition) {
        actual = later;
        actualTransition = laterTransition;
      }
    }
  }
  const inTransition =
    actualTransition !== Number.NEGATIVE_INFINITY &&
    sse - actual >= actualTransition + (current - actual) &&
    sse - actual < actualTransition;
  return current !== actual && !inTransition ? sse - actual : sse - current;
}

/**
 * `new DateTime($string, $zone)` in a UTC application: the instant, or null
 * when the string does not parse (PHP throws) or lands beyond 64-bit seconds.
 * A string without a zone is a wall clock in `zone`; the fields it leaves out
 * are those of "now" in `nowZone` (PHP reads "now" in the zone given apart,
 * else in the string's own named zone, else in the application's).
 */
export function resolve(t: ParsedTime, now: Instant, zone = 'UTC', nowZone = zone): Instant | null {
  if (t.errors > 0) return null;
  const f: Fields = { y: t.y, m: t.m, d: t.d, h: t.h, i: t.i, s: t.s, us: t.us };
  if (t.haveDate && !t.haveTime) f.h = f.i = f.s = f.us = 0;
  if (f.y !== UNSET || f.m !== UNSET || f.d !== UNSET || f.h !== UNSET || f.i !== UNSET || f.s !== UNSET) {
    if (f.us === UNSET) f.us = 0;
  } else if (f.us === UNSET) {
    f.us = now.us;
  }
  if (f.y === UNSET || f.m === UNSET || f.d === UNSET || f.h === UNSET || f.i === UNSET || f.s === UNSET) {
    const n = wallFields(now, nowZone);
    if (f.y === UNSET) f.y = n.y;
    if (f.m === UNSET) f.m = n.m;
    if (f.d === UNSET) f.d = n.d;
    if (f.h === UNSET) f.h = n.h;
    if (f.i === UNSET) f.i = n.i;
    if (f.s === UNSET) f.s = n.s;
  }
  const wallZone: Zone =
    t.zoneType === ZONE_ID
      ? { type: ZONE_ID, z: t.z, dst: t.dst, id: t.zoneId!, given: t.haveZone > 0 }
      : {
          type: t.zoneType === ZONE_NONE ? ZONE_ID : t.zoneType,
          z: t.z === UNSET ? 0 : t.z,
          dst: t.dst === UNSET ? 0 : t.dst,
          id: t.zoneType === ZONE_NONE ? zone : 'UTC',
          given: t.haveZone > 0,
        };
  return updateTimestamp(f, t.relative, t.haveRelative, wallZone);
}

/**
 * `$now->modify($string)` (PHP 8.2) with `$now` in `zone`: the string's fields
 * replace the clock's, its relative parts apply, its zone is ignored (but an
 * `@seconds` moves the clock to UTC, as PHP does). Carbon's `parse` falls
 * back to this when the constructor throws.
 */
export function modify(t: ParsedTime, now: Instant, zone = 'UTC'): Instant | null {
  if (t.errors > 0) return null;
  const f = wallFields(now, zone);
  if (t.y !== UNSET) f.y = t.y;
  if (t.m !== UNSET) f.m = t.m;
  if (t.d !== UNSET) f.d = t.d;
  if (t.h !== UNSET) {
    f.h = t.h;
    if (t.i !== UNSET) {
      f.i = t.i;
      f.s = t.s !== UNSET ? t.s : 0;
    } else {
      f.i = 0;
      f.s = 0;
    }
  }
  if (t.us !== UNSET) f.us = t.us;
  const epoch =
    t.y === 1970 &&
    t.m === 1 &&
    t.d === 1 &&
    t.h === 0 &&
    t.i === 0 &&
    t.s === 0 &&
    t.us === 0 &&
    t.haveZone > 0 &&
    t.zoneType === ZONE_OFFSET &&
    t.z === 0 &&
    t.dst === 0;
  const id = epoch ? 'UTC' : zone;
  return updateTimestamp(f, t.relative, t.haveRelative, { type: ZONE_ID, z: 0, dst: 0, id, given: false });
}
