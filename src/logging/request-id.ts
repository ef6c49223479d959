import { randomBytes } from 'node:crypto';
import { flatString } from './flat-string.js';

/** The request and response header that carries the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request attribute holding the id: `request.attributes.get('request_id')`. */
export const REQUEST_ID_ATTRIBUTE = 'request_id';

const MAX_LENGTH = 128;
/** Letters, digits and `-_.:+=/@`: UUIDs, ULIDs, trace ids. Nothing that could break a header or a log line. */
const SAFE = /^[A-Za-z0-9\-_.:+=/@]+$/;

/** Ids made at a time: all those whose counters share every base-36 digit but the last two. */
const SPAN = 36 * 36;
/** Base 36's digits, as `Number#toString(36)` writes them. */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A source of new request ids, made once at boot: 16 random hex characters
 * (64 bits, so ids of other processes and restarts do not collide) and a
 * counter in base 36, e.g. `9f86d081884c7d65-2s`. A UUID per request would
 * cost about a microsecond. Ids are made 1,296 at a time as one flat string
 * and each request takes a slice of it: node runs a
 * regular expression over every header value, and a string made with `+`
 * would first be copied flat for it. (A slice keeps its block, some 25 KB,
 * alive while the id is kept.)
 */
export function requestIdSource(): () => string {
  const prefix = `${randomBytes(8).toString('hex')}-`;
  const starts = new Int32Array(SPAN + 1);
  let block = '';
  let counter = 0;
  return () => {
    const tail = ++counter % SPAN;
    if (tail === 0 || counter === 1) block = idBlock(prefix, Math.floor(counter / SPAN), starts);
    return block.slice(starts[tail], starts[tail + 1]);
  };
}

/**
 * The ids of counters `high * 1296` to `high * 1296 + 1295`, one after
 * another in one flat string, and where each starts (`starts`, filled in).
 * A counter's base-36 digits are those of `high` then its last two, padded
 * unless `high` is 0. Written as bytes and read back as one string: joining
 * 2,592 pieces cost some 900 instructions per id (callgrind); only the
 * first block, whose ids differ in length, is still joined.
 */
function idBlock(prefix: string, high: number, starts: Int32Array): string {
  if (high === 0) return firstBlock(prefix, starts);
  const head = prefix + high.toString(36);
  const length = head.length + 2;
  // Every id is the head and two digits: lay down `head00` 1,296 times, then write each id's digits.
  const bytes = Buffer.allocUnsafe(SPAN * length).fill(`${head}00`, 'latin1');
  for (let tail = 0; tail < SPAN; tail++) {
    const end = (tail + 1) * length;
    bytes[end - 2] = DIGITS.charCodeAt((tail / 36) | 0);
    bytes[end - 1] = DIGITS.charCodeAt(tail % 36);
    starts[tail + 1] = end;
  }
  return bytes.toString('latin1');
}

/** The first 1,296 ids, whose counters have one digit or two (made once, joined flat). */
function firstBlock(prefix: string, starts: Int32Array): string {
  const ids: string[] = [];
  for (let tail = 0; tail < SPAN; tail++) {
    ids.push(prefix + tail.toString(36));
    starts[tail + 1] = starts[tail]! + ids[tail]!.length;
  }
  return flatString(...ids);
}

/**
 * The id for a request: the client's (or the proxy's) `X-Request-Id` when it
 * is a sane value (1 to 128 safe characters), otherwise a new one. A
 * repeated header arrives joined with `, ` and so is replaced too.
 */
export function requestIdFrom(header: string | string[] | undefined, next: () => string): string {
  if (typeof header === 'string' && header.length <= MAX_LENGTH && SAFE.test(header)) return header;
  return next();
}
