/**
 * Swagger UI (swagger-ui-dist) on the served document, in headless Chromium
 * (Debian's, driven by puppeteer-core): one entry per action (`status` and
 * `echo`, each under its own path key), and "Try it out" sends the request
 * that selects the action — the path key's query included — and shows the
 * application's answer. Everything stays on 127.0.0.1: other requests are refused.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSystemApp } from '../../examples/system/app.js';
import type { Application } from '../../src/index.js';

const CHROMIUM = '/usr/bin/chromium';
const SWAGGER_UI = fileURLToPath(new URL('../../../node_modules/swagger-ui-dist/', import.meta.url));
const ASSETS: Record<string, string> = {
  '/docs/swagger-ui-bundle.js': 'text/javascript',
  '/docs/swagger-ui.css': 'text/css',
};
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>API</title><link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', validatorUrl: null });</script></body></html>`;

const ui = suite('Swagger UI on the generated document');
let browser: Browser | undefined;
let page: Page | undefined;
let system: Served | undefined;
let profile = '';
const servers: (() => Promise<void>)[] = [];
let setupError: unknown;

interface Served {
  readonly base: string;
  /** The URLs the application received, in order. */
  readonly received: string[];
  stop(): Promise<void>;
}

/** Serves Swagger UI at /docs/ and the application (with its document at /api/openapi.json) on 127.0.0.1. */
async function serveWithDocs(app: Application): Promise<Served> {
  const listener = app.middleware;
  const received: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    if (path === '/docs/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    const type = ASSETS[path];
    if (type !== undefined) return void res.writeHead(200, { 'content-type': type }).end(readFileSync(join(SWAGGER_UI, path.slice(6))));
    received.push(req.url ?? '');
    listener(req, res, () => void res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  servers.push(stop);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, stop };
}

/** A page showing Swagger UI for `served`; requests anywhere but 127.0.0.1 are refused. */
async function openDocs(served: Served): Promise<Page> {
  const opened = await browser!.newPage();
  opened.setDefaultTimeout(15_000);
  await opened.setRequestInterception(true);
  opened.on('request', (request) => {
    if (request.url().startsWith(served.base + '/')) void request.continue();
    else void request.abort();
  });
  await opened.goto(`${served.base}/docs/`, { waitUntil: 'load' });
  await opened.waitForSelector('.opblock-summary-path');
  return opened;
}

ui.before(async () => {
  try {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: apt-get install chromium (.ci/run installs it).`);
    profile = mkdtempSync(join(tmpdir(), 'switchyard-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 20_000,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${profile}`,
      ],
    });
    system = await serveWithDocs(createSystemApp({ openapi: '/api/openapi.json' }));
    page = await openDocs(system);
  } catch (error) {
    setupError = error;
  }
});

ui.before.each(() => {
  if (setupError !== undefined) throw setupError;
});

ui.after(async () => {
  await browser?.close();
  for (const stop of servers) await stop();
  if (profile !== '') rmSync(profile, { recursive: true, force: true });
});

/** The operations Swagger UI lists: method and path, in order. */
async function entries(current: Page): Promise<string[][]> {
  return current.$$eval('.opblock', (blocks) =>
    blocks.map((block) => [
      block.querySelector('.opblock-summary-method')?.textContent ?? '',
      block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
    ]),
  );
}

/** Opens an operation, presses "Try it out" then "Execute", and returns the status and body Swagger UI shows. */
async function tryOut(current: Page, method: string): Promise<{ status: string; body: string; url: string }> {
  const block = `.opblock-${method}`;
  await current.click(`${block} .opblock-summary-control`);
  await (await current.waitForSelector(`${block} .try-out__btn`))!.click();
  await (await current.waitForSelector(`${block} .execute`))!.click();
  await current.waitForSelector(`${block} .live-responses-table tr.response .response-col_status`);
  return current.$eval(block, (element) => ({
    status: element.querySelector('.live-responses-table tr.response .response-col_status')?.textContent?.trim() ?? '',
    body: element.querySelector('.live-responses-table tr.response .response-col_description pre')?.textContent ?? '',
    url: element.querySelector('.request-url pre')?.textContent ?? '',
  }));
}

ui('one entry per action: status (GET) and echo (POST), each under the URL that selects it', async () => {
  assert.equal(await entries(page!), [
    ['GET', '/api/system?action=status'],
    ['POST', '/api/system?action=echo'],
  ]);
  const titles = await page!.$$eval('.opblock-tag', (tags) => tags.map((tag) => tag.getAttribute('data-tag')));
  assert.equal(titles, ['SystemController']);
});

ui('"Try it out" on status sends GET /api/system?action=status and shows its 200', async () => {
  const shown = await tryOut(page!, 'get');
  assert.is(shown.status, '200');
  assert.equal(JSON.parse(shown.body), { status: 'ok' });
  assert.is(shown.url, `${system!.base}/api/system?action=status`);
  assert.ok(system!.received.includes('/api/system?action=status'), system!.received.join(' '));
});

ui('"Try it out" on echo posts the example body to /api/system?action=echo and shows the validated input', async () => {
  const shown = await tryOut(page!, 'post');
  assert.is(shown.status, '200');
  assert.equal(JSON.parse(shown.body), { message: 'string' });
  assert.is(shown.url, `${system!.base}/api/system?action=echo`);
});

ui('action_source body: echo under /api/system#echo; Try it out posts the action name in the body to /api/system', async () => {
  const served = await serveWithDocs(createSystemApp({ openapi: '/api/openapi.json', action_source: 'body' }));
  const docs = await openDocs(served);
  try {
    assert.equal(await entries(docs), [
      ['GET', '/api/system#status'],
      ['POST', '/api/system#echo'],
    ]);
    const shown = await tryOut(docs, 'post');
    assert.is(shown.status, '200');
    assert.equal(JSON.parse(shown.body), { message: 'string' });
    // The browser never sends the fragment: the body selects the action.
    assert.equal(served.received.at(-1), '/api/system');
  } finally {
    await docs.close();
  }
});

ui.run();
