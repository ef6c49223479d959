import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { Action, ActionController, Application } from '../../src/index.js';

class Echo extends Action {
  override methods = ['POST'];
  handle() {
    return { ok: true };
  }
}
class Controller extends ActionController {
  actions = { echo: Echo };
}

const test = suite('server: Expect: 100-continue');
let port = 0;
let app: Application;

test.before(async () => {
  app = new Application({ body_limit: 1024 }).withRouting({ api: (router) => void router.svc('/s', Controller, ['POST']) });
  port = (await app.listen(0, '127.0.0.1')).port;
});
test.after(() => app.close());

/** Sends only the head and collects what comes back within `ms`. */
function headOnly(head: string, ms = 500): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

test('a Content-Length over the limit with Expect: 100-continue gets 413 without 100 Continue', async () => {
  const text = await headOnly(
    'POST /api/s?action=echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n',
  );
  assert.not.match(text, /100 Continue/);
  assert.match(text, /^HTTP\/1\.1 413 /);
  assert.match(text, /"message":/);
});

test('a body within the limit with Expect: 100-continue is invited and served', async () => {
  const text = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        'POST /api/s?action=echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
      ),
    );
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (data.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && !data.includes('200')) socket.end('{}');
    });
    socket.on('close', () => resolve(data));
  });
  assert.match(text, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
});

test.run();

const clientErrors = suite('server: answers to requests node:http rejects');

clientErrors('after a 408 the connection is destroyed, so what the client already sent is not parsed any further', async () => {
  const { createServer } = await import('node:net');
  const { answerClientError } = await import('../../src/http/server.js');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const accepted = new Promise<import('node:net').Socket>((resolve) => server.once('connection', resolve));
  // A client that keeps sending (its side stays open after the server's FIN).
  const client = connect({ port: address.port, host: '127.0.0.1', allowHalfOpen: true });
  client.on('error', () => undefined);
  let received = '';
  client.on('data', (chunk) => (received += chunk.toString('latin1')));
  const socket = await accepted;
  try {
    answerClientError(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(socket.destroyed, 'the server side of the connection is destroyed once the answer is written');
    assert.match(received, /^HTTP\/1\.1 408 /);
  } finally {
    client.destroy();
    socket.destroy();
    server.close();
  }
});

clientErrors.run();
