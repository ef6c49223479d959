import type { ServerResponse } from 'node:http';
import type { JsonResponse } from './response.js';

const JSON_TYPE = 'application/json';

/**
 * Serialises a response and writes it. Throws (before anything is written)
 * when the body cannot be serialised, e.g. a cycle or a BigInt, so the
 * caller can answer with a 500 instead. HEAD gets the headers only.
 */
export function writeResponse(res: ServerResponse, response: JsonResponse, method: string): void {
  const body = response.body === undefined ? undefined : JSON.stringify(response.body);
  const headers = response.headers;
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = JSON_TYPE;
  if (body === undefined || method === 'HEAD' || response.status === 204 || response.status === 304) {
    if (body !== undefined && method === 'HEAD') headers['content-length'] = String(Buffer.byteLength(body));
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(response.status, headers);
  res.end(body);
}
