/**
 * Calendar arithmetic as timelib does it (PHP's date library): day of week,
 * month lengths, and the normalisation that lets `2024-01-32` or `+13 months`
 * overflow into the next month or year. Integer divisions truncate toward
 * zero, as C's do.
 */

const DAYS_IN_MONTH = [31, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_IN_MONTH_LEAP = [31, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_PER_ERA = 146_097;
const YEARS_PER_ERA = 400;
const HINNANT_EPOCH_SHIFT = 719_468;

/** C's integer division. */
export const div = (a: number, b: number): number => Math.trunc(a / b);

function isLeap(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}

/** Days in month `m` (1-12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  return (isLeap(y) ? DAYS_IN_MONTH_LEAP : DAYS_IN_MONTH)[m]!;
}

const positiveMod = (x: number, y: number): number => {
  const r = x % y;
  return r < 0 ? r + y : r;
};
const M_TABLE_COMMON = [-1, 0, 3, 3, 6, 1, 4, 6, 2, 5, 0, 3, 5];
const M_TABLE_LEAP = [-1, 6, 2, 3, 6, 1, 4, 6, 2, 5, 0, 3, 5];

/** 0 = Sunday ... 6 = Saturday (timelib_day_of_week). */
export function dayOfWeek(y: number, m: number, d: number): number {
  const c1 = 6 - positiveMod(div(positiveMod(y, 400), 100), 4) * 2;
  const y1 = positiveMod(y, 100);
  const m1 = (isLeap(y) ? M_TABLE_LEAP : M_TABLE_COMMON)[m]!;
  return positiveMod(c1 + y1 + m1 + div(y1, 4) + d, 7);
}

/** The day offset of ISO week `iw`, day `id` from January 1st of `iy` (timelib_daynr_from_weeknr). */
export function dayNumberFromWeek(iy: number, iw: number, id: number): number {
  const dow = dayOfWeek(iy, 1, 1);
  const day = 0 - (dow > 4 ? dow - 7 : dow);
  return day + (iw - 1) * 7 + id;
}

/** Days since 1970-01-01 of a normalised date (timelib_epoch_days_from_time). */
export function epochDays(year: number, m: number, d: number): number {
  const y = year - (m <= 2 ? 1 : 0);
  const era = div(y >= 0 ? y : y - 399, YEARS_PER_ERA);
  const yearOfEra = y - era * YEARS_PER_ERA;
  const dayOfYear = div(153 * (m + (m > 2 ? -3 : 9)) + 2, 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + div(yearOfEra, 4) - div(yearOfEra, 100) + dayOfYear;
  return era * DAYS_PER_ERA + dayOfEra - HINNANT_EPOCH_SHIFT;
}

/** The fields normalisation works on. */
export interface Fields {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
}

/** Brings `a[key]` into [start, end) by carrying into `b[carry]` (do_range_limit). */
function rangeLimit(start: number, end: number, adj: number, f: Fields, key: keyof Fields, carry: keyof Fields): void {
  if (f[key] < start) {
    const aPlus1 = f[key] + 1;
    f[carry] -= div(start - aPlus1, adj) + 1;
    f[key] += adj * div(start - aPlus1, adj);
    f[key] += adj;
  }
  if (f[key] >= end) {
    f[carry] += div(f[key], adj);
    f[key] -= adj * div(f[key], adj);
  }
}

/** Past about two months of days, normalising jumps to the date instead of walking month by month. */
const FAR_DAYS = 62;
/** Years whose day counts stay exact in doubles, for the jump. */
const FAR_YEARS = 1e12;

/** One pass of moving days into months (do_range_limit_days); true when it changed something. */
function rangeLimitDays(f: Fields): boolean {
  if (f.d >= DAYS_PER_ERA || f.d <= -DAYS_PER_ERA) {
    f.y += YEARS_PER_ERA * div(f.d, DAYS_PER_ERA);
    f.d -= DAYS_PER_ERA * div(f.d, DAYS_PER_ERA);
  }
  rangeLimit(1, 13, 12, f, 'm', 'y');
  if ((f.d > FAR_DAYS || f.d < -FAR_DAYS) && Math.abs(f.y) < FAR_YEARS) {
    // Where the month-by-month walk below ends, in one step: the day `d - 1` days after the month's 1st.
    const { y, m, d } = civilFromDays(epochDays(f.y, f.m, 1) + f.d - 1);
    f.y = y;
    f.m = m;
    f.d = d;
    return true;
  }
  const current = isLeap(f.y) ? DAYS_IN_MONTH_LEAP : DAYS_IN_MONTH;
  let changed = false;
  while (f.d <= 0 && f.m > 0) {
    let previousMonth = f.m - 1;
    let previousYear = f.y;
    if (previousMonth < 1) {
      previousMonth += 12;
      previousYear -= 1;
    }
    f.d += daysInMonth(previousYear, previousMonth);
    f.m--;
    changed = true;
  }
  while (f.d > 0 && f.m <= 12 && f.d > current[f.m]!) {
    f.d -= current[f.m]!;
    f.m++;
    changed = true;
  }
  return changed;
}

/** Days since the epoch straight to a date, for dates in January 1970 that overflow (magic_date_calc). */
function magicDateCalc(f: Fields): void {
  if (f.d < -719_498) return;
  const g = f.d + HINNANT_EPOCH_SHIFT - 1;
  let y = div(10_000 * g + 14_780, 3_652_425);
  let ddd = g - (365 * y + div(y, 4) - div(y, 100) + div(y, 400));
  if (ddd < 0) {
    y--;
    ddd = g - (365 * y + div(y, 4) - div(y, 100) + div(y, 400));
  }
  const mi = div(100 * ddd + 52, 3060);
  f.m = ((mi + 2) % 12) + 1;
  f.y = y + div(mi + 2, 12);
  f.d = ddd - div(mi * 306 + 5, 10) + 1;
}

/** Carries every field into range (timelib_do_normalize). */
export function normalize(f: Fields): void {
  rangeLimit(0, 1_000_000, 1_000_000, f, 'us', 's');
  rangeLimit(0, 60, 60, f, 's', 'i');
  rangeLimit(0, 60, 60, f, 'i', 'h');
  rangeLimit(0, 24, 24, f, 'h', 'd');
  rangeLimit(1, 13, 12, f, 'm', 'y');
  if (f.y === 1970 && f.m === 1 && f.d !== 1) magicDateCalc(f);
  while (rangeLimitDays(f)) {
    // repeat until stable, as timelib does
  }
  rangeLimit(1, 13, 12, f, 'm', 'y');
}

/** The date of a day count since 1970-01-01 (the inverse of epochDays), for any 64-bit range. */
export function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + HINNANT_EPOCH_SHIFT;
  const era = Math.floor(z / DAYS_PER_ERA);
  const doe = z - era * DAYS_PER_ERA;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * YEARS_PER_ERA + (m <= 2 ? 1 : 0), m, d };
}
