import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'undici';
import { Action, ActionController, Application, type HttpRequest } from '../../src/index.js';

class WhereAction extends Action {
  handle(request: HttpRequest) {
    return { url: request.fullUrl(), ip: request.ip() };
  }
}
class WhereController extends ActionController {
  actions = { where: WhereAction };
}

async function ask(trust: boolean | string[]) {
  const app = new Application({ trust_proxy: trust }).withRouting({
    api: (router) => {
      router.svc('/where', WhereController, ['GET']);
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const response = await request(`http://127.0.0.1:${port}/api/where?action=where`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com', 'x-forwarded-for': '203.0.113.9, 127.0.0.1' },
    });
    return { port, body: (await response.body.json()) as { url: string; ip: string } };
  } finally {
    await app.close();
  }
}

const test = suite('trust_proxy');

test('forwarded headers are ignored by default', async () => {
  const { port, body } = await ask(false);
  assert.is(body.url, `http://127.0.0.1:${port}/api/where?action=where`);
  assert.is(body.ip, '127.0.0.1');
});

test('forwarded headers are honoured from a trusted peer', async () => {
  const { body } = await ask(['127.0.0.1']);
  assert.is(body.url, 'https://api.example.com/api/where?action=where');
  assert.is(body.ip, '203.0.113.9');
});

test('a peer not in the list is not trusted', async () => {
  const { port, body } = await ask(['10.0.0.1']);
  assert.is(body.url, `http://127.0.0.1:${port}/api/where?action=where`);
});

test.run();
