import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { request } from 'undici';
import { Action, ActionController, Application, type HttpRequest } from '../../src/index.js';
import { rawExchange } from './raw-socket.js';
import { httpRequest } from './corpus.js';
import { lateness } from '../helpers/deadline.js';

let release: () => void = () => undefined;

class SlowAction extends Action {
  async handle() {
    await new Promise<void>((resolve) => (release = resolve));
    return { done: true };
  }
}

class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

let aborted: unknown;
class HangingAction extends Action {
  handle(request: HttpRequest) {
    const signal = request.signal;
    return new Promise((resolve) => {
      signal.addEventListener('abort', () => {
        aborted = signal.reason;
        resolve({ late: true });
      });
    });
  }
}

class LifecycleController extends ActionController {
  actions = { slow: SlowAction, status: StatusAction, hang: HangingAction };
}

function makeApp(options = {}) {
  return new Application({ headers_timeout: 400, request_timeout: 1000, ...options }).withRouting({
    api: (router) => {
      router.svc('/life', LifecycleController, ['GET']);
    },
  });
}

const slow = suite('slow clients');

slow('a request head that never finishes is cut off by headers_timeout', async () => {
  const app = makeApp();
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    // Against a timer of headers_timeout (400 ms): tests/helpers/deadline.ts.
    const { value: outcome, late } = await lateness(
      400,
      () =>
        new Promise<{ text: string }>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          let text = '';
          socket.on('connect', () => socket.write('GET /api/life?action=status HTTP/1.1\r\nhost: x\r\nx-slow: '));
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve({ text }));
          setTimeout(() => socket.destroy(), 5000);
        }),
    );
    assert.ok(late < 3600, `cut off ${late.toFixed(0)} ms after headers_timeout`);
    assert.match(outcome.text, /^HTTP\/1\.1 408/);
    assert.match(outcome.text, /"message":"The request took too long to arrive."/);
    const after = await rawExchange(port, httpRequest('GET', '/api/life?action=status'));
    assert.is(after.status, 200);
  } finally {
    await app.close();
  }
});

slow('a request head larger than max_header_size is a 431 JSON error', async () => {
  const app = makeApp({ max_header_size: 4096 });
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const reply = await rawExchange(port, httpRequest('GET', '/api/life?action=status', { 'x-big': 'a'.repeat(8000) }));
    assert.is(reply.status, 431);
    assert.equal(JSON.parse(reply.body), { message: 'The request headers are too large.' });
  } finally {
    await app.close();
  }
});

slow.run();

const shutdown = suite('graceful shutdown');

shutdown('close() lets an in-flight request finish and refuses new connections', async () => {
  const app = makeApp();
  const { port } = await app.listen(0, '127.0.0.1');
  const inflight = request(`http://127.0.0.1:${port}/api/life?action=slow`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closing = app.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
  assert.ok(refused, 'a new connection is refused while shutting down');
  release();
  const response = await inflight;
  assert.is(response.statusCode, 200);
  assert.is(response.headers['connection'], 'close');
  assert.equal(await response.body.json(), { done: true });
  await closing;
});

shutdown('connections still open after shutdown_timeout are cut', async () => {
  const app = makeApp({ shutdown_timeout: 200 });
  const { port } = await app.listen(0, '127.0.0.1');
  const inflight = request(`http://127.0.0.1:${port}/api/life?action=slow`).then(
    () => 'answered',
    () => 'cut',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const { late } = await lateness(200, () => app.close());
  assert.ok(late < 1800, `closed ${late.toFixed(0)} ms after shutdown_timeout`);
  assert.is(await inflight, 'cut');
  release();
});

shutdown.run();

const timeout = suite('handler timeout');

timeout('a handler running past handler_timeout gets 503 and its signal aborts', async () => {
  aborted = undefined;
  const app = makeApp({ handler_timeout: 150 });
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const response = await request(`http://127.0.0.1:${port}/api/life?action=hang`);
    assert.is(response.statusCode, 503);
    assert.equal(await response.body.json(), { message: 'The server took too long to answer.' });
    assert.ok(aborted instanceof Error);
    const ok = await request(`http://127.0.0.1:${port}/api/life?action=status`);
    assert.is(ok.statusCode, 200);
    await ok.body.dump();
  } finally {
    await app.close();
  }
});

timeout.run();
