/**
 * Swagger UI (swagger-ui-dist) on the served documents, in headless
 * Chromium (Debian's, driven by puppeteer-core): one entry per action
 * (`status` and `echo` of the example app, each under its own path key), and
 * "Try it out" sends the request that selects the action — the path key's
 * query included, merged with the operation's query parameters — and shows
 * the application's answer. With `action_source: 'body'`, the `#name` key
 * and the action in the body. One browser page, loaded once per document; everything stays on
 * 127.0.0.1 (other requests are refused).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSystemApp } from '../../examples/system/app.js';
import { Action, ActionController, Application, FormRequest, handles } from '../../src/index.js';
import { launchChromium, type Chromium } from '../helpers/browser.js';

const SWAGGER_UI = fileURLToPath(new URL('../../../node_modules/swagger-ui-dist/', import.meta.url));
const ASSETS: Record<string, string> = {
  '/docs/swagger-ui-bundle.js': 'text/javascript',
  '/docs/swagger-ui.css': 'text/css',
};
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>API</title><link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/docs/swagger-ui-bundle.js"></script>
<script>
  const url = new URLSearchParams(location.search).get('spec') || '/api/openapi.json';
  window.ui = SwaggerUIBundle({ url, dom_id: '#ui', validatorUrl: null });
</script></body></html>`;

/** An app with one GET action whose form request is read from the query, under /search. */
function searchApp(): Application {
  class SearchRequest extends FormRequest {
    override rules() {
      return { q: 'required|string', page: 'integer|min:1' };
    }
  }
  class Search extends Action {
    @handles()
    handle(request: SearchRequest) {
      return request.validated();
    }
  }
  class ThingsController extends ActionController {
    actions = { search: Search };
  }
  return new Application({ api_prefix: '/search', openapi: '/search/openapi.json' }).withRouting({
    api: (router) => router.svc('/things', ThingsController, ['GET']),
  });
}

const ui = suite('Swagger UI on the generated documents');
let chromium: Chromium | undefined;
let page: Page | undefined;
let base = '';
/** The URLs the applications received, in order. */
const received: string[] = [];
let stopServer: (() => Promise<void>) | undefined;
let setupError: unknown;

/**
 * One server on 127.0.0.1: Swagger UI at /docs/, then three applications in
 * turn (each passes what it does not route to the next): the example app
 * (its document at /api/openapi.json), a GET search (/search/...), and the
 * example app selecting in the body (/body/...).
 */
async function serve(): Promise<void> {
  const apps = [
    createSystemApp({ openapi: '/api/openapi.json' }),
    searchApp(),
    createSystemApp({ api_prefix: '/body', action_source: 'body', openapi: '/body/openapi.json' }),
  ].map((app) => app.middleware);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    if (path === '/docs/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    const type = ASSETS[path];
    if (type !== undefined) {
      // Cached: the page is loaded once per document.
      return void res
        .writeHead(200, { 'content-type': type, 'cache-control': 'max-age=600' })
        .end(readFileSync(join(SWAGGER_UI, path.slice(6))));
    }
    received.push(req.url ?? '');
    const next = (i: number): void => {
      if (i === apps.length) res.writeHead(404).end();
      else apps[i]!(req, res, () => next(i + 1));
    };
    next(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stopServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

ui.before(async () => {
  try {
    await serve();
    chromium = await launchChromium();
    page = await chromium.browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url().startsWith(base + '/')) void request.continue();
      else void request.abort();
    });
    await showDocument('/api/openapi.json');
  } catch (error) {
    setupError = error;
  }
});

ui.before.each(() => {
  if (setupError !== undefined) throw setupError;
});

ui.after(async () => {
  await chromium?.close();
  await stopServer?.();
});

/** The operations Swagger UI lists: method and path, in order. */
function entries(): Promise<string[][]> {
  return page!.$$eval('.opblock', (blocks) =>
    blocks.map((block) => [
      block.querySelector('.opblock-summary-method')?.textContent ?? '',
      block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
    ]),
  );
}

/** Loads Swagger UI afresh for the document at `spec` (a fresh page state: the same operationId in two documents shares it). */
async function showDocument(spec: string): Promise<void> {
  await page!.goto(`${base}/docs/?spec=${encodeURIComponent(spec)}`, { waitUntil: 'load' });
  await page!.waitForSelector('.opblock-summary-path');
}

/** Opens an operation and presses "Try it out"; `fill` types into its parameters. */
async function tryOut(method: string, fill: Record<string, string> = {}): Promise<{ status: string; body: string; url: string }> {
  const block = `.opblock-${method}`;
  await page!.click(`${block} .opblock-summary-control`);
  await (await page!.waitForSelector(`${block} .try-out__btn`))!.click();
  for (const [name, value] of Object.entries(fill))
    await (await page!.waitForSelector(`${block} tr[data-param-name="${name}"] input`))!.type(value);
  await (await page!.waitForSelector(`${block} .execute`))!.click();
  await page!.waitForSelector(`${block} .live-responses-table tr.response .response-col_status`);
  return page!.$eval(block, (element) => ({
    status: element.querySelector('.live-responses-table tr.response .response-col_status')?.textContent?.trim() ?? '',
    body: element.querySelector('.live-responses-table tr.response .response-col_description pre')?.textContent ?? '',
    url: element.querySelector('.request-url pre')?.textContent ?? '',
  }));
}

ui('the example app: one entry per action, status (GET) and echo (POST), each under the URL that selects it', async () => {
  assert.equal(await entries(), [
    ['GET', '/api/system?action=status'],
    ['POST', '/api/system?action=echo'],
  ]);
  assert.equal(await page!.$$eval('.opblock-tag', (tags) => tags.map((tag) => tag.getAttribute('data-tag'))), ['SystemController']);
});

ui('"Try it out" on status sends GET /api/system?action=status and shows its 200', async () => {
  const shown = await tryOut('get');
  assert.is(shown.status, '200');
  assert.equal(JSON.parse(shown.body), { status: 'ok' });
  assert.is(shown.url, `${base}/api/system?action=status`);
  assert.is(received.at(-1), '/api/system?action=status');
});

ui('"Try it out" on echo posts the example body to /api/system?action=echo and shows the validated input', async () => {
  const shown = await tryOut('post');
  assert.is(shown.status, '200');
  assert.equal(JSON.parse(shown.body), { message: 'string' });
  assert.is(shown.url, `${base}/api/system?action=echo`);
  assert.is(received.at(-1), '/api/system?action=echo');
});

ui("a GET action's query parameters are merged into the path key's query", async () => {
  await showDocument('/search/openapi.json');
  assert.equal(await entries(), [['GET', '/search/things?action=search']]);
  const shown = await tryOut('get', { q: 'red pens', page: '2' });
  assert.is(received.at(-1), '/search/things?action=search&q=red%20pens&page=2');
  assert.is(shown.status, '200');
  assert.equal(JSON.parse(shown.body), { q: 'red pens', page: '2' });
});

ui('action_source body: echo under /body/system#echo; Try it out posts the action name in the body to /body/system', async () => {
  await showDocument('/body/openapi.json');
  assert.equal(await entries(), [
    ['GET', '/body/system#status'],
    ['POST', '/body/system#echo'],
  ]);
  const shown = await tryOut('post');
  assert.is(shown.status, '200');
  assert.equal(JSON.parse(shown.body), { message: 'string' });
  // The browser never sends the fragment: the body selects the action.
  assert.is(received.at(-1), '/body/system');
});

ui.run();
