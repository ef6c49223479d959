/**
 * The exchange is the one record of a request (src/routing/exchange.ts):
 * it makes the request, and the request reads its id, start and selected
 * action from it, so what a handler, the attributes, the answer's
 * `X-Request-Id` and the log line say of a request always agree.
 */
import { Writable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { pino } from 'pino';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, type HttpRequest, type MiddlewareFunction } from '../../src/index.js';
import { Exchange } from '../../src/routing/exchange.js';
import type { ActionPlan } from '../../src/routing/action-table.js';
import { resolveConfig } from '../../src/config.js';
import { jsonIncoming } from '../helpers/fake-request.js';

const test = suite('exchange: per-request state in one place');

test('the request it makes reads its route, id, start and selected action from the exchange', () => {
  const route = { path: '/x', methods: ['GET', 'HEAD'], getName: () => 'things' } as unknown as ConstructorParameters<typeof Exchange>[5];
  const exchange = new Exchange(jsonIncoming('{}'), {} as ServerResponse, '/x', '', resolveConfig(), route);
  const request = exchange.request;
  assert.is(request.record, exchange);
  assert.is(request.route(), exchange.route);
  assert.ok(request.routeIs('things'));
  assert.is(request.requestId, undefined);
  assert.is(request.selectedAction, undefined);
  assert.ok(Number.isNaN(request.startedAt));
  exchange.requestId = 'id-1';
  exchange.startedAt = 12.5;
  exchange.plan = { name: 'echo' } as ActionPlan;
  assert.is(request.requestId, 'id-1');
  assert.is(request.startedAt, 12.5);
  assert.is(request.selectedAction, 'echo');
  assert.is(request.attributes.get('request_id'), 'id-1');
  assert.is(request.attributes.get('svc.action'), 'echo');
});

interface Line {
  msg: string;
  reqId?: string;
  action?: string;
}

class WhoAmIAction extends Action {
  handle(request: HttpRequest) {
    return {
      id: request.requestId,
      attribute: request.attributes.get('request_id'),
      action: request.selectedAction,
      actionAttribute: request.attributes.get('svc.action'),
    };
  }
}

class WhoController extends ActionController {
  actions = { whoami: WhoAmIAction };
}

test('the handler, the attributes, X-Request-Id and the log line tell of one request alike', async () => {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text !== '') lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  // A global middleware makes the attributes Map before the action is selected: selection still shows in it.
  const touch: MiddlewareFunction = (request, next) => {
    request.attributes.set('seen', true);
    return next(request);
  };
  const app = new Application({ logger: pino({ level: 'info' }, stream) })
    .use(touch)
    .withRouting({ api: (router) => router.svc('/who', WhoController, ['GET']) });
  const response = await app.inject({ method: 'GET', url: '/api/who?action=whoami', headers: { 'x-request-id': 'abc-123' } });
  assert.is(response.statusCode, 200);
  assert.is(response.headers['x-request-id'], 'abc-123');
  assert.equal(response.json(), { id: 'abc-123', attribute: 'abc-123', action: 'whoami', actionAttribute: 'whoami' });
  await new Promise((resolve) => setImmediate(resolve));
  const line = lines.find((entry) => entry.msg === 'request');
  assert.is(line?.reqId, 'abc-123');
  assert.is(line?.action, 'whoami');
});

test.run();
