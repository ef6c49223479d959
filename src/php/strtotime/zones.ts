/**
 * Time zones as PHP's date parser reads them: the abbreviations it knows
 * (`EST`, `CEST`, military `A`...`Z`; timelib's table, first entry of each,
 * which is what a lookup without an offset returns), the identifiers of PHP's
 * timezone database (matched case-insensitively: `europe/paris`), and each
 * identifier's UTC offset at an instant, taken from the ICU data Node ships,
 * read once per zone and hour (a bounded cache: a body of many dates in one
 * zone reads ICU a few times, not several times per date).
 */
import { BACKWARD_TIMEZONES, TIMEZONES } from '../timezones.js';

/** abbreviation -> "offset seconds[:1 when daylight saving]". timelib_timezone_lookup, first entries. */
const ABBREVIATIONS_SOURCE =
  'acdt:37800:1 acst:34200 addt:-7200:1 adt:-10800:1 aedt:39600:1 aest:36000 ahdt:-32400:1 ahst:-36000 ' +
  'akdt:-28800:1 akst:-32400 amt:-13840 apt:-10800:1 ast:-14400 awdt:32400:1 awst:28800 awt:-10800:1 bdst:7200:1 ' +
  'bdt:-36000:1 bmt:-14309 bst:3600:1 cast:34200 cat:7200 cddt:-14400:1 cdt:-18000:1 cemt:10800:1 cest:7200:1 ' +
  'cet:3600 cmt:-15408 cpt:-18000:1 cst:-21600 cwt:-18000:1 chst:36000 dmt:-1521 eat:10800 eddt:-10800:1 ' +
  'edt:-14400:1 eest:10800:1 eet:7200 emt:-26248 ept:-14400:1 est:-18000 ewt:-14400:1 ffmt:-14660 fmt:-4056 ' +
  'gdt:39600:1 gmt:0 gst:36000 hdt:-34200:1 hkst:32400:1 hkt:28800 hmt:-19776 hpt:-34200:1 hst:-36000 ' +
  'hwt:-34200:1 iddt:14400:1 idt:10800:1 imt:25025 ist:7200 jdt:36000:1 jmt:8440 jst:32400 kdt:36000:1 kmt:5736 ' +
  'kst:30600 lst:9394:1 mddt:-18000:1 mdst:16279:1 mdt:-21600:1 mest:7200:1 met:3600 mmt:9017 mpt:-21600:1 ' +
  'msd:14400:1 msk:10800 mst:-25200 mwt:-21600:1 nddt:-5400:1 ndt:-9052:1 npt:-9000:1 nst:-12600 nwt:-9000:1 ' +
  'nzdt:46800:1 nzmt:41400 nzst:43200 pddt:-21600:1 pdt:-25200:1 pkst:21600:1 pkt:18000 plmt:25590 pmt:-13236 ' +
  'ppmt:-17340 ppt:-25200:1 pst:-28800 pwt:-25200:1 qmt:-18840 rmt:5794 sast:7200 sdmt:-16800 sjmt:-20173 ' +
  'smt:-13884 sst:-39600 tbmt:10751 tmt:12344 uct:0 utc:0 wast:7200:1 wat:3600 wemt:7200:1 west:3600:1 wet:0 ' +
  'wib:25200 wita:28800 wit:32400 wmt:5040 yddt:-25200:1 ydt:-28800:1 ypt:-28800:1 yst:-32400 ywt:-28800:1 ' +
  'a:3600 b:7200 c:10800 d:14400 e:18000 f:21600 g:25200 h:28800 i:32400 k:36000 l:39600 m:43200 n:-3600 o:-7200 ' +
  'p:-10800 q:-14400 r:-18000 s:-21600 t:-25200 u:-28800 v:-32400 w:-36000 x:-39600 y:-43200 z:0';

const ABBREVIATIONS = new Map<string, { offset: number; dst: number }>(
  ABBREVIATIONS_SOURCE.split(' ').map((entry) => {
    const [name, offset, dst] = entry.split(':');
    return [name!, { offset: Number(offset), dst: dst === undefined ? 0 : 1 }];
  }),
);

/** timelib's MAX_ABBR_LEN (glibc's _POSIX_TZNAME_MAX): longer words are never abbreviations. */
const MAX_ABBREVIATION_LENGTH = 6;

/** A known abbreviation (any case): its offset in seconds and whether it is a daylight-saving one. */
export function lookupAbbreviation(word: string): { offset: number; dst: number } | undefined {
  if (word.length >= MAX_ABBREVIATION_LENGTH) return undefined;
  return ABBREVIATIONS.get(word.toLowerCase());
}

const ZONE_IDS = new Map<string, string>([...TIMEZONES, ...BACKWARD_TIMEZONES].map((id) => [id.toLowerCase(), id]));

/** The identifier of PHP's timezone database a word names, in any case (`europe/paris`). */
export function lookupZoneId(word: string): string | undefined {
  return ZONE_IDS.get(word.toLowerCase());
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
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
    } catch {
      // PHP's database has a few names ICU lacks (Factory, localtime): they are UTC.
      f = null;
    }
    formatters.set(zone, f);
  }
  return f;
}

/** JavaScript's dates reach ±8.64e15 ms. */
const LIMIT_SECONDS = 8.64e12;

const HOUR = 3600;

/** Most hours the offset cache keeps, all zones together; when full it starts over. */
const MAX_CACHED_HOURS = 16_384;

/** zone -> hour since the epoch -> the offset at the hour's first second. */
const hourStarts = new Map<string, Map<number, number>>();
let cachedHours = 0;
let clockReads = 0;

/** How many times this process has read a zone's wall clock from ICU (the offset cache's misses). */
export function zoneClockReads(): number {
  return clockReads;
}

/** How many hours the offset cache holds now. */
export function zoneClockHours(): number {
  return cachedHours;
}

/** The offset at a whole second, straight from ICU. */
function readOffset(f: Intl.DateTimeFormat, at: number): number {
  clockReads++;
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(at * 1000))) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
  const local = new Date(0);
  local.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  local.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return local.getTime() / 1000 - at;
}

function offsetAtHour(zone: string, f: Intl.DateTimeFormat, hour: number): number {
  let hours = hourStarts.get(zone);
  let offset = hours?.get(hour);
  if (offset !== undefined) return offset;
  if (cachedHours >= MAX_CACHED_HOURS) {
    hourStarts.clear();
    cachedHours = 0;
    hours = undefined;
  }
  if (hours === undefined) {
    hours = new Map();
    hourStarts.set(zone, hours);
  }
  offset = readOffset(f, hour * HOUR);
  hours.set(hour, offset);
  cachedHours++;
  return offset;
}

/** The zone's offset from UTC, in seconds, at an instant (seconds since the epoch). */
export function offsetAt(zone: string, sse: number): number {
  if (zone === 'UTC') return 0;
  const f = formatter(zone);
  if (f === null || !(Math.abs(sse) < LIMIT_SECONDS)) return 0;
  const at = Math.floor(sse);
  // Near the end of the range the next hour may not be a date: read the second itself.
  if (!(Math.abs(at) < LIMIT_SECONDS - 2 * HOUR)) return readOffset(f, at);
  const hour = Math.floor(at / HOUR);
  const start = offsetAtHour(zone, f, hour);
  if (at === hour * HOUR) return start;
  // The same offset at both ends of the hour holds within it (no zone changes twice in an hour);
  // otherwise the change is inside this hour, at any second (local mean time, half hours): read it.
  return offsetAtHour(zone, f, hour + 1) === start ? start : readOffset(f, at);
}

/** Whether the offset at `sse` is a daylight-saving one: above the year's smaller offset. */
export function isDaylightSaving(zone: string, sse: number): boolean {
  if (zone === 'UTC') return false;
  const year = new Date(Math.max(-LIMIT_SECONDS, Math.min(LIMIT_SECONDS, sse)) * 1000).getUTCFullYear();
  const jan = new Date(0);
  jan.setUTCFullYear(year, 0, 1);
  const jul = new Date(0);
  jul.setUTCFullYear(year, 6, 1);
  return offsetAt(zone, sse) > Math.min(offsetAt(zone, jan.getTime() / 1000), offsetAt(zone, jul.getTime() / 1000));
}

/**
 * The last instant at or before `at` when the zone's offset changed, looked
 * for in the two days before it; -Infinity when there is none so close (the
 * only case timelib's conversion reads it).
 */
export function transitionBefore(zone: string, at: number): number {
  let low = at - 2 * 86_400;
  const target = offsetAt(zone, at);
  if (offsetAt(zone, low) === target) return Number.NEGATIVE_INFINITY;
  let high = at;
  // offset(low) differs, offset(high) is the target: find the first second with the target.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (offsetAt(zone, mid) === target) high = mid;
    else low = mid;
  }
  return high;
}
