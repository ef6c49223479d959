import type { IncomingMessage } from 'node:http';
import { BadRequestError, HttpError } from '../errors/http-error.js';

/**
 * Framing and Host rules of RFC 9112 that node:http leaves to the
 * application, checked before routing. Returns the error to answer with, or
 * undefined for a well-formed request. Costs one pass over the raw header
 * names (a length compare each) and one header read.
 */
export function wireError(req: IncomingMessage): HttpError | undefined {
  // §3.2: exactly one Host line in HTTP/1.1 (node keeps the first of several, and absolute signatures use it).
  const raw = req.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') hosts++;
  }
  if (hosts > 1) return new BadRequestError('The request has more than one Host header.');
  if (hosts === 0 && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
    return new BadRequestError('An HTTP/1.1 request must have a Host header.');
  }
  // §6.1: a transfer coding other than chunked alone is not understood here (node would read a gzip body as plain).
  const coding = req.headers['transfer-encoding'];
  if (coding !== undefined && coding !== 'chunked' && coding.trim().toLowerCase() !== 'chunked') {
    return new HttpError(501, `Transfer-Encoding "${coding.slice(0, 64)}" is not supported: send the body with chunked alone.`, {
      connection: 'close',
    });
  }
  return undefined;
}

/** Header lines node:http keeps when a server's `maxHeadersCount` is unset: its parser's default of 2,000 names and values. */
const NODE_DEFAULT_KEPT_LINES = 1000;

/**
 * 431 when node:http may have dropped header lines. It keeps the first
 * `maxHeadersCount` lines of a request and ignores the rest without a word
 * (Content-Length and Host included), so a request that reaches the cap
 * cannot be known to be the one that was sent. Reads the cap of the server
 * the request came through, so `http.createServer(app.listener)` is covered
 * too; a request that came through no server (inject) kept all its lines.
 */
export function headerLinesError(req: IncomingMessage): HttpError | undefined {
  const server = (req.socket as { server?: { maxHeadersCount?: number | null } } | null)?.server;
  if (server === undefined) return undefined;
  const cap = server.maxHeadersCount;
  const kept = typeof cap === 'number' ? cap : NODE_DEFAULT_KEPT_LINES;
  if (kept <= 0 || req.rawHeaders.length >> 1 < kept) return undefined;
  return new HttpError(431, 'The request has too many header lines.', { connection: 'close' });
}

const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)/i;

/**
 * The path and query of a request target. Origin-form (`/path?query`) is
 * returned as it is; absolute-form (`http://host/path?query`, which a server
 * must accept, RFC 9112 §3.2.2) is cut to its path, and its authority
 * replaces the Host header as the RFC says. Anything else (`*`, other
 * schemes) is returned unchanged and finds no route.
 */
export function originForm(req: IncomingMessage, target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const match = ABSOLUTE_FORM.exec(target);
  if (match === null) return target;
  const rest = target.slice(match[0].length);
  if (match[1] !== '') req.headers.host = match[1];
  return rest === '' || rest.charCodeAt(0) === 63 /* ? */ ? '/' + rest : rest;
}
