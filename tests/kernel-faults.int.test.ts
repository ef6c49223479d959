/**
 * What the kernel does with faulty user code and odd requests on the wire
 * (issue #8): one 500, reported, and the server keeps serving; framing and
 * Host rules of RFC 9112; a prediction never runs the handler.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, JsonResponse, type HttpRequest } from '../src/index.js';
import { rawExchange } from './hardening/raw-socket.js';

const handled: string[] = [];

class Status extends Action {
  handle() {
    return { status: 'ok' };
  }
}
class ReturnsFunction extends Action {
  handle() {
    return () => 1;
  }
}
class ReturnsSymbol extends Action {
  handle() {
    return Symbol('x');
  }
}
class PartialThenThrows extends Action {
  async handle(request: HttpRequest) {
    request.res.writeHead(200, { 'content-type': 'application/json' });
    request.res.write('{"partial":');
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw new Error('midway');
  }
}
class BadStatus extends Action {
  handle() {
    return new JsonResponse({ ok: true }, 999);
  }
}
class BadHeader extends Action {
  handle() {
    return new JsonResponse({ ok: true }, 201, { 'x-bad': 'line\r\nbreak' });
  }
}
class BadHeaderName extends Action {
  handle() {
    return new JsonResponse({ ok: true }, 201, { 'bad name': 'x' });
  }
}
class Predicts extends Action {
  override methods = ['POST'];
  override precognition = true;
  handle() {
    handled.push('predicts');
    return { ran: true };
  }
}
/** A precognitive action whose answer cannot be written: its 500 still varies on Precognition. */
class PredictsBadStatus extends Action {
  override methods = ['GET'];
  override precognition = true;
  handle() {
    return new JsonResponse({ ok: true }, 999);
  }
}
class Controller extends ActionController {
  actions = {
    'predicts-bad-status': PredictsBadStatus,
    status: Status,
    function: ReturnsFunction,
    symbol: ReturnsSymbol,
    partial: PartialThenThrows,
    'bad-status': BadStatus,
    'bad-header': BadHeader,
    'bad-header-name': BadHeaderName,
    predicts: Predicts,
  };
}

function makeApp(reported: unknown[]) {
  return new Application({ report: (error) => reported.push(error) }).withRouting({
    api: (router) => {
      router.svc('/k', Controller, ['GET', 'POST']);
    },
  });
}

const GET = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;

const test = suite('kernel: faults and wire rules');
let port = 0;
let app: Application;
const reported: unknown[] = [];

test.before(async () => {
  app = makeApp(reported);
  port = (await app.listen(0, '127.0.0.1')).port;
});
test.after(() => app.close());
test.before.each(() => {
  reported.length = 0;
  handled.length = 0;
});

async function stillServes() {
  const reply = await rawExchange(port, GET('/api/k?action=status'));
  assert.is(reply.status, 200);
  assert.is(reply.body, '{"status":"ok"}');
}

for (const name of ['function', 'symbol']) {
  test(`a handler returning a ${name} gets one 500 JSON, reported`, async () => {
    const reply = await rawExchange(port, GET(`/api/k?action=${name}`));
    assert.is(reply.status, 500);
    assert.equal(JSON.parse(reply.body), { message: 'Server Error' });
    assert.is(reported.length, 1);
    await stillServes();
  });
}

test('headers and part of a body sent, then a throw: the socket is closed, not left open', async () => {
  // The client keeps its side open (no FIN), as a keep-alive client would.
  const { connect } = await import('node:net');
  const started = Date.now();
  const closedBy = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(GET('/api/k?action=partial').replace('Connection: close\r\n', '')));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('client timeout');
    }, 2000);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve('server');
    });
  });
  assert.is(closedBy, 'server');
  assert.ok(Date.now() - started < 1500);
  assert.is(reported.length, 1);
  await stillServes();
});

test('a status outside 200-599 from a handler: 500 Internal Server Error, reported', async () => {
  const reply = await rawExchange(port, GET('/api/k?action=bad-status'));
  assert.is(reply.status, 500);
  assert.equal(JSON.parse(reply.body), { message: 'Server Error' });
  assert.is(reported.length, 1);
});

test('the 500 that replaces an answer that cannot be written gets the answer headers every answer gets (Vary: Precognition)', async () => {
  const reply = await rawExchange(port, GET('/api/k?action=predicts-bad-status'));
  assert.is(reply.status, 500);
  assert.match(reply.headers['vary'] ?? '', /Precognition/);
  assert.is(reported.length, 1);
});

for (const name of ['bad-header', 'bad-header-name']) {
  test(`an invalid response header (${name}): "500 Internal Server Error", reported`, async () => {
    const reply = await rawExchange(port, GET(`/api/k?action=${name}`));
    assert.is(reply.status, 500);
    assert.equal(JSON.parse(reply.body), { message: 'Server Error' });
    assert.is(reported.length, 1);
    await stillServes();
  });
}

test('the status line of a 500 after an invalid header says Internal Server Error', async () => {
  const text = await new Promise<string>((resolve) => {
    import('node:net').then(({ connect }) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(GET('/api/k?action=bad-header')));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('latin1')));
      socket.on('close', () => resolve(data));
    });
  });
  assert.match(text, /^HTTP\/1\.1 500 Internal Server Error\r\n/);
});

test('Transfer-Encoding other than chunked alone: 501 JSON', async () => {
  const body = '7\r\n{"a":1}\r\n0\r\n\r\n';
  const reply = await rawExchange(
    port,
    `POST /api/k?action=predicts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n${body}`,
  );
  assert.is(reply.status, 501);
  assert.match(JSON.parse(reply.body).message, /Transfer-Encoding/);
  assert.equal(handled, []);
});

test('two Host header lines: 400 JSON', async () => {
  const reply = await rawExchange(port, 'GET /api/k?action=status HTTP/1.1\r\nHost: a.test\r\nHost: b.test\r\nConnection: close\r\n\r\n');
  assert.is(reply.status, 400);
  assert.match(JSON.parse(reply.body).message, /Host/);
});

test('HTTP/1.1 without Host: 400 with a JSON body', async () => {
  const reply = await rawExchange(port, 'GET /api/k?action=status HTTP/1.1\r\nConnection: close\r\n\r\n');
  assert.is(reply.status, 400);
  assert.is(reply.headers['content-type'], 'application/json');
  assert.match(JSON.parse(reply.body).message, /Host/);
});

test('HTTP/1.0 without Host is still served', async () => {
  const reply = await rawExchange(port, 'GET /api/k?action=status HTTP/1.0\r\n\r\n');
  assert.is(reply.status, 200);
});

test('an absolute-form request target is served (RFC 9112 3.2.2)', async () => {
  const reply = await rawExchange(port, GET(`http://localhost:${port}/api/k?action=status`));
  assert.is(reply.status, 200);
  assert.is(reply.body, '{"status":"ok"}');
});

test('an absolute-form target with another scheme or no path: 400, never a 500', async () => {
  for (const target of ['ftp://x/api/k', 'http://', 'http:/api/k', 'http://host']) {
    const reply = await rawExchange(port, GET(target));
    assert.ok(reply.status === 400 || reply.status === 404, `${target}: ${reply.status}`);
  }
});

test('Precognition: true sent twice is a prediction: the handler never runs', async () => {
  const body = '{}';
  const reply = await rawExchange(
    port,
    `POST /api/k?action=predicts HTTP/1.1\r\nHost: localhost\r\nPrecognition: true\r\nPrecognition: true\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  assert.is(reply.status, 204);
  assert.is(reply.headers['precognition'], 'true');
  assert.equal(handled, []);
});

test.run();
