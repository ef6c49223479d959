import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SwitchyardConfig } from '../config.js';
import { headerLinesError } from './wire-rules.js';

/** Header lines a request may have; node:http would keep this many and drop the rest without a word. */
const MAX_HEADER_LINES = 2000;

/**
 * A node:http server with safe limits: a bounded head size and line count (431), timeouts
 * that cut off slow clients, and JSON answers for requests node:http itself
 * rejects before Switchyard sees them (bad framing, oversized heads).
 */
export function createConfiguredServer(config: SwitchyardConfig, listener: (req: IncomingMessage, res: ServerResponse) => void): Server {
  const server = createServer(
    {
      maxHeaderSize: config.max_header_size,
      headersTimeout: config.headers_timeout,
      requestTimeout: config.request_timeout,
      keepAliveTimeout: config.keep_alive_timeout,
      // Node checks the two timeouts above on this interval (30 s by default).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, config.headers_timeout / 2)),
      // The kernel checks Host itself, so a request without one gets a JSON 400 (node's own has no body).
      requireHostHeader: false,
    },
    listener,
  );
  // One line more than are allowed, so that a request over the limit is seen (wire-rules.ts answers it 431).
  server.maxHeadersCount = MAX_HEADER_LINES + 1;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    // Never invite a body that will be refused for its size.
    if (Number(req.headers['content-length']) > config.body_limit) {
      const body = JSON.stringify({ message: `The request body is larger than the limit of ${config.body_limit} bytes.` });
      res.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
      res.end(body);
      return;
    }
    // Nor one that will be refused for its header lines (the kernel answers that 431).
    if (headerLinesError(req) === undefined) res.writeContinue();
    listener(req, res);
  });
  server.on('clientError', answerClientError);
  server.on('checkExpectation', answerExpectationFailed);
  server.on('connect', answerConnect);
  return server;
}

const REASONS: Record<number, [string, string]> = {
  400: ['Bad Request', 'The request could not be parsed.'],
  408: ['Request Timeout', 'The request took too long to arrive.'],
  431: ['Request Header Fields Too Large', 'The request headers are too large.'],
};

/** Answers a request node:http could not parse with a JSON error, then closes the socket. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A response already on its way cannot be replaced; otherwise answer, even mid-request.
  const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const [reason, message] = REASONS[status]!;
  rawJson(socket, status, reason, message);
}

/** `Expect:` values other than 100-continue: 417 with a JSON body (node:http would send an empty one). */
function answerExpectationFailed(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ message: 'The Expect header is not supported.' });
  res.writeHead(417, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** CONNECT (proxy tunnels) is not served: 405 JSON instead of a silent close. */
function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  rawJson(socket, 405, 'Method Not Allowed', 'The CONNECT method is not supported.');
}

function rawJson(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.on('error', () => undefined);
  // Once the answer is out, destroy: a half-closed socket would go on parsing what the client already sent.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
