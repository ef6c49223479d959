/**
 * Date parsing for the `date`, `before`, `after`... rules. PHP's `strtotime`
 * grammar is huge; this covers the forms applications send (ISO 8601 dates and
 * date-times, `Y/m/d`, `m/d/Y`, `d-m-Y`, `d.m.Y`, `15 January 2024`,
 * `Jan 15, 2024`, RFC 2822) plus the relative words used as rule parameters
 * (`now`, `today`, `tomorrow`, `yesterday`, `+1 week`, `2 days ago`).
 * Dates without a zone are UTC (the host framework's default app timezone).
 */

/** A calendar date and wall-clock time, as written. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Zone offset in minutes east of UTC, or null when none was written. */
  offset: number | null;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)';
const WEEKDAY = '(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun),?\\s+)?';
const TIME = '(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?(?:\\s*([ap])\\.?m\\.?)?';
const ZONE = '(?:\\s*(z|utc|gmt|[+-]\\d{2}(?::?\\d{2})?))?';

/** Each form: its regex and the group numbers of year, month, day, then the time's first group. */
const FORMS: ReadonlyArray<{ re: RegExp; y: number; m: number; d: number; t: number; textMonth?: boolean }> = [
  { re: new RegExp(`^(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:(?:t|\\s+)${TIME})?${ZONE}$`), y: 1, m: 2, d: 3, t: 4 },
  { re: new RegExp(`^(\\d{4})/(\\d{1,2})/(\\d{1,2})(?:\\s+${TIME})?${ZONE}$`), y: 1, m: 2, d: 3, t: 4 },
  { re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})(?:\\s+${TIME})?${ZONE}$`), y: 3, m: 1, d: 2, t: 4 },
  { re: new RegExp(`^(\\d{1,2})[-.](\\d{1,2})[-.](\\d{4})(?:\\s+${TIME})?${ZONE}$`), y: 3, m: 2, d: 1, t: 4 },
  {
    re: new RegExp(`^${WEEKDAY}(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${MONTH}\\.?,?[\\s-]+(\\d{4})(?:,?\\s+${TIME})?${ZONE}$`),
    y: 3,
    m: 2,
    d: 1,
    t: 4,
    textMonth: true,
  },
  {
    re: new RegExp(`^${WEEKDAY}${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?:,?\\s+${TIME})?${ZONE}$`),
    y: 3,
    m: 1,
    d: 2,
    t: 4,
    textMonth: true,
  },
  { re: /^(\d{4})(\d{2})(\d{2})$/, y: 1, m: 2, d: 3, t: 0 },
];

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function parseZone(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  if (zone === 'z' || zone === 'utc' || zone === 'gmt') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  return minutes > 59 ? NaN : sign * (hours * 60 + minutes);
}

/**
 * Parses an absolute date (a year, month and day are written) and checks it
 * the way `date` does (`checkdate`, and a real time of day). Null if invalid.
 */
export function parseDate(input: string): DateParts | null {
  const text = input.trim().toLowerCase();
  for (const form of FORMS) {
    const m = form.re.exec(text);
    if (m === null) continue;
    const year = Number(m[form.y]);
    const month = form.textMonth ? MONTHS[m[form.m]!]! : Number(m[form.m]);
    const day = Number(m[form.d]);
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let millisecond = 0;
    let offset: number | null = null;
    if (form.t > 0) {
      if (m[form.t] !== undefined) {
        hour = Number(m[form.t]);
        minute = Number(m[form.t + 1]);
        second = m[form.t + 2] === undefined ? 0 : Number(m[form.t + 2]);
        millisecond = m[form.t + 3] === undefined ? 0 : Math.floor(Number(`0.${m[form.t + 3]}`) * 1000);
        const meridian = m[form.t + 4];
        if (meridian !== undefined) {
          if (hour < 1 || hour > 12) return null;
          hour = (hour % 12) + (meridian === 'p' ? 12 : 0);
        }
        if (hour > 23 || minute > 59 || second > 59) return null;
      }
      offset = parseZone(m[form.t + 5]);
      if (Number.isNaN(offset)) return null;
    }
    return { year, month, day, hour, minute, second, millisecond, offset };
  }
  return null;
}

/** Milliseconds since the epoch for wall-clock parts read as UTC (no overflow correction). */
export function wallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

/** The instant the parts stand for. */
export function toTimestamp(p: DateParts): number {
  const t = wallClock(p.year, p.month, p.day, p.hour, p.minute, p.second, p.millisecond);
  return p.offset === null ? t : t - p.offset * 60_000;
}

const DAY = 86_400_000;
const FIXED_UNITS: Record<string, number | undefined> = {
  sec: 1000,
  second: 1000,
  min: 60_000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY,
  week: 7 * DAY,
  fortnight: 14 * DAY,
};
const RELATIVE =
  /^([+-]?\d+)\s*(sec|secs|second|seconds|min|mins|minute|minutes|hour|hours|day|days|week|weeks|fortnight|fortnights|month|months|year|years)(\s+ago)?$/;

/** A relative date expression: returns the instant for a given "now", or null if `text` is not one. */
export function parseRelative(input: string): ((now: number) => number) | null {
  const text = input.trim().toLowerCase();
  const midnight = (now: number): number => now - (((now % DAY) + DAY) % DAY);
  switch (text) {
    case 'now':
      return (now) => now;
    case 'today':
    case 'midnight':
      return midnight;
    case 'tomorrow':
      return (now) => midnight(now) + DAY;
    case 'yesterday':
      return (now) => midnight(now) - DAY;
  }
  const m = RELATIVE.exec(text);
  if (m === null) return null;
  const n = Number(m[1]) * (m[3] === undefined ? 1 : -1);
  const unit = m[2]!.endsWith('s') ? m[2]!.slice(0, -1) : m[2]!;
  const step = FIXED_UNITS[unit];
  if (step !== undefined) return (now) => now + n * step;
  const months = unit === 'year' ? n * 12 : n;
  return (now) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.getTime();
  };
}

/** The instant a value stands for (an absolute date, or a relative expression), or null. */
export function timestampOf(value: unknown, now: number): number | null {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return null;
  const parts = parseDate(value);
  if (parts !== null) return toTimestamp(parts);
  const relative = parseRelative(value);
  return relative === null ? null : relative(now);
}
