import { Readable } from 'node:stream';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * A readable stream with `headers`, standing in for IncomingMessage in the
 * body reader's tests. Each chunk is pushed as a separate `data` event.
 */
export function fakeIncoming(chunks: (string | Buffer)[], headers: IncomingHttpHeaders): IncomingMessage {
  const buffers = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  let index = 0;
  const stream = new Readable({
    read() {
      if (index < buffers.length) this.push(buffers[index++]);
      else this.push(null);
    },
  });
  return Object.assign(stream, { headers }) as unknown as IncomingMessage;
}

/** A JSON request body with a correct Content-Length. */
export function jsonIncoming(text: string | Buffer, contentType = 'application/json'): IncomingMessage {
  const buffer = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return fakeIncoming([buffer], { 'content-type': contentType, 'content-length': String(buffer.length) });
}
