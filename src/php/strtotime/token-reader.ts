/**
 * The helpers timelib's scanner actions use to read a matched token again
 * (`timelib_get_nr`, `timelib_get_month`, `timelib_lookup_relunit`...): a
 * cursor over the token's bytes that reads as a C string, so past the end
 * (or at an embedded NUL) it sees '\0'.
 */

export const UNSET_NUMBER = -9_999_999;

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
  xi: 11,
  xii: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

/** first/next/... last/previous/this: [value, behavior]. */
const RELATIVE_TEXT: Readonly<Record<string, readonly [number, number]>> = {
  first: [1, 0],
  next: [1, 0],
  second: [2, 0],
  third: [3, 0],
  fourth: [4, 0],
  fifth: [5, 0],
  sixth: [6, 0],
  seventh: [7, 0],
  eight: [8, 0],
  eighth: [8, 0],
  ninth: [9, 0],
  tenth: [10, 0],
  eleventh: [11, 0],
  twelfth: [12, 0],
  last: [-1, 0],
  previous: [-1, 0],
  this: [0, 1],
};

export const UNIT_MICROSECOND = 0;
export const UNIT_SECOND = 1;
export const UNIT_MINUTE = 2;
export const UNIT_HOUR = 3;
export const UNIT_DAY = 4;
export const UNIT_MONTH = 5;
export const UNIT_YEAR = 6;
export const UNIT_WEEKDAY = 7;
export const UNIT_SPECIAL = 8;

const MICRO = '\u00c2\u00b5';
/** timelib_relunit_lookup: [unit, multiplier]. */
const RELATIVE_UNITS: Readonly<Record<string, readonly [number, number]>> = {
  ms: [UNIT_MICROSECOND, 1000],
  msec: [UNIT_MICROSECOND, 1000],
  msecs: [UNIT_MICROSECOND, 1000],
  millisecond: [UNIT_MICROSECOND, 1000],
  milliseconds: [UNIT_MICROSECOND, 1000],
  [`${MICRO}s`]: [UNIT_MICROSECOND, 1],
  usec: [UNIT_MICROSECOND, 1],
  usecs: [UNIT_MICROSECOND, 1],
  [`${MICRO}sec`]: [UNIT_MICROSECOND, 1],
  [`${MICRO}secs`]: [UNIT_MICROSECOND, 1],
  microsecond: [UNIT_MICROSECOND, 1],
  microseconds: [UNIT_MICROSECOND, 1],
  sec: [UNIT_SECOND, 1],
  secs: [UNIT_SECOND, 1],
  second: [UNIT_SECOND, 1],
  seconds: [UNIT_SECOND, 1],
  min: [UNIT_MINUTE, 1],
  mins: [UNIT_MINUTE, 1],
  minute: [UNIT_MINUTE, 1],
  minutes: [UNIT_MINUTE, 1],
  hour: [UNIT_HOUR, 1],
  hours: [UNIT_HOUR, 1],
  day: [UNIT_DAY, 1],
  days: [UNIT_DAY, 1],
  week: [UNIT_DAY, 7],
  weeks: [UNIT_DAY, 7],
  fortnight: [UNIT_DAY, 14],
  fortnights: [UNIT_DAY, 14],
  forthnight: [UNIT_DAY, 14],
  forthnights: [UNIT_DAY, 14],
  month: [UNIT_MONTH, 1],
  months: [UNIT_MONTH, 1],
  year: [UNIT_YEAR, 1],
  years: [UNIT_YEAR, 1],
  mondays: [UNIT_WEEKDAY, 1],
  monday: [UNIT_WEEKDAY, 1],
  mon: [UNIT_WEEKDAY, 1],
  tuesdays: [UNIT_WEEKDAY, 2],
  tuesday: [UNIT_WEEKDAY, 2],
  tue: [UNIT_WEEKDAY, 2],
  wednesdays: [UNIT_WEEKDAY, 3],
  wednesday: [UNIT_WEEKDAY, 3],
  wed: [UNIT_WEEKDAY, 3],
  thursdays: [UNIT_WEEKDAY, 4],
  thursday: [UNIT_WEEKDAY, 4],
  thu: [UNIT_WEEKDAY, 4],
  fridays: [UNIT_WEEKDAY, 5],
  friday: [UNIT_WEEKDAY, 5],
  fri: [UNIT_WEEKDAY, 5],
  saturdays: [UNIT_WEEKDAY, 6],
  saturday: [UNIT_WEEKDAY, 6],
  sat: [UNIT_WEEKDAY, 6],
  sundays: [UNIT_WEEKDAY, 0],
  sunday: [UNIT_WEEKDAY, 0],
  sun: [UNIT_WEEKDAY, 0],
  weekday: [UNIT_SPECIAL, 1],
  weekdays: [UNIT_SPECIAL, 1],
};

const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
/** ASCII-only lower case, as timelib_strcasecmp. */
const lower = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

export class TokenReader {
  private readonly text: string;
  p = 0;

  constructor(token: string) {
    const nul = token.indexOf('\0');
    this.text = nul === -1 ? token : token.slice(0, nul);
  }

  /** The byte at the cursor (+k), '\0' past the end. */
  ch(k = 0): string {
    return this.text[this.p + k] ?? '\0';
  }

  atEnd(): boolean {
    return this.p >= this.text.length;
  }

  /** timelib_get_nr_ex: skips to the first digit, reads at most `max` digits. */
  number(max: number): { value: number; length: number } {
    while (!isDigit(this.ch())) {
      if (this.ch() === '\0') return { value: UNSET_NUMBER, length: 0 };
      this.p++;
    }
    const begin = this.p;
    while (isDigit(this.ch()) && this.p - begin < max) this.p++;
    return { value: Number(this.text.slice(begin, this.p)), length: this.p - begin };
  }

  nr(max: number): number {
    return this.number(max).value;
  }

  /**
   * timelib_get_signed_nr: skips to a sign or digit, folds the signs, reads
   * at most `max` digits. Null where timelib adds an error (no digits, out of
   * the 64-bit range).
   */
  signedNumber(max: number): number | null {
    while (!isDigit(this.ch()) && this.ch() !== '+' && this.ch() !== '-') {
      if (this.ch() === '\0') return null;
      this.p++;
    }
    let negative = false;
    while (this.ch() === '+' || this.ch() === '-') {
      if (this.ch() === '-') negative = !negative;
      this.p++;
    }
    while (!isDigit(this.ch())) {
      if (this.ch() === '\0') return null;
      this.p++;
    }
    const begin = this.p;
    while (isDigit(this.ch()) && this.p - begin < max) this.p++;
    const digits = this.text.slice(begin, this.p);
    // strtoll's ERANGE: only 19 digits and more can leave the 64-bit range.
    if (digits.length >= 19 && BigInt(digits) > (negative ? 2n ** 63n : 2n ** 63n - 1n)) return null;
    const n = Number(digits);
    return negative ? -n : n;
  }

  /** timelib_get_frac_nr: the fraction after '.' (or ':') in microseconds. */
  fraction(): number {
    while (this.ch() !== '.' && this.ch() !== ':' && !isDigit(this.ch())) {
      if (this.ch() === '\0') return UNSET_NUMBER;
      this.p++;
    }
    const begin = this.p;
    while (this.ch() === '.' || this.ch() === ':' || isDigit(this.ch())) this.p++;
    const digits = /^[0-9]*(?:\.[0-9]*)?/.exec(this.text.slice(begin + 1, this.p))![0];
    const value = digits === '' || digits === '.' ? 0 : Number(digits);
    return Math.trunc(value * 10 ** (7 - (this.p - begin)));
  }

  /** timelib_skip_day_suffix. */
  skipDaySuffix(): void {
    if (' \t\n\v\f\r'.includes(this.ch())) return;
    const two = lower(this.ch() + this.ch(1));
    if (two === 'nd' || two === 'rd' || two === 'st' || two === 'th') this.p += 2;
  }

  private word(isPart: (c: string) => boolean): string {
    const begin = this.p;
    while (this.ch() !== '\0' && isPart(this.ch())) this.p++;
    return this.text.slice(begin, this.p);
  }

  /** timelib_get_relative_text: [value, behavior] of first/next/last/this..., [0, undefined] when unknown. */
  relativeText(): readonly [number, number | undefined] {
    while (' \t-/'.includes(this.ch()) && this.ch() !== '\0') this.p++;
    return own(RELATIVE_TEXT, lower(this.word(isLetter))) ?? [0, undefined];
  }

  /** timelib_lookup_month (at the cursor). */
  lookupMonth(): number {
    return own(MONTHS, lower(this.word(isLetter))) ?? 0;
  }

  /** timelib_get_month: skips separators first. */
  month(): number {
    while (' \t-./'.includes(this.ch()) && this.ch() !== '\0') this.p++;
    return this.lookupMonth();
  }

  /** timelib_eat_spaces: spaces, tabs, NBSP and NNBSP. */
  eatSpaces(): void {
    for (;;) {
      if (this.ch() === ' ' || this.ch() === '\t') this.p++;
      else if (this.ch() === '\u00e2' && this.ch(1) === '\u0080' && this.ch(2) === '\u00af') this.p += 3;
      else if (this.ch() === '\u00c2' && this.ch(1) === '\u00a0') this.p += 2;
      else return;
    }
  }

  /** timelib_lookup_relunit: [unit, multiplier] of the word up to a separator. */
  relativeUnit(): readonly [number, number] | undefined {
    return own(RELATIVE_UNITS, lower(this.word((c) => !' ,\t;:/.-()'.includes(c))));
  }

  /** The word timelib_lookup_abbr reads: letters, digits and `/_-+`. */
  zoneWord(): string {
    return this.word((c) => isLetter(c) || isDigit(c) || c === '/' || c === '_' || c === '-' || c === '+');
  }

  /** The run of digits and colons timelib_parse_tz_cor reads. */
  offsetDigits(): string {
    return this.word((c) => isDigit(c) || c === ':');
  }

  /** timelib_meridian: the hours to add for am/pm after hour `h`. */
  meridian(h: number): number {
    while (!'AaPp'.includes(this.ch()) || this.ch() === '\0') {
      if (this.ch() === '\0') return 0;
      this.p++;
    }
    let add = 0;
    if (this.ch() === 'a' || this.ch() === 'A') {
      if (h === 12) add = -12;
    } else if (h !== 12) {
      add = 12;
    }
    this.p++;
    if (this.ch() === '.') this.p++;
    if (this.ch() === 'M' || this.ch() === 'm') this.p++;
    if (this.ch() === '.') this.p++;
    return add;
  }
}
