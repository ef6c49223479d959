/**
 * Request logging over real sockets: with `logger` on, every request gets an
 * id (a sane `X-Request-Id` is kept, anything else replaced by a new one),
 * returned as `X-Request-Id`, and one JSON line with method, path, selected
 * action, status and duration; unexpected errors are logged at `error`
 * level with the same id. Lines are captured through a pino destination
 * stream. Without the option nothing of this happens.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, JsonResponse, LogicException, type HttpRequest } from '../../src/index.js';
import { Router } from '../../src/routing/router.js';
import { SystemController } from '../../examples/system/system-controller.js';
import { createSystemApp } from '../../examples/system/app.js';
import { serve } from '../helpers/apps.js';
import { start } from '../helpers/http.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  action?: string;
  status?: number;
  durationMs?: number;
  err?: { message: string; stack: string; type: string };
}

/** A pino logger whose lines land in `lines`, parsed. */
function capture(level = 'info'): { logger: pino.Logger; lines: Line[] } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text !== '') lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

/** A generated id: 16 random hex characters per process, then a counter in base 36. */
const GENERATED = /^[0-9a-f]{16}-[0-9a-z]+$/;

class BrokenAction extends Action {
  handle(): never {
    throw new Error('database is down');
  }
}

class WhoAmIAction extends Action {
  handle(request: HttpRequest) {
    return { id: request.attributes.get('request_id') };
  }
}

class SlowAction extends Action {
  async handle() {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return { late: true };
  }
}

class SlowCreatedAction extends Action {
  async handle() {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return new JsonResponse({ created: true }, 201);
  }
}

class ToolsController extends ActionController {
  actions = { broken: BrokenAction, whoami: WhoAmIAction, slow: SlowAction, 'slow-created': SlowCreatedAction };
}

function makeApp(options: ConstructorParameters<typeof Application>[0]): Application {
  Router.flushMacros();
  return new Application(options).withRouting({
    api: (router) => {
      router.svc('/system', SystemController, ['GET', 'POST']);
      router.svc('/tools', ToolsController, ['GET']);
    },
  });
}

// ---------------------------------------------------------------------------
const on = suite('request logging: on');
const captured = capture();
const s = serve(on, () => makeApp({ logger: captured.logger }));

on.before.each(() => {
  captured.lines.length = 0;
});

on('one line per request: method, path, action, status, duration; the id comes back as X-Request-Id', async () => {
  const reply = await s.http.send('GET', '/api/system?action=status');
  assert.is(reply.status, 200);
  assert.equal(reply.body, { status: 'ok' });
  const id = reply.headers['x-request-id'];
  assert.match(id ?? '', GENERATED, 'a generated id');
  assert.is(captured.lines.length, 1);
  const [line] = captured.lines;
  assert.is(line!.level, 30, 'info');
  assert.is(line!.msg, 'request');
  assert.is(line!.reqId, id);
  assert.is(line!.method, 'GET');
  assert.is(line!.path, '/api/system');
  assert.is(line!.action, 'status');
  assert.is(line!.status, 200);
  assert.type(line!.durationMs, 'number');
  assert.ok(line!.durationMs! >= 0 && line!.durationMs! < 5000);
});

on('every request gets its own id', async () => {
  const a = await s.http.send('GET', '/api/system?action=status');
  const b = await s.http.send('GET', '/api/system?action=status');
  assert.is.not(a.headers['x-request-id'], b.headers['x-request-id']);
  assert.equal(
    captured.lines.map((l) => l.reqId),
    [a.headers['x-request-id'], b.headers['x-request-id']],
  );
});

on('new ids: one random prefix per application, then a counter; another application has another prefix', async () => {
  const a = (await s.http.send('GET', '/api/system?action=status')).headers['x-request-id']!;
  const b = (await s.http.send('GET', '/api/system?action=status')).headers['x-request-id']!;
  const [prefixA, countA] = a.split('-');
  const [prefixB, countB] = b.split('-');
  assert.is(prefixA, prefixB);
  assert.is(Number.parseInt(countB!, 36), Number.parseInt(countA!, 36) + 1);
  const other = await makeApp({ logger: capture().logger }).inject('/api/system?action=status');
  assert.match(String(other.headers['x-request-id']), GENERATED);
  assert.is.not(String(other.headers['x-request-id']).split('-')[0], prefixA);
});

on('a sane X-Request-Id is kept, on the answer, in the line and in request.attributes', async () => {
  for (const id of ['abc-123', '01HZY3Q2J5X8M0ZK4T9V6W7N8P', 'Root=1-67891233-abcdef012345678912345678', 'a'.repeat(128)]) {
    captured.lines.length = 0;
    const reply = await s.http.send('GET', '/api/tools?action=whoami', { headers: { 'x-request-id': id } });
    assert.is(reply.headers['x-request-id'], id);
    assert.equal(reply.body, { id });
    assert.is(captured.lines[0]?.reqId, id);
  }
});

on('an X-Request-Id that is too long or has unsafe characters is replaced', async () => {
  for (const bad of ['a'.repeat(129), 'has space', 'quote"inside', 'new<tag>', 'semi;colon', 'comma,separated', 'é']) {
    captured.lines.length = 0;
    const reply = await s.http.send('GET', '/api/system?action=status', { headers: { 'x-request-id': bad } });
    assert.is(reply.status, 200, bad);
    assert.match(reply.headers['x-request-id'] ?? '', GENERATED, `replaced: ${bad}`);
    assert.is(captured.lines[0]?.reqId, reply.headers['x-request-id']);
  }
});

on('error answers are logged with their status (404, 405, 422, 414), and with the action when one was selected', async () => {
  await s.http.send('GET', '/api/system?action=nope');
  await s.http.send('GET', '/api/nowhere');
  await s.http.send('POST', '/api/system?action=status', { json: {} });
  const invalid = await s.http.send('POST', '/api/system?action=echo', { json: {} });
  assert.is(invalid.status, 422);
  assert.match(invalid.headers['x-request-id'] ?? '', GENERATED, 'error answers carry the id too');
  const tooLong = await s.http.send('GET', `/api/system?action=status&pad=${'p'.repeat(9000)}`);
  assert.is(tooLong.status, 414);
  assert.match(tooLong.headers['x-request-id'] ?? '', GENERATED, 'the kernel’s own refusals carry the id too');
  assert.equal(
    captured.lines.map((l) => [l.path, l.action, l.status]),
    [
      ['/api/system', undefined, 404],
      ['/api/nowhere', undefined, 404],
      ['/api/system', 'status', 405],
      ['/api/system', 'echo', 422],
      ['/api/system', undefined, 414],
    ],
  );
});

on('an unexpected error: a bare 500 for the client, an error line with the stack and the request id', async () => {
  const reply = await s.http.send('GET', '/api/tools?action=broken');
  assert.is(reply.status, 500);
  assert.equal(reply.body, { message: 'Server Error' });
  const id = reply.headers['x-request-id'];
  const error = captured.lines.find((l) => l.level === 50);
  assert.ok(error, 'an error line');
  assert.is(error!.msg, 'database is down');
  assert.is(error!.err?.message, 'database is down');
  assert.match(error!.err?.stack ?? '', /BrokenAction/);
  assert.is(error!.reqId, id);
  assert.is(error!.action, 'broken');
  const request = captured.lines.find((l) => l.msg === 'request');
  assert.is(request?.status, 500);
  assert.is(request?.reqId, id);
});

on.run();

// ---------------------------------------------------------------------------
const edges = suite('request logging: middleware, timeouts, levels, your own report');

edges('a shared canned response from global middleware is not changed: each answer gets its own id', async () => {
  const { logger, lines } = capture();
  const canned = new JsonResponse({ message: 'Maintenance.' }, 503, { 'retry-after': '60' });
  const http = await start(createSystemApp({ logger }).use(() => canned));
  try {
    const a = await http.send('GET', '/api/system?action=status');
    const b = await http.send('GET', '/api/system?action=status');
    assert.is(a.status, 503);
    assert.is(a.headers['retry-after'], '60');
    assert.is.not(a.headers['x-request-id'], b.headers['x-request-id']);
    assert.equal(canned.headers, { 'retry-after': '60' }, 'the shared object keeps its own headers');
    assert.equal(
      lines.map((l) => l.status),
      [503, 503],
    );
  } finally {
    await http.close();
  }
});

edges('a handler past handler_timeout: the line says 503, what the client got', async () => {
  const { logger, lines } = capture();
  const http = await start(makeApp({ logger, handler_timeout: 30 }));
  try {
    const reply = await http.send('GET', '/api/tools?action=slow');
    assert.is(reply.status, 503);
    const deadline = Date.now() + 2000;
    while (lines.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.is(lines[0]?.status, 503);
    assert.is(lines[0]?.action, 'slow');
  } finally {
    await http.close();
  }
});

edges('a client that leaves before the answer: the line has the status the handler answered with', async () => {
  const { logger, lines } = capture();
  const http = await start(makeApp({ logger }));
  try {
    const aborted = new AbortController();
    const gone = fetch(`${http.base}/api/tools?action=slow-created`, { signal: aborted.signal }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 30));
    aborted.abort();
    assert.is(await gone, 'aborted');
    const deadline = Date.now() + 2000;
    while (lines.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.is(lines[0]?.status, 201);
    assert.is(lines[0]?.action, 'slow-created');
  } finally {
    await http.close();
  }
});

edges('above info level no request lines are written, but ids are still returned and errors still logged', async () => {
  const { logger, lines } = capture('error');
  const http = await start(makeApp({ logger }));
  try {
    const ok = await http.send('GET', '/api/system?action=status');
    assert.match(ok.headers['x-request-id'] ?? '', GENERATED);
    await http.send('GET', '/api/tools?action=broken');
    assert.equal(
      lines.map((l) => l.level),
      [50],
    );
  } finally {
    await http.close();
  }
});

edges('your own report hook still receives the errors when a logger is on', async () => {
  const { logger, lines } = capture();
  const reported: unknown[] = [];
  const app = makeApp({ logger, report: (error) => void reported.push(error) });
  const response = await app.inject({ method: 'GET', url: '/api/tools?action=broken' });
  assert.is(response.statusCode, 500);
  assert.is(reported.length, 1);
  assert.is((reported[0] as Error).message, 'database is down');
  assert.equal(
    lines.map((l) => l.status),
    [500],
    'only the request line',
  );
});

edges('off by default: no logger, no X-Request-Id, nothing written', async () => {
  const app = makeApp({});
  assert.is(app.logger, undefined);
  const response = await app.inject({ method: 'GET', url: '/api/system?action=status', headers: { 'x-request-id': 'abc' } });
  assert.is(response.statusCode, 200);
  assert.is(response.headers['x-request-id'], undefined);
});

edges('app.logger is the logger in use', () => {
  const { logger } = capture();
  assert.is(makeApp({ logger }).logger, logger);
});

edges('a logger option that is neither boolean, options nor a logger is a LogicException', () => {
  for (const bad of ['yes', 1, [], () => undefined]) {
    assert.throws(
      () => new Application({ logger: bad as never }),
      (error: unknown) => error instanceof LogicException && /Invalid logger/.test((error as Error).message),
      String(bad),
    );
  }
});

edges.run();
