/**
 * Serving an application for one uvu suite. uvu 0.5 swallows an error thrown
 * by a `before` hook (the suite shows 0 / N and the run still exits 0), so a
 * setup failure is kept and rethrown by every test instead: a broken app can
 * never look like a passing suite.
 */
import { createServer } from 'node:net';
import type { Test } from 'uvu';
import type { Application } from '../../src/application.js';
import { client, start, type Client } from './http.js';

/** The client of the suite's server; valid inside its tests. */
export interface Served {
  readonly http: Client;
}

/**
 * Starts `make()` before the suite's tests and closes it after them, on a
 * free port, or on `port()` (read after `make()`) when given.
 */
export function serve(test: Test, make: () => Application | Promise<Application>, port?: () => number): Served {
  let client: Client | undefined;
  let setupError: unknown;
  test.before(async () => {
    try {
      const app = await make();
      client = port === undefined ? await start(app) : await startOn(app, port());
    } catch (error) {
      setupError = error;
    }
  });
  test.before.each(() => {
    if (setupError !== undefined) throw setupError;
  });
  test.after(async () => {
    await client?.close();
    client = undefined;
  });
  return {
    get http(): Client {
      if (client === undefined) throw (setupError as Error | undefined) ?? new Error('The suite server is not running.');
      return client;
    },
  };
}

/**
 * A port that was free a moment ago on 127.0.0.1, for apps that must know
 * their own URL before they listen (`app_url` of signed URLs).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `app` on `port` of 127.0.0.1 (see `freePort`). */
export async function startOn(app: Application, port: number): Promise<Client> {
  const address = await app.listen(port, '127.0.0.1');
  return client(`http://127.0.0.1:${address.port}`, () => app.close());
}
