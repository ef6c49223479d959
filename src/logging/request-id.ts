import { randomBytes } from 'node:crypto';

/** The request and response header that carries the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';

const MAX_LENGTH = 128;
/** Letters, digits and `-_.:+=/@`: UUIDs, ULIDs, trace ids. Nothing that could break a header or a log line. */
const SAFE = /^[A-Za-z0-9\-_.:+=/@]+$/;

/**
 * A source of new request ids, made once at boot: 16 random hex characters
 * (64 bits, so ids of other processes and restarts do not collide) and a
 * counter in base 36, e.g. `9f86d081884c7d65-2s`.
 */
export function requestIdSource(): () => string {
  const prefix = `${randomBytes(8).toString('hex')}-`;
  let counter = 0;
  return () => prefix + (++counter).toString(36);
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
