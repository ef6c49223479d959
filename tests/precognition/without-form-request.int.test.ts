import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, json, type HttpRequest } from '../../src/index.js';
import { client } from '../helpers/http.js';

let ran = 0;

class Ping extends Action {
  override methods = ['POST'];
  override precognition = true;
  handle() {
    ran++;
    return { pong: true };
  }
}

class PingController extends ActionController {
  actions = { ping: Ping };
}

const test = suite('precognition on an action without a form request');

test('answers 204 success after middleware, without running the handler', async () => {
  const trace: string[] = [];
  const app = new Application().withRouting({
    api: (router) => {
      router.svc('/ping', PingController, ['POST']).middleware(async (request: HttpRequest, next) => {
        trace.push(String(request.attributes.get('svc.action')));
        return next(request);
      });
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const http = client(`http://127.0.0.1:${port}`);
  try {
    ran = 0;
    const reply = await http.send('POST', '/api/ping?action=ping', { json: {}, headers: { precognition: 'true' } });
    assert.is(reply.status, 204);
    assert.is(reply.text, '');
    assert.is(reply.headers['precognition'], 'true');
    assert.is(reply.headers['precognition-success'], 'true');
    assert.match(reply.headers['vary'] ?? '', /Precognition/);
    assert.equal(trace, ['ping'], 'route middleware ran');
    assert.is(ran, 0, 'the handler did not run');

    const real = await http.send('POST', '/api/ping?action=ping', { json: {} });
    assert.is(real.status, 200);
    assert.equal(real.body, { pong: true });
    assert.is(ran, 1);
  } finally {
    await http.close();
    await app.close();
  }
});

test('a middleware that short-circuits a prediction still marks it precognitive', async () => {
  const app = new Application().withRouting({
    api: (router) => {
      router.svc('/ping', PingController, ['POST']).middleware(() => json({ message: 'Slow down.' }, 429));
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const http = client(`http://127.0.0.1:${port}`);
  try {
    const reply = await http.send('POST', '/api/ping?action=ping', { json: {}, headers: { precognition: 'true' } });
    assert.is(reply.status, 429);
    assert.equal(reply.body, { message: 'Slow down.' });
    assert.is(reply.headers['precognition'], 'true');
  } finally {
    await http.close();
    await app.close();
  }
});

test.run();
