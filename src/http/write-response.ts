import type { ServerResponse } from 'node:http';
import type { HeaderMap } from './response.js';

const JSON_TYPE = 'application/json';

/**
 * Serialises a response and writes it, adding `content-type` and
 * `content-length` to `headers` (the caller's own copy). Throws (before anything is written)
 * when the body cannot be serialised, e.g. a cycle or a BigInt, so the
 * caller can answer with a 500 instead. HEAD gets the headers only.
 */
export function writeResponse(res: ServerResponse, status: number, value: unknown, headers: HeaderMap, method: string): void {
  const body = value === undefined ? undefined : JSON.stringify(value);
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
