import type { ServerResponse } from 'node:http';
import type { HeaderMap } from './response.js';

const JSON_TYPE = 'application/json';

/**
 * Serialises a response (with `serialize`, `JSON.stringify` by default) and writes it, adding `content-type` and
 * `content-length` to `headers` (the caller's own copy). Throws (before anything is written)
 * when the status is not a final one (200-599) or the body cannot be
 * serialised (a cycle, a BigInt, a function or a Symbol), and node:http
 * throws for an invalid header, so the caller can answer with a 500 instead.
 * HEAD gets the headers only.
 */
export function writeResponse(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: HeaderMap,
  method: string,
  serialize: (value: unknown) => string = JSON.stringify,
): void {
  // A final answer is 200-599 (node would send 999 as it is, and 1xx is not a final answer).
  if (!(status >= 200 && status <= 599 && (status | 0) === status)) throw new TypeError(`Invalid response status ${String(status)}.`);
  const body = value === undefined ? undefined : serialize(value);
  // JSON.stringify gives undefined for a function or a Symbol: that is a fault, not an empty answer.
  if (body === undefined && value !== undefined) throw new TypeError(`A response body of type ${typeof value} cannot be sent as JSON.`);
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = JSON_TYPE;
  if (body === undefined || method === 'HEAD' || status === 204 || status === 304) {
    if (body !== undefined && method === 'HEAD') headers['content-length'] = String(Buffer.byteLength(body));
    res.writeHead(status, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body);
}
