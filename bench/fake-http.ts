import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** A node:http listener. */
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** What a synthetic request was answered with. */
export interface Captured {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

// One unconnected socket for every synthetic request: nothing is read from it. It stands for a
// connection to a server with node's default header-line cap, so the kernel's checks run as over a socket.
const socket = new Socket();
(socket as unknown as { server: { maxHeadersCount: number | null } }).server = { maxHeadersCount: null };

/** A synthetic request, as node:http's parser would hand it over: headers set, body pushed, stream ended. */
export function fakeRequest(method: string, url: string, headers: Record<string, string>, body?: string): IncomingMessage {
  const req = new IncomingMessage(socket);
  req.method = method;
  req.url = url;
  // A plain copy: `{ ...headers, more }` would make a slow object on Node 20's V8 and every header read would pay for it.
  const copy: Record<string, string> = {};
  for (const name in headers) copy[name] = headers[name]!;
  if (body !== undefined) copy['content-length'] = String(Buffer.byteLength(body));
  req.headers = copy;
  if (body !== undefined) req.push(Buffer.from(body));
  req.push(null);
  return req;
}

/** A `ServerResponse` stand-in that captures `writeHead`/`end` and calls `done` at the end. */
export class FakeResponse {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  readonly #headers: Record<string, unknown> = {};
  #body = '';
  constructor(private readonly done: (captured: Captured) => void) {}

  setHeader(name: string, value: unknown): this {
    this.#headers[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string): unknown {
    return this.#headers[name.toLowerCase()];
  }
  hasHeader(name: string): boolean {
    return name.toLowerCase() in this.#headers;
  }
  removeHeader(name: string): void {
    delete this.#headers[name.toLowerCase()];
  }
  writeHead(status: number, headers?: Record<string, unknown>): this {
    this.statusCode = status;
    if (headers) for (const key in headers) this.#headers[key.toLowerCase()] = headers[key];
    this.headersSent = true;
    return this;
  }
  write(chunk: string | Buffer): boolean {
    this.#body += String(chunk);
    return true;
  }
  end(chunk?: string | Buffer): this {
    if (chunk !== undefined) this.#body += String(chunk);
    this.headersSent = true;
    this.writableEnded = true;
    this.done({ status: this.statusCode, headers: this.#headers, body: this.#body });
    return this;
  }
  on(): this {
    return this;
  }
  once(): this {
    return this;
  }
}

/** Sends one synthetic request through `listener` and resolves with the answer. */
export function exchange(listener: Listener, req: IncomingMessage): Promise<Captured> {
  return new Promise((resolve) => listener(req, new FakeResponse(resolve) as unknown as ServerResponse));
}
