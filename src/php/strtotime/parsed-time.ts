/**
 * What PHP's date parser (timelib's `parse_date.re`) reads from a string,
 * before "now" fills the holes: the fields it saw (or UNSET), the relative
 * parts (`+1 day`, `next monday`, `last day of`), the zone, and how many
 * errors it met. `strtotime` fails on any error; warnings (an overflowing
 * date such as `2023-02-30`) do not count.
 */
import type { Fields } from './calendar.js';

/** timelib's marker for a field the string did not give. */
export const UNSET = -9_999_999;

export const ZONE_NONE = 0;
export const ZONE_OFFSET = 1;
export const ZONE_ABBR = 2;
export const ZONE_ID = 3;

export const SPECIAL_WEEKDAY = 1;
export const SPECIAL_DAY_OF_WEEK_IN_MONTH = 2;
export const SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH = 3;
export const FIRST_DAY_OF_MONTH = 1;
export const LAST_DAY_OF_MONTH = 2;

export interface Relative extends Fields {
  weekday: number;
  weekdayBehavior: number;
  haveWeekdayRelative: boolean;
  haveSpecialRelative: boolean;
  specialType: number;
  specialAmount: number;
  firstLastDayOf: number;
}

export interface ParsedTime extends Fields {
  /** Offset in seconds east of UTC (zone types OFFSET and ABBR). */
  z: number;
  dst: number;
  /** timelib counts: 2 after a second `hhmm` group. */
  haveTime: number;
  haveDate: boolean;
  haveZone: number;
  haveRelative: boolean;
  zoneType: number;
  /** The zone identifier for ZONE_ID (`Europe/Paris`, `UTC`). */
  zoneId: string | null;
  relative: Relative;
  errors: number;
}

export function emptyParsedTime(): ParsedTime {
  return {
    y: UNSET,
    m: UNSET,
    d: UNSET,
    h: UNSET,
    i: UNSET,
    s: UNSET,
    us: UNSET,
    z: UNSET,
    dst: UNSET,
    haveTime: 0,
    haveDate: false,
    haveZone: 0,
    haveRelative: false,
    zoneType: ZONE_NONE,
    zoneId: null,
    relative: {
      y: 0,
      m: 0,
      d: 0,
      h: 0,
      i: 0,
      s: 0,
      us: 0,
      weekday: 0,
      weekdayBehavior: 0,
      haveWeekdayRelative: false,
      haveSpecialRelative: false,
      specialType: 0,
      specialAmount: 0,
      firstLastDayOf: 0,
    },
    errors: 0,
  };
}
