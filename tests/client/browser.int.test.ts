import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createSystemApp } from '../../examples/system/app.js';
import { launchChromium, type Chromium } from '../helpers/browser.js';
import { bundleForBrowser, reexport } from '../helpers/browser-bundle.js';

/**
 * `switchyard-http/client` in headless Chromium (Debian's `chromium`, driven by
 * puppeteer-core): a page on one origin loads the client bundle and calls the
 * example application on another, so every call is cross-origin through the
 * default CORS configuration, Precognition's headers included. A third
 * server without CORS shows how a refused cross-origin answer surfaces.
 */
const test = suite('switchyard-http/client in a browser');

const api = createSystemApp();
const noCors = createSystemApp({ cors: false });
let page: Server;
let chromium: Chromium | undefined;
let apiBase = '';
let noCorsBase = '';
let pageBase = '';

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

test.before(async () => {
  apiBase = `http://127.0.0.1:${(await api.listen(0, '127.0.0.1')).port}/api`;
  noCorsBase = `http://127.0.0.1:${(await noCors.listen(0, '127.0.0.1')).port}/api`;

  const { code: script } = await bundleForBrowser(reexport(fileURLToPath(new URL('../../src/client/index.js', import.meta.url))));
  page = createServer((request, response) => {
    if (request.url === '/client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title>');
    } else {
      response.writeHead(404).end();
    }
  });
  pageBase = `http://127.0.0.1:${await listen(page)}`;

  chromium = await launchChromium();
});

test.after(async () => {
  await chromium?.close();
  await Promise.all([api.close(), noCors.close(), new Promise((resolve) => page?.close(resolve))]);
});

test('a page on another origin calls echo and validate through the bundle', async () => {
  const tab = await chromium!.browser.newPage();
  try {
    await tab.goto(`${pageBase}/`);
    // Runs in the page: the function is sent as its source text.
    const results = await tab.evaluate(
      async (apiBase: string, noCorsBase: string) => {
        const client = '/client.js';
        const { createClient, ValidationFailed, NetworkError } = await import(client);
        const api = createClient({ baseUrl: apiBase });
        const out: Record<string, unknown> = { origin: (globalThis as unknown as { location: URL }).location.origin };
        out['status'] = await api.system.status();
        out['echo'] = await api.system.echo({ message: 'from the browser' });
        out['valid'] = await api.system.echo.validate({ message: 'fine' }, { only: ['message'] });
        out['invalid'] = await api.system.echo.validate({ message: 'x'.repeat(256) }, { only: ['message'] });
        try {
          await api.system.echo({ message: '' });
        } catch (error) {
          const e = error as { name: string; status: number; errors: unknown };
          out['failed'] = { name: e.name, validation: error instanceof ValidationFailed, status: e.status, errors: e.errors };
        }
        try {
          await createClient({ baseUrl: noCorsBase }).system.status();
        } catch (error) {
          out['refused'] = { name: (error as Error).name, network: error instanceof NetworkError };
        }
        return out;
      },
      apiBase,
      noCorsBase,
    );
    assert.is.not(results['origin'], new URL(apiBase).origin, 'the page and the API are different origins');
    assert.equal(results['status'], { status: 'ok' });
    assert.equal(results['echo'], { message: 'from the browser' });
    assert.equal(results['valid'], {}, 'Precognition-Success is readable cross-origin');
    assert.equal(results['invalid'], { message: ['The message field must not be greater than 255 characters.'] });
    assert.equal(results['failed'], {
      name: 'ValidationFailed',
      validation: true,
      status: 422,
      errors: { message: ['The message field is required.'] },
    });
    assert.equal(results['refused'], { name: 'NetworkError', network: true }, 'an answer the browser hides is a NetworkError');
  } finally {
    await tab.close();
  }
});

test.run();
