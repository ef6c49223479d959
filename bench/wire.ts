/**
 * Raw HTTP/1.1 over 127.0.0.1 sockets for the hostile benchmarks
 * (`bench:attacks`, the soak's hostile share): requests no HTTP client would
 * send (broken framing, one-byte chunks, trickled heads and bodies) and the
 * answers read back byte for byte.
 */
import { connect, type Socket } from 'node:net';

/** One final answer read off the wire. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Everything the server sent on one connection. */
export interface Exchange {
  /** Final (non-1xx) answers, in order. */
  replies: Reply[];
  /** Statuses of interim (1xx) answers, e.g. 100 Continue. */
  interim: number[];
  /** Milliseconds from the connect call until the connection closed (or the client gave up). */
  ms: number;
  /** Milliseconds until the first byte from the server (NaN when none came). */
  firstByteMs: number;
  /** The client gave up at its deadline: the server still held the connection. */
  timedOut: boolean;
}

/**
 * Connects to 127.0.0.1:`port`, lets `send` write (at once, or over time
 * with `trickle`), and collects what comes back until the connection closes
 * or `deadlineMs` passes (then the client destroys it).
 */
export function exchange(port: number, send: (socket: Socket) => void, deadlineMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    let firstByteMs = NaN;
    let timedOut = false;
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, deadlineMs);
    socket.on('connect', () => send(socket));
    socket.on('data', (chunk: Buffer) => {
      if (chunks.length === 0) firstByteMs = performance.now() - started;
      chunks.push(chunk);
    });
    // A reset after the answer (the server closed with our bytes unread) is an ordinary end here.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const { replies, interim } = parseReplies(Buffer.concat(chunks).toString('latin1'));
      resolve({ replies, interim, ms: performance.now() - started, firstByteMs, timedOut });
    });
  });
}

/** Writes `first`, then `piece` every `everyMs` until the connection closes (a slow client). */
export function trickle(socket: Socket, first: string | Buffer, piece: string, everyMs: number): void {
  socket.write(first);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(piece);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** Parses every answer in an HTTP/1.1 byte stream (latin1 text), interim ones apart. */
export function parseReplies(text: string): { replies: Reply[]; interim: number[] } {
  const replies: Reply[] = [];
  const interim: number[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    rest = rest.slice(end + 4);
    if (status >= 100 && status < 200) {
      interim.push(status);
      continue;
    }
    let body: string;
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      body = rest.slice(0, length);
      rest = rest.slice(length);
    } else if (headers['transfer-encoding'] === 'chunked') {
      [body, rest] = dechunk(rest);
    } else {
      body = rest;
      rest = '';
    }
    replies.push({ status, headers, body });
  }
  return { replies, interim };
}

function dechunk(text: string): [string, string] {
  let body = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    if (eol === -1) return [body, ''];
    const size = parseInt(rest.slice(0, eol), 16);
    if (!(size > 0)) {
      const last = rest.indexOf('\r\n\r\n', eol);
      return [body, last === -1 ? '' : rest.slice(last + 4)];
    }
    body += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}

/** A request head from a request line and header lines written as given (duplicates and odd casing kept). */
export function head(requestLine: string, headers: readonly (readonly [string, string])[]): string {
  return [requestLine, ...headers.map(([name, value]) => `${name}: ${value}`)].join('\r\n') + '\r\n\r\n';
}

/** `body` in chunked framing, one byte per chunk: six bytes on the wire per byte of body. */
export function oneByteChunks(body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(body.length * 6 + 5);
  let at = 0;
  for (const byte of body) {
    out[at++] = 0x31; // "1"
    out[at++] = 13;
    out[at++] = 10;
    out[at++] = byte;
    out[at++] = 13;
    out[at++] = 10;
  }
  out.write('0\r\n\r\n', at, 'latin1');
  return out;
}

/** A JSON echo body of exactly `size` bytes: a valid message plus padding the rules ignore. */
export function paddedJson(size: number): Buffer {
  const prefix = '{"message":"hi","pad":"';
  const suffix = '"}';
  return Buffer.from(prefix + 'x'.repeat(size - prefix.length - suffix.length) + suffix);
}

export const MULTIPART_BOUNDARY = 'switchyard-bench';

/** A multipart echo body of exactly `size` bytes: a `message` field and one file filling the rest. */
export function paddedMultipart(size: number): Buffer {
  const b = MULTIPART_BOUNDARY;
  const start =
    `--${b}\r\ncontent-disposition: form-data; name="message"\r\n\r\nhi\r\n` +
    `--${b}\r\ncontent-disposition: form-data; name="upload"; filename="a.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  const end = `\r\n--${b}--\r\n`;
  return Buffer.from(start + 'x'.repeat(size - start.length - end.length) + end);
}

/** True when `reply` is a JSON error with a non-empty message and no stack trace. */
export function isJsonError(reply: Reply): boolean {
  if (!String(reply.headers['content-type'] ?? '').startsWith('application/json')) return false;
  try {
    const parsed = JSON.parse(reply.body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message !== '' && !/\bat .+:\d+:\d+/.test(reply.body);
  } catch {
    return false;
  }
}
