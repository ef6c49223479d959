import { randomUUID } from 'node:crypto';

/** The request and response header that carries the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request attribute holding the id: `request.attributes.get('request_id')`. */
export const REQUEST_ID_ATTRIBUTE = 'request_id';

const MAX_LENGTH = 128;
/** Letters, digits and `-_.:+=/@`: UUIDs, ULIDs, trace ids. Nothing that could break a header or a log line. */
const SAFE = /^[A-Za-z0-9\-_.:+=/@]+$/;

/**
 * The id for a request: the client's (or the proxy's) `X-Request-Id` when it
 * is a sane value (1 to 128 safe characters), otherwise a new UUID. A
 * repeated header arrives joined with `, ` and so is replaced too.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  if (typeof header === 'string' && header.length <= MAX_LENGTH && SAFE.test(header)) return header;
  return randomUUID();
}
