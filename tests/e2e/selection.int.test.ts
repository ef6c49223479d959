/**
 * Action selection end to end: every `action_source`, a custom
 * `action_key`, the reserved `/` and `*` actions, and what route middleware
 * and handlers read from `svc.action` / `svc.action_id`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application } from '../../src/application.js';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { Router } from '../../src/routing/router.js';
import type { HttpRequest } from '../../src/http/request.js';
import type { SwitchyardOptions } from '../../src/config.js';
import type { MiddlewareFunction } from '../../src/http/middleware.js';
import { start, type Client, type Reply } from '../helpers/http.js';

/** Every probe answers with what it was and what the request attributes said. */
function probe(kind: string) {
  return class extends Action {
    override methods = ['GET', 'POST'];
    handle(request: HttpRequest) {
      return {
        handler: kind,
        action: request.attributes.get('svc.action'),
        action_id: request.attributes.get('svc.action_id'),
      };
    }
  };
}

class ProbeController extends ActionController {
  override actions = {
    a: probe('a'),
    b: probe('b'),
    echo: probe('echo'),
    status: probe('status'),
    'user.create': probe('user.create'),
    'user-delete': probe('user-delete'),
    '/': probe('default'),
    '*': probe('fallback'),
  };
}

class PlainController extends ActionController {
  override actions = { a: probe('a'), b: probe('b') };
}

class DefaultOnlyController extends ActionController {
  override actions = { a: probe('a'), '/': probe('default') };
}

class FallbackOnlyController extends ActionController {
  override actions = { a: probe('a'), '*': probe('fallback') };
}

/** Route middleware: reads the selected action and the raw input value, and reports both in headers. */
const reportSelection: MiddlewareFunction = async (request, next) => {
  const selected = request.attributes.get('svc.action');
  const id = request.attributes.get('svc.action_id');
  const response = await next(request);
  response.header('x-svc-action', String(selected));
  response.header('x-svc-action-id', String(id));
  response.header('x-raw-query-action', JSON.stringify(request.query('action') ?? null));
  return response;
};

function makeApp(options: SwitchyardOptions): Application {
  Router.flushMacros();
  return new Application(options).withRouting({
    api: (router) => {
      router.svc('/probe', ProbeController, ['GET', 'POST']).middleware(reportSelection);
      router.svc('/plain', PlainController, ['GET', 'POST']);
      router.svc('/default-only', DefaultOnlyController, ['GET', 'POST']);
      router.svc('/fallback-only', FallbackOnlyController, ['GET', 'POST']);
    },
  });
}

function assertSelected(reply: Reply, handler: string, name: string, label = ''): void {
  assert.is(reply.status, 200, `${label} status (body: ${reply.text})`);
  assert.is(reply.body.handler, handler, `${label} handler`);
  assert.is(reply.body.action, name, `${label} svc.action seen by the handler`);
  assert.is(reply.body.action_id, name, `${label} svc.action_id seen by the handler`);
  if (reply.headers['x-svc-action'] !== undefined) {
    assert.is(reply.headers['x-svc-action'], name, `${label} svc.action seen by route middleware`);
    assert.is(reply.headers['x-svc-action-id'], name, `${label} svc.action_id seen by route middleware`);
  }
}

function assert404(reply: Reply, label = ''): void {
  assert.is(reply.status, 404, `${label} status (body: ${reply.text})`);
  assert.type(reply.body?.message, 'string');
  assert.ok(reply.body.message.length > 0);
}

// ---------------------------------------------------------------------------
const query = suite('selection e2e: action_source = query (default)');
let http: Client;

query.before(async () => {
  http = await start(makeApp({}));
});
query.after(async () => {
  await http?.close();
});

query('?action=a selects a; middleware and handler read svc.action = svc.action_id = a', async () => {
  const reply = await http.send('GET', '/api/probe?action=a');
  assertSelected(reply, 'a', 'a');
  assert.is(reply.headers['x-svc-action'], 'a', 'route middleware ran');
});

query('names with dots and hyphens', async () => {
  assertSelected(await http.send('GET', '/api/probe?action=user.create'), 'user.create', 'user.create');
  assertSelected(await http.send('GET', '/api/probe?action=user-delete'), 'user-delete', 'user-delete');
});

query('no action key -> the default action, svc.action = "/"', async () => {
  assertSelected(await http.send('GET', '/api/probe'), 'default', '/');
  assertSelected(await http.send('GET', '/api/probe?other=a'), 'default', '/');
});

query('an unregistered name -> the fallback action, svc.action = "*"', async () => {
  assertSelected(await http.send('GET', '/api/probe?action=nope'), 'fallback', '*');
});

query('rule 5: "", "/", "Status", " a" -> the fallback', async () => {
  for (const value of ['', '%2F', 'A', '+a', 'a%20', 'toString', '__proto__', 'constructor']) {
    assertSelected(await http.send('GET', `/api/probe?action=${value}`), 'fallback', '*', `?action=${value}`);
  }
});

query('?action (no "=") is present and empty -> the fallback', async () => {
  assertSelected(await http.send('GET', '/api/probe?action'), 'fallback', '*');
});

query('bracket notation ?action[]=echo is not a string -> the fallback, or 404 without one', async () => {
  assertSelected(await http.send('GET', '/api/probe?action[]=echo'), 'fallback', '*');
  assertSelected(await http.send('GET', '/api/probe?action%5B%5D=echo'), 'fallback', '*');
  assertSelected(await http.send('GET', '/api/probe?action[x]=echo'), 'fallback', '*');
  assert404(await http.send('GET', '/api/plain?action[]=a'));
});

query('a repeated ?action=status&action=status is not a string -> the fallback, or 404 without one', async () => {
  assertSelected(await http.send('GET', '/api/probe?action=status&action=status'), 'fallback', '*');
  assert404(await http.send('GET', '/api/plain?action=a&action=a'));
});

query('the raw input can differ from the selected action (middleware must read svc.action)', async () => {
  const reply = await http.send('GET', '/api/probe?action[]=a');
  assert.is(reply.headers['x-svc-action'], '*');
  assert.is(reply.headers['x-raw-query-action'], '["a"]');
});

query('rule 3 worked example: POST ?action=a with JSON body {"action":"b"} selects a', async () => {
  assertSelected(await http.send('POST', '/api/probe?action=a', { json: { action: 'b' } }), 'a', 'a');
});

query('rule 8: a body-only action value does not make the key present -> "/"', async () => {
  assertSelected(await http.send('POST', '/api/probe', { json: { action: 'b' } }), 'default', '/');
  assertSelected(await http.send('POST', '/api/probe', { form: 'action=b' }), 'default', '/');
});

query('rule 6: key absent without "/" -> "*"; without either -> 404', async () => {
  assertSelected(await http.send('GET', '/api/fallback-only'), 'fallback', '*');
  assert404(await http.send('GET', '/api/plain'));
});

query('a default-only controller: invalid values are 404, absence is "/"', async () => {
  assertSelected(await http.send('GET', '/api/default-only'), 'default', '/');
  assert404(await http.send('GET', '/api/default-only?action=nope'));
  assert404(await http.send('GET', '/api/default-only?action=%2F'), '"/" never selects the default');
  assert404(await http.send('GET', '/api/default-only?action='));
});

query('an exact name wins over reserved actions', async () => {
  assertSelected(await http.send('GET', '/api/default-only?action=a'), 'a', 'a');
  assertSelected(await http.send('GET', '/api/fallback-only?action=a'), 'a', 'a');
});

query('a query-selected action still reads its body (a malformed body is a 400)', async () => {
  const reply = await http.send('POST', '/api/probe?action=a', {
    body: '{bad',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(reply.status, 400);
});

query.run();

// ---------------------------------------------------------------------------
const body = suite('selection e2e: action_source = body');

body.before(async () => {
  http = await start(makeApp({ action_source: 'body' }));
});
body.after(async () => {
  await http?.close();
});

body('a JSON body value selects the action', async () => {
  assertSelected(await http.send('POST', '/api/probe', { json: { action: 'a' } }), 'a', 'a');
});

body('a form body value selects the action', async () => {
  assertSelected(await http.send('POST', '/api/probe', { form: 'action=user.create' }), 'user.create', 'user.create');
});

body('rule 3 worked example: POST ?action=a with JSON body {"action":"b"} selects b', async () => {
  assertSelected(await http.send('POST', '/api/probe?action=a', { json: { action: 'b' } }), 'b', 'b');
});

body('rule 8: a query-only value is ignored -> "/"', async () => {
  assertSelected(await http.send('GET', '/api/probe?action=a'), 'default', '/');
  assertSelected(await http.send('POST', '/api/probe?action=a', { json: { message: 'x' } }), 'default', '/');
});

body('invalid body values -> the fallback', async () => {
  for (const value of [null, '', '/', 1, true, ['a'], { a: 'a' }, 'nope', 'A']) {
    assertSelected(await http.send('POST', '/api/probe', { json: { action: value } }), 'fallback', '*', JSON.stringify(value));
  }
});

body('bracket and repeated form values are not strings -> the fallback', async () => {
  assertSelected(await http.send('POST', '/api/probe', { form: 'action[]=a' }), 'fallback', '*');
  assertSelected(await http.send('POST', '/api/probe', { form: 'action=a&action=a' }), 'fallback', '*');
});

body('no body -> "/", and 404 without reserved actions', async () => {
  assertSelected(await http.send('POST', '/api/probe'), 'default', '/');
  assert404(await http.send('POST', '/api/plain', { json: {} }));
  assert404(await http.send('POST', '/api/plain?action=a', { json: {} }));
});

body('a malformed body is a 400 before selection', async () => {
  const reply = await http.send('POST', '/api/probe', { body: '{"action":', headers: { 'content-type': 'application/json' } });
  assert.is(reply.status, 400);
});

body('a text/plain body is a 415 before selection', async () => {
  const reply = await http.send('POST', '/api/probe', { body: 'action=a', headers: { 'content-type': 'text/plain' } });
  assert.is(reply.status, 415);
});

body.run();

// ---------------------------------------------------------------------------
const both = suite('selection e2e: action_source = both');

both.before(async () => {
  http = await start(makeApp({ action_source: 'both' }));
});
both.after(async () => {
  await http?.close();
});

both('a query value alone selects', async () => {
  assertSelected(await http.send('GET', '/api/probe?action=a'), 'a', 'a');
});

both('a body value alone selects', async () => {
  assertSelected(await http.send('POST', '/api/probe', { json: { action: 'b' } }), 'b', 'b');
});

both('rule 3 worked example: the JSON body overrides the query (b)', async () => {
  const reply = await http.send('POST', '/api/probe?action=a', { json: { action: 'b' } });
  assertSelected(reply, 'b', 'b');
  assert.is(reply.headers['x-raw-query-action'], '"a"', 'the raw query still says a');
});

both('a form body overrides the query', async () => {
  assertSelected(await http.send('POST', '/api/probe?action=a', { form: 'action=b' }), 'b', 'b');
});

both('an invalid body value overrides a valid query value -> the fallback', async () => {
  assertSelected(await http.send('POST', '/api/probe?action=a', { json: { action: null } }), 'fallback', '*');
  assertSelected(await http.send('POST', '/api/probe?action=a', { json: { action: '' } }), 'fallback', '*');
});

both('the query value is used when the body lacks the key', async () => {
  assertSelected(await http.send('POST', '/api/probe?action=a', { json: { message: 'x' } }), 'a', 'a');
});

both('absent from both -> "/"', async () => {
  assertSelected(await http.send('POST', '/api/probe?other=a', { json: { other: 'b' } }), 'default', '/');
});

both.run();

// ---------------------------------------------------------------------------
const key = suite('selection e2e: action_key = operation (rule 11)');

key.before(async () => {
  http = await start(makeApp({ action_key: 'operation' }));
});
key.after(async () => {
  await http?.close();
});

key('?operation=a selects a', async () => {
  assertSelected(await http.send('GET', '/api/probe?operation=a'), 'a', 'a');
});

key('?action=a is not the key any more -> "/"', async () => {
  assertSelected(await http.send('GET', '/api/probe?action=a'), 'default', '/');
  assert404(await http.send('GET', '/api/plain?action=a'));
});

key('?operation=nope -> "*", ?operation[]=a -> "*"', async () => {
  assertSelected(await http.send('GET', '/api/probe?operation=nope'), 'fallback', '*');
  assertSelected(await http.send('GET', '/api/probe?operation[]=a'), 'fallback', '*');
});

key('operation with action_source = both reads the body key "operation"', async () => {
  const app = makeApp({ action_key: 'operation', action_source: 'both' });
  const other = await start(app);
  try {
    assertSelected(await other.send('POST', '/api/probe?operation=a', { json: { operation: 'b' } }), 'b', 'b');
    assertSelected(await other.send('POST', '/api/probe?operation=a', { json: { action: 'b' } }), 'a', 'a');
  } finally {
    await other.close();
  }
});

key.run();
