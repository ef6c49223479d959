import { connect } from 'node:net';

/** What came back on a raw socket: the status (0 when none), headers and body text. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** True when the server closed the connection without answering. */
  closedSilently: boolean;
}

/**
 * Sends `bytes` as they are on a fresh connection and reads until the
 * server closes it or `timeoutMs` passes (then the socket is destroyed).
 * For requests undici refuses to send: broken framing, odd headers.
 */
export function rawExchange(port: number, bytes: Buffer | string, timeoutMs = 3000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('connect', () => socket.end(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseReply(Buffer.concat(chunks).toString('latin1')));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Parses the first final (non-1xx) response of an HTTP/1.1 byte stream. */
export function parseReply(text: string): RawReply {
  while (/^HTTP\/1\.[01] 1\d\d/.test(text) && text.includes('\r\n\r\n')) text = text.slice(text.indexOf('\r\n\r\n') + 4);
  if (text === '') return { status: 0, headers: {}, body: '', closedSilently: true };
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine, ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? '' : text.slice(end + 4);
  const length = headers['content-length'];
  if (length !== undefined) body = body.slice(0, Number(length));
  else if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status, headers, body, closedSilently: false };
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (eol === -1 || !(size > 0)) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}
