import { randomBytes } from 'node:crypto';

/** The request and response header that carries the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request attribute holding the id: `request.attributes.get('request_id')`. */
export const REQUEST_ID_ATTRIBUTE = 'request_id';

const MAX_LENGTH = 128;
/** Letters, digits and `-_.:+=/@`: UUIDs, ULIDs, trace ids. Nothing that could break a header or a log line. */
const SAFE = /^[A-Za-z0-9\-_.:+=/@]+$/;

/** Ids made at a time: all those whose counters share every base-36 digit but the last two. */
const SPAN = 36 * 36;
/** The last two base-36 digits of a counter, padded (`00`...`zz`). */
const PADDED_TAILS: readonly string[] = Array.from({ length: SPAN }, (_, n) => n.toString(36).padStart(2, '0'));

/**
 * A source of new request ids, made once at boot: 16 random hex characters
 * (64 bits, so ids of other processes and restarts do not collide) and a
 * counter in base 36, e.g. `9f86d081884c7d65-2s`. A UUID per request would
 * cost about a microsecond. Ids are made 1,296 at a time as one flat string
 * (flat-string.ts) and each request takes a slice of it: node runs a
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
 * unless `high` is 0.
 */
function idBlock(prefix: string, high: number, starts: Int32Array): string {
  const head = high === 0 ? prefix : prefix + high.toString(36);
  const pieces: string[] = [];
  for (let tail = 0; tail < SPAN; tail++) {
    const digits = high === 0 ? tail.toString(36) : PADDED_TAILS[tail]!;
    pieces.push(head, digits);
    starts[tail + 1] = starts[tail]! + head.length + digits.length;
  }
  return pieces.join('');
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
