/**
 * The `health` option (the host framework's `health: '/up'`) over real
 * sockets: 200 JSON once booted, answered before routing and middleware;
 * 503 with `Connection: close` while `close()` drains the server.
 */
import { connect, type Socket } from 'node:net';
import { createServer } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, LogicException, type SwitchyardOptions } from '../../src/index.js';
import { serve } from '../helpers/apps.js';
import { startServer } from '../helpers/http.js';

class PingAction extends Action {
  handle() {
    return { ok: true };
  }
}
class PingController extends ActionController {
  actions = { ping: PingAction };
}

let middlewareRuns = 0;
function healthApp(options: SwitchyardOptions = { health: '/up' }): Application {
  return new Application(options)
    .withRouting({ api: (router) => void router.svc('/ping', PingController, ['GET']) })
    .use((request, next) => {
      middlewareRuns++;
      return next(request);
    });
}

const health = suite('health: /up');
const h = serve(health, () => healthApp());

health('GET answers 200 {"status":"up"} without running middleware', async () => {
  middlewareRuns = 0;
  const reply = await h.http.send('GET', '/up');
  assert.is(reply.status, 200);
  assert.equal(reply.body, { status: 'up' });
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/);
  assert.is(reply.headers['cache-control'], 'no-store');
  assert.is(middlewareRuns, 0, 'answered before routing and middleware');
});

health('HEAD answers 200 without a body; a query string and one trailing slash are ignored', async () => {
  const head = await h.http.send('HEAD', '/up');
  assert.is(head.status, 200);
  assert.is(head.text, '');
  assert.is((await h.http.send('GET', '/up?probe=1')).status, 200);
  assert.is((await h.http.send('GET', '/up/')).status, 200);
});

health('other methods: 405 with Allow (OPTIONS 204)', async () => {
  const post = await h.http.send('POST', '/up', { json: { a: 1 } });
  assert.is(post.status, 405);
  assert.is(post.headers['allow'], 'GET, HEAD');
  assert.type(post.body.message, 'string');
  const options = await h.http.send('OPTIONS', '/up');
  assert.is(options.status, 204);
  assert.is(options.headers['allow'], 'GET, HEAD');
});

health('only that path: /upx, /up/x and /api/up are routed as usual', async () => {
  for (const path of ['/upx', '/up/x', '/api/up', '/u']) assert.is((await h.http.send('GET', path)).status, 404, path);
  assert.is((await h.http.send('GET', '/api/ping?action=ping')).status, 200);
});

health.run();

// ---------------------------------------------------------------------------
const options = suite('health: the option');

options('off by default: /up is an ordinary 404', async () => {
  const app = healthApp({});
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const response = await fetch(`http://127.0.0.1:${port}/up`);
    assert.is(response.status, 404);
  } finally {
    await app.close();
  }
});

options('bad paths and a route on the same path are refused at boot', () => {
  for (const bad of ['up', '/up?x=1', '/up/', '/u p', 7]) {
    assert.throws(
      () => new Application({ health: bad } as SwitchyardOptions),
      (e: unknown) => e instanceof LogicException,
      String(bad),
    );
  }
  const clash = new Application({ health: '/api/ping' }).withRouting({
    api: (router) => void router.svc('/ping', PingController, ['GET']),
  });
  assert.throws(
    () => clash.boot(),
    (e: unknown) => e instanceof LogicException && /health path/.test(e.message),
  );
});

options('app.middleware answers it too, and passes other paths on', async () => {
  const app = healthApp();
  const mounted = app.middleware;
  const client = await startServer(
    createServer((req, res) =>
      mounted(req, res, () => {
        res.writeHead(418).end();
      }),
    ),
  );
  try {
    assert.is((await client.send('GET', '/up')).status, 200);
    assert.is((await client.send('GET', '/elsewhere')).status, 418);
  } finally {
    await client.close();
  }
});

options.run();

// ---------------------------------------------------------------------------
const draining = suite('health: while close() drains');

/** Collects what arrives on `socket` until it closes. */
function received(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

draining('a probe arriving during close() gets 503 JSON with Connection: close', async () => {
  const app = healthApp();
  const { port } = await app.listen(0, '127.0.0.1');
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const reply = received(socket);
  // Half a request head: the connection is busy, so close() lets it finish instead of dropping it.
  socket.write('GET /up HTTP/1.1\r\nHost: x\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closing = app.close();
  socket.write('\r\n');
  const text = await reply;
  await closing;
  assert.match(text, /^HTTP\/1\.1 503 /);
  assert.match(text, /\r\nconnection: close\r\n/i);
  assert.ok(text.endsWith('{"message":"Service Unavailable"}'), text);
});

draining.run();
