import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { guardMethod } from '../../src/pipeline/guard-method.js';
import { buildActionTable, type ActionPlan } from '../../src/routing/action-table.js';
import { NO_POLICY } from '../../src/routing/action-policy.js';
import { toResponse } from '../../src/http/response.js';
import { expandMethods, allowHeader } from '../../src/routing/methods.js';
import { MethodNotAllowedError } from '../../src/errors/http-error.js';
import { JsonResponse } from '../../src/http/response.js';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { Application } from '../../src/application.js';
import { createContainer } from '../../src/container.js';
import { Router } from '../../src/routing/router.js';
import { createSystemApp } from '../../examples/system/app.js';
import { StatusAction } from '../../examples/system/actions/status-action.js';
import { EchoAction } from '../../examples/system/actions/echo-action.js';
import { start, type Client } from '../helpers/http.js';
import { thrown } from '../helpers/plain.js';

function planAccepting(methods: string[]): ActionPlan {
  const expanded = expandMethods(methods);
  return {
    name: 'x',
    action: {} as Action,
    methods: new Set(expanded),
    allow: allowHeader(expanded),
    precognition: false,
    form: undefined,
    readsBody: false,
    policy: NO_POLICY,
    respond: toResponse,
  };
}

// ---------------------------------------------------------------------------
const methods = suite('expandMethods / allowHeader: GET implies HEAD');

const EXPANSIONS: [string[], string[]][] = [
  [['GET'], ['GET', 'HEAD']],
  [['POST'], ['POST']],
  [
    ['GET', 'POST'],
    ['GET', 'HEAD', 'POST'],
  ],
  [
    ['get', 'post'],
    ['GET', 'HEAD', 'POST'],
  ],
  [
    ['GET', 'GET'],
    ['GET', 'HEAD'],
  ],
  [
    ['GET', 'HEAD'],
    ['GET', 'HEAD'],
  ],
  [
    ['PUT', 'PATCH', 'DELETE'],
    ['PUT', 'PATCH', 'DELETE'],
  ],
];
for (const [input, expected] of EXPANSIONS) {
  methods(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
    assert.equal(expandMethods(input), expected);
  });
}
methods('the Allow header joins with ", "', () => {
  assert.is(allowHeader(['GET', 'HEAD', 'POST']), 'GET, HEAD, POST');
});
methods.run();

// ---------------------------------------------------------------------------
const guard = suite('guardMethod (SPEC rule 9)');

guard('an accepted method passes', () => {
  assert.is(guardMethod(planAccepting(['GET']), 'GET'), undefined);
  assert.is(guardMethod(planAccepting(['POST']), 'POST'), undefined);
});

guard('HEAD is allowed when GET is', () => {
  assert.is(guardMethod(planAccepting(['GET']), 'HEAD'), undefined);
});

guard('HEAD is not allowed for a POST-only action', () => {
  const error = thrown(() => guardMethod(planAccepting(['POST']), 'HEAD'));
  assert.instance(error, MethodNotAllowedError);
  assert.is((error as MethodNotAllowedError).headers.allow, 'POST');
});

guard('a method the action does not accept is a 405 with the action Allow (default action: GET, HEAD)', () => {
  const error = thrown(() => guardMethod(planAccepting(['GET']), 'POST'));
  assert.instance(error, MethodNotAllowedError);
  assert.is((error as MethodNotAllowedError).status, 405);
  assert.is((error as MethodNotAllowedError).headers.allow, 'GET, HEAD');
  assert.ok((error as MethodNotAllowedError).message.length > 0);
});

guard('GET on a POST action is a 405 with Allow: POST', () => {
  const error = thrown(() => guardMethod(planAccepting(['POST']), 'GET'));
  assert.is((error as MethodNotAllowedError).status, 405);
  assert.is((error as MethodNotAllowedError).headers.allow, 'POST');
});

guard('method names are compared in upper case', () => {
  const error = thrown(() => guardMethod(planAccepting(['POST']), 'post'));
  assert.instance(error, MethodNotAllowedError);
});

guard('OPTIONS is answered with 204 and the action Allow', () => {
  const response = guardMethod(planAccepting(['GET', 'POST']), 'OPTIONS');
  assert.instance(response, JsonResponse);
  assert.is(response!.status, 204);
  assert.is(response!.body, undefined);
  assert.is(response!.headers.allow, 'GET, HEAD, POST');
});

guard('an action that accepts OPTIONS handles it itself', () => {
  assert.is(guardMethod(planAccepting(['OPTIONS']), 'OPTIONS'), undefined);
});

guard('plans built from the example actions', () => {
  const table = buildActionTable(createContainer(), 'SystemController', { status: StatusAction, echo: EchoAction });
  const status = table.byName.get('status')!;
  const echo = table.byName.get('echo')!;
  assert.is(status.allow, 'GET, HEAD');
  assert.ok(status.methods.has('HEAD'));
  assert.is(echo.allow, 'POST');
  assert.is(echo.precognition, true);
  assert.is(status.precognition, false, 'precognition defaults to false');
  assert.is(guardMethod(status, 'HEAD'), undefined);
  assert.is((thrown(() => guardMethod(echo, 'GET')) as MethodNotAllowedError).headers.allow, 'POST');
});

guard.run();

// ---------------------------------------------------------------------------
const wire = suite('405 and OPTIONS over HTTP');
let http: Client;

wire.before(async () => {
  Router.flushMacros();
  http = await start(createSystemApp());
});
wire.after(async () => {
  await http?.close();
});

wire('POST ?action=status is a 405 with Allow: GET, HEAD', async () => {
  const reply = await http.send('POST', '/api/system?action=status', { json: {} });
  assert.is(reply.status, 405);
  assert.is(reply.headers.allow, 'GET, HEAD');
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/);
  assert.type(reply.body.message, 'string');
  assert.ok(reply.body.message.length > 0);
});

wire('GET ?action=echo is a 405 with Allow: POST', async () => {
  const reply = await http.send('GET', '/api/system?action=echo');
  assert.is(reply.status, 405);
  assert.is(reply.headers.allow, 'POST');
});

wire('HEAD ?action=echo is a 405 with Allow: POST and no body', async () => {
  const reply = await http.send('HEAD', '/api/system?action=echo');
  assert.is(reply.status, 405);
  assert.is(reply.headers.allow, 'POST');
  assert.is(reply.text, '');
});

wire('HEAD ?action=status is allowed because GET is', async () => {
  const reply = await http.send('HEAD', '/api/system?action=status');
  assert.is(reply.status, 200);
  assert.is(reply.text, '');
});

wire('OPTIONS ?action=echo is a 204 with the action Allow: POST', async () => {
  const reply = await http.send('OPTIONS', '/api/system?action=echo');
  assert.is(reply.status, 204);
  assert.is(reply.headers.allow, 'POST');
  assert.is(reply.text, '');
});

wire('OPTIONS ?action=status is a 204 with Allow: GET, HEAD', async () => {
  const reply = await http.send('OPTIONS', '/api/system?action=status');
  assert.is(reply.status, 204);
  assert.is(reply.headers.allow, 'GET, HEAD');
});

wire('OPTIONS without a selectable action is a 204 with the route Allow', async () => {
  const none = await http.send('OPTIONS', '/api/system');
  assert.is(none.status, 204);
  assert.is(none.headers.allow, 'GET, HEAD, POST');
  const unknown = await http.send('OPTIONS', '/api/system?action=nope');
  assert.is(unknown.status, 204);
  assert.is(unknown.headers.allow, 'GET, HEAD, POST');
});

wire('a method outside the route (PUT, DELETE, PATCH) is a 405 with the route Allow', async () => {
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    const reply = await http.send(method, '/api/system?action=echo', { json: { message: 'x' } });
    assert.is(reply.status, 405, method);
    assert.is(reply.headers.allow, 'GET, HEAD, POST', method);
    assert.type(reply.body?.message, 'string');
  }
});

wire('the server answers normally after the 405s', async () => {
  const reply = await http.send('GET', '/api/system?action=status');
  assert.is(reply.status, 200);
  assert.equal(reply.body, { status: 'ok' });
});

wire.run();

// ---------------------------------------------------------------------------
const fallback = suite('405 for reserved actions');

class MultiAction extends Action {
  override methods = ['GET', 'PUT'];
  handle() {
    return { ok: true };
  }
}
class FallbackController extends ActionController {
  override actions = { status: StatusAction, '*': MultiAction };
}

fallback('a fallback action is method-checked with its own Allow', async () => {
  Router.flushMacros();
  const app = new Application().withRouting({
    api: (router) => {
      router.svc('/multi', FallbackController, ['GET', 'POST', 'PUT']);
    },
  });
  const client = await start(app);
  try {
    const ok = await client.send('PUT', '/api/multi?action=nope');
    assert.is(ok.status, 200);
    const bad = await client.send('POST', '/api/multi?action=nope', { json: {} });
    assert.is(bad.status, 405);
    assert.is(bad.headers.allow, 'GET, HEAD, PUT');
    const options = await client.send('OPTIONS', '/api/multi?action=nope');
    assert.is(options.status, 204);
    assert.is(options.headers.allow, 'GET, HEAD, PUT');
  } finally {
    await client.close();
  }
});

fallback.run();
