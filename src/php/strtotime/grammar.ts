/**
 * The token rules of PHP's date parser (timelib's `parse_date.re`, the re2c
 * scanner behind `strtotime` and `new DateTime`), in the file's order. The
 * scanner takes, at each position, the longest match of any rule; a tie goes
 * to the earlier rule. Each rule here is an anchored (sticky) pattern whose
 * alternatives are ordered longest first, so JavaScript's first match is
 * re2c's longest. Patterns run on the string's UTF-8 bytes, one character
 * per byte, as the C scanner does. Quoted words in the original are
 * case-insensitive ('ago'), double-quoted ones ("T", "W", "GMT", the roman
 * months) exact. No pattern nests quantifiers.
 */

/** Case-insensitive literal, as re2c's 'single quotes'. */
const ci = (word: string): string => word.replace(/[a-zA-Z]/g, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).replace(/\./g, '\\.');
const alt = (...parts: string[]): string => `(?:${parts.join('|')})`;
/** Alternatives of words, longest first. */
const words = (list: readonly string[]): string => alt(...[...list].sort((a, b) => b.length - a.length).map(ci));

const MICRO = '\u00c2\u00b5'; // µ in UTF-8

const SPACE = '(?:[ \\t]+|(?:\u00c2\u00a0)+|(?:\u00e2\u0080\u00af)+)';
const FRAC = '\\.[0-9]+';
const HOUR24 = '(?:2[0-4]|[01]?[0-9])';
const HOUR24LZ = '(?:[01][0-9]|2[0-4])';
const HOUR12 = '(?:1[0-2]|0?[1-9])';
const MINUTE = '[0-5]?[0-9]';
const MINUTELZ = '[0-5][0-9]';
const SECOND = '(?:60|[0-5]?[0-9])';
const SECONDLZ = '(?:60|[0-5][0-9])';
const MERIDIAN = '[AaPp]\\.?[Mm]\\.?[\\x00\\t ]';
const TZ = '(?:[A-Z][a-z]+(?:[_/-][A-Za-z]+)+|\\(?[A-Za-z]{1,6}\\)?)';
const TZCORRECTION = `(?:GMT)?[+-]${alt(`${HOUR24LZ}:${MINUTELZ}:${SECONDLZ}`, `${HOUR24LZ}${MINUTELZ}${SECONDLZ}`, `${HOUR24}(?::?${MINUTE})?`)}`;

const DAYSUF = '(?:st|nd|rd|th)';
const MONTH = '(?:1[0-2]|0?[0-9])';
const DAY = `(?:3[01]|[0-2]?[0-9])${DAYSUF}?`;
const YEAR = '[0-9]{1,4}';
const YEAR2 = '[0-9]{2}';
const YEAR4 = '[0-9]{4}';
const YEAR4WITHSIGN = '[+-]?[0-9]{4}';
const YEARX = '[+-][0-9]{5,19}';
const DAYOFYEAR = '(?:00[1-9]|0[1-9][0-9]|[12][0-9][0-9]|3[0-5][0-9]|36[0-6])';
const WEEKOFYEAR = '(?:0[1-9]|[1-4][0-9]|5[0-3])';
const MONTHLZ = '(?:0[0-9]|1[0-2])';
const DAYLZ = '(?:0[0-9]|[12][0-9]|3[01])';

const DAYFULLS = ['sundays', 'mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays'];
const DAYFULL = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAYABBR = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAYSPECIAL = ['weekday', 'weekdays'];
const DAYTEXT = [...DAYFULLS, ...DAYFULL, ...DAYABBR, ...DAYSPECIAL];
const MONTHFULL = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTHABBR = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'];
const MONTHROMAN = '(?:VIII|XII|III|VII|II|IV|VI|IX|XI|I|V|X)';
const MONTHTEXT = alt(words([...MONTHFULL, ...MONTHABBR]), MONTHROMAN);

const TIMETINY12 = `${HOUR12}${SPACE}?${MERIDIAN}`;
const TIMESHORT12 = `${HOUR12}[:.]${MINUTELZ}${SPACE}?${MERIDIAN}`;
const TIMELONG12 = `${HOUR12}[:.]${MINUTE}[:.]${SECONDLZ}${SPACE}?${MERIDIAN}`;
const TIMETINY24 = `[tT]${HOUR24}`;
const TIMESHORT24 = `[tT]?${HOUR24}[:.]${MINUTE}`;
const TIMELONG24 = `[tT]?${HOUR24}[:.]${MINUTE}[:.]${SECOND}`;
const ISO8601LONG = `[tT]?${HOUR24}[:.]${MINUTE}[:.]${SECOND}${FRAC}`;
const ISO8601NORMTZ = `[tT]?${HOUR24}[:.]${MINUTE}[:.]${SECONDLZ}${SPACE}?${alt(TZCORRECTION, TZ)}`;
const GNUNOCOLON = `[tT]?${HOUR24LZ}${MINUTELZ}`;
const ISO8601NOCOLON = `[tT]?${HOUR24LZ}${MINUTELZ}${SECONDLZ}`;

const AMERICANSHORT = `${MONTH}/${DAY}`;
const AMERICAN = `${MONTH}/${DAY}/${YEAR}`;
const ISO8601DATESLASH = `${YEAR4}/${MONTHLZ}/${DAYLZ}/?`;
const DATESLASH = `${YEAR4}/${MONTH}/${DAY}`;
const ISO8601DATE4 = `${YEAR4WITHSIGN}-${MONTHLZ}-${DAYLZ}`;
const ISO8601DATE2 = `${YEAR2}-${MONTHLZ}-${DAYLZ}`;
const ISO8601DATEX = `${YEARX}-${MONTHLZ}-${DAYLZ}`;
const GNUDATESHORTER = `${YEAR4}-${MONTH}`;
const GNUDATESHORT = `${YEAR}-${MONTH}-${DAY}`;
const POINTEDDATE4 = `${DAY}[.\\t-]${MONTH}[.-]${YEAR4}`;
const POINTEDDATE2 = `${DAY}[.\\t]${MONTH}\\.${YEAR2}`;
const DATEFULL = `${DAY}[ \\t.-]*${MONTHTEXT}[ \\t.-]*${YEAR}`;
const DATENODAY = `${MONTHTEXT}[ .\\t-]*${YEAR4}`;
const DATENODAYREV = `${YEAR4}[ .\\t-]*${MONTHTEXT}`;
const DATETEXTUAL = `${MONTHTEXT}[ .\\t-]*${DAY}[,.stndrh\\t ]+${YEAR}`;
const DATENOYEAR = `${MONTHTEXT}[ .\\t-]*${DAY}(?:[,.stndrh\\t ]+|\\x00)`;
const DATENOYEARREV = `${DAY}[ .\\t-]*${MONTHTEXT}`;
const DATENOCOLON = `${YEAR4}${MONTHLZ}${DAYLZ}`;

const SOAP = `${YEAR4}-${MONTHLZ}-${DAYLZ}T${HOUR24LZ}:${MINUTELZ}:${SECONDLZ}${FRAC}(?:${TZCORRECTION})?`;
const XMLRPC = `${YEAR4}${MONTHLZ}${DAYLZ}T${HOUR24}:${MINUTELZ}:${SECONDLZ}`;
const XMLRPCNOCOLON = `${YEAR4}${MONTHLZ}${DAYLZ}[tT]${HOUR24}${MINUTELZ}${SECONDLZ}`;
const WDDX = `${YEAR4}-${MONTH}-${DAY}T${HOUR24}:${MINUTE}:${SECOND}`;
const EXIF = `${YEAR4}:${MONTHLZ}:${DAYLZ} ${HOUR24LZ}:${MINUTELZ}:${SECONDLZ}`;
const PGYDOTD = `${YEAR4}[.-]?${DAYOFYEAR}`;
const PGTEXTSHORT = `${words(MONTHABBR)}-${DAYLZ}-${YEAR}`;
const PGTEXTREVERSE = `${YEAR}-${words(MONTHABBR)}-${DAYLZ}`;
const MSSQLTIME = `${HOUR12}:${MINUTELZ}:${SECONDLZ}[:.][0-9]+${MERIDIAN}`;
const ISOWEEKDAY = `${YEAR4}-?W${WEEKOFYEAR}-?[0-7]`;
const ISOWEEK = `${YEAR4}-?W${WEEKOFYEAR}`;
const CLF = `${DAY}/${words(MONTHABBR)}/${YEAR4}:${HOUR24LZ}:${MINUTELZ}:${SECONDLZ}${SPACE}${TZCORRECTION}`;

const RELTEXTNUMBER = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eight',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];
const RELTEXTTEXT = ['next', 'last', 'previous', 'this'];
const UNIT_BASES = [
  'msec',
  'millisecond',
  `${MICRO}sec`,
  'microsecond',
  'usec',
  'sec',
  'second',
  'min',
  'minute',
  'hour',
  'day',
  'fortnight',
  'forthnight',
  'month',
  'year',
];
/** reltextunit, each word with and without its plural `s`, longest first. */
const unitWords = (extra: string[]): string[] => [
  'ms',
  `${MICRO}s`,
  ...UNIT_BASES.flatMap((w) => [`${w}s`, w]),
  'weeks',
  ...DAYTEXT,
  ...extra,
];
const RELTEXTUNIT = words(unitWords([]));
const RELNUMBER = '[+-]*[ \\t]*[0-9]{1,13}';

/** What a rule's action does, named after the rule in `parse_date.re`. */
export type Action =
  | 'yesterday'
  | 'now'
  | 'noon'
  | 'midnight'
  | 'tomorrow'
  | 'timestamp'
  | 'timestampms'
  | 'firstlastdayof'
  | 'backfrontof'
  | 'weekdayof'
  | 'time12'
  | 'mssqltime'
  | 'time24'
  | 'gnunocolon'
  | 'iso8601nocolon'
  | 'american'
  | 'iso8601date'
  | 'iso8601date2'
  | 'iso8601datex'
  | 'gnudateshorter'
  | 'gnudateshort'
  | 'datefull'
  | 'pointeddate4'
  | 'pointeddate2'
  | 'datenoday'
  | 'datenodayrev'
  | 'datetextual'
  | 'datenoyearrev'
  | 'datenocolon'
  | 'xmlrpc'
  | 'pgydotd'
  | 'isoweekday'
  | 'isoweek'
  | 'pgtextshort'
  | 'pgtextreverse'
  | 'clf'
  | 'year4'
  | 'ago'
  | 'daytext'
  | 'relativetextweek'
  | 'relativetext'
  | 'monthtext'
  | 'timezone'
  | 'dateshortwithtime12'
  | 'dateshortwithtime24'
  | 'relative'
  | 'skip'
  | 'error';

export interface Rule {
  action: Action;
  /** Sticky: matched at the scanner's position only. */
  pattern: RegExp;
  /** The bytes a match can start with, to skip rules that cannot match here. */
  first: RegExp;
}

const MONTH_FIRST = '[jJfFmMaAsSoOnNdDIVX]';
const rule = (action: Action, first: string, ...alternatives: string[]): Rule => ({
  action,
  pattern: new RegExp(alt(...alternatives), 'y'),
  first: new RegExp(`^${first}`),
});

/** The rules, in `parse_date.re`'s order (ties go to the earlier one). */
export const RULES: readonly Rule[] = [
  rule('yesterday', '[yY]', ci('yesterday')),
  rule('now', '[nN]', ci('now')),
  rule('noon', '[nN]', ci('noon')),
  rule('midnight', '[mMtT]', ci('midnight'), ci('today')),
  rule('tomorrow', '[tT]', ci('tomorrow')),
  rule('timestamp', '@', '@-?[0-9]+'),
  rule('timestampms', '@', '@-?[0-9]+\\.[0-9]{0,6}'),
  rule('firstlastdayof', '[fFlL]', ci('first day of'), ci('last day of')),
  rule(
    'backfrontof',
    '[bBfF]',
    `${ci('back of ')}${HOUR24}(?:${SPACE}?${MERIDIAN})?`,
    `${ci('front of ')}${HOUR24}(?:${SPACE}?${MERIDIAN})?`,
  ),
  rule(
    'weekdayof',
    '[fFsStTeEnNlLpP]',
    `${words([...RELTEXTNUMBER, ...RELTEXTTEXT])}${SPACE}${words([...DAYFULLS, ...DAYFULL, ...DAYABBR])}${SPACE}${ci('of')}`,
  ),
  rule('time12', '[0-9]', TIMELONG12, TIMESHORT12, TIMETINY12),
  rule('mssqltime', '[0-9]', MSSQLTIME),
  rule('time24', '[0-9tT]', ISO8601LONG, TIMELONG24, TIMESHORT24, TIMETINY24),
  rule('gnunocolon', '[0-9tT]', GNUNOCOLON),
  rule('iso8601nocolon', '[0-9tT]', ISO8601NOCOLON),
  rule('american', '[0-9]', AMERICAN, AMERICANSHORT),
  rule('iso8601date', '[0-9+-]', ISO8601DATE4, ISO8601DATESLASH, DATESLASH),
  rule('iso8601date2', '[0-9]', ISO8601DATE2),
  rule('iso8601datex', '[+-]', ISO8601DATEX),
  rule('gnudateshorter', '[0-9]', GNUDATESHORTER),
  rule('gnudateshort', '[0-9]', GNUDATESHORT),
  rule('datefull', '[0-9]', DATEFULL),
  rule('pointeddate4', '[0-9]', POINTEDDATE4),
  rule('pointeddate2', '[0-9]', POINTEDDATE2),
  rule('datenoday', MONTH_FIRST, DATENODAY),
  rule('datenodayrev', '[0-9]', DATENODAYREV),
  rule('datetextual', MONTH_FIRST, DATETEXTUAL, DATENOYEAR),
  rule('datenoyearrev', '[0-9]', DATENOYEARREV),
  rule('datenocolon', '[0-9]', DATENOCOLON),
  rule('xmlrpc', '[0-9]', SOAP, WDDX, XMLRPC, XMLRPCNOCOLON, EXIF),
  rule('pgydotd', '[0-9]', PGYDOTD),
  rule('isoweekday', '[0-9]', ISOWEEKDAY),
  rule('isoweek', '[0-9]', ISOWEEK),
  rule('pgtextshort', '[jJfFmMaAsSoOnNdD]', PGTEXTSHORT),
  rule('pgtextreverse', '[0-9]', PGTEXTREVERSE),
  rule('clf', '[0-9]', CLF),
  rule('year4', '[0-9]', YEAR4),
  rule('ago', '[aA]', ci('ago')),
  rule('daytext', '[sSmMtTwWfF]', words(DAYTEXT)),
  rule('relativetextweek', '[nNlLpPtT]', `${words(RELTEXTTEXT)}${SPACE}${ci('week')}`),
  rule('relativetext', '[fFsStTeEnNlLpP]', `${words([...RELTEXTNUMBER, ...RELTEXTTEXT])}${SPACE}${RELTEXTUNIT}`),
  rule('monthtext', '[jJfFmMaAsSoOnNdD]', words([...MONTHFULL, ...MONTHABBR])),
  rule('timezone', '[A-Za-z(+-]', TZCORRECTION, TZ),
  rule('dateshortwithtime12', MONTH_FIRST, `${DATENOYEAR}${TIMELONG12}`, `${DATENOYEAR}${TIMESHORT12}`),
  rule('dateshortwithtime24', MONTH_FIRST, `${DATENOYEAR}${ISO8601NORMTZ}`, `${DATENOYEAR}${TIMELONG24}`, `${DATENOYEAR}${TIMESHORT24}`),
  rule('relative', '[-+ \\t0-9]', `${RELNUMBER}${SPACE}?${words(unitWords(['week']))}`),
  rule('skip', '[.,]', '[.,]'),
  rule('skip', '[ \\t\u00c2\u00e2]', SPACE),
  rule('skip', '[\\x00\\n]', '[\\x00\\n]'),
  rule('error', '[\\s\\S]', '[\\s\\S]'),
];
