import { Agent, request } from 'undici';
import type { Server } from 'node:http';
import type { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { Application } from '../../src/application.js';

/** What a client observes: status, headers (lower-case names, joined values), raw text and parsed JSON. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is empty. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read any JSON shape
  body: any;
}

export interface SendOptions {
  /** Sent as `application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: string;
  /** Sent as it is (set the content type in `headers`). */
  body?: string | Buffer | Readable;
  headers?: Record<string, string>;
}

export interface Client {
  base: string;
  send(method: string, path: string, options?: SendOptions): Promise<Reply>;
  close(): Promise<void>;
}

/** Sends requests to `base` through its own connection pool. */
export function client(base: string, onClose: () => Promise<void> = async () => {}): Client {
  const agent = new Agent({ keepAliveTimeout: 1000 });
  return {
    base,
    async send(method, path, options = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      let body: string | Buffer | Readable | undefined = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] ??= 'application/json';
      } else if (options.form !== undefined) {
        body = options.form;
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      }
      const response = await request(base + path, { method: method as 'GET', headers, body, dispatcher: agent });
      const text = await response.body.text();
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      let parsed: unknown;
      if (text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      return { status: response.statusCode, headers: flat, text, body: parsed };
    },
    async close() {
      await agent.close();
      await onClose();
    },
  };
}

/** Starts `app` on 127.0.0.1 with a free port. */
export async function start(app: Application): Promise<Client> {
  const address = await app.listen(0, '127.0.0.1');
  return client(`http://127.0.0.1:${address.port}`, () => app.close());
}

/** Starts an arbitrary node:http server on 127.0.0.1 with a free port. */
export async function startServer(server: Server): Promise<Client> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return client(`http://127.0.0.1:${port}`, () => {
    return new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
}
