/**
 * Route and global middleware end to end, as users of the host framework
 * expect them (issue 4): functions and container-built classes, aliases with
 * parameters, groups (nested too), execution order, short-circuits, the
 * selected action in `svc.action` / `svc.action_id`, changing responses
 * (errors included) on the way out, errors thrown by middleware, `next()`
 * called twice, unknown aliases, and the bearer-token example app.
 */
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Action,
  ActionController,
  Application,
  HttpError,
  type JsonResponse,
  LogicException,
  NotFoundError,
  json,
  type MiddlewareFunction,
  type Next,
  type HttpRequest,
} from '../../src/index.js';
import { inject, injectable } from 'inversify';
import { SystemController } from '../../examples/system/system-controller.js';
import { createAuthApp } from '../../examples/auth/app.js';
import type { Client, Reply } from '../helpers/http.js';
import { serve } from '../helpers/apps.js';

// ---------------------------------------------------------------------------
// What the middleware and the handlers record. Tests run one request at a
// time, so one shared trace is enough; every response is complete before the
// client sees it.
let trace: string[] = [];
const reported: unknown[] = [];
const report = (error: unknown) => void reported.push(error);

/** A function middleware that records `name:in` and `name:out` around `next`. */
function mark(name: string): MiddlewareFunction {
  return async (request, next) => {
    trace.push(`${name}:in`);
    const response = await next(request);
    trace.push(`${name}:out`);
    return response;
  };
}

/** Every probe answers with what it is and the selected action as the handler sees it. */
function probe(kind: string, methods: string[] = ['GET', 'POST']) {
  return class extends Action {
    override methods = methods;
    handle(request: HttpRequest) {
      trace.push('handler');
      return {
        handler: kind,
        action: request.attributes.get('svc.action'),
        action_id: request.attributes.get('svc.action_id'),
      };
    }
  };
}

/** A handler that decides 404 itself: the error is produced downstream of route middleware. */
class MissingThingAction extends Action {
  handle(): never {
    trace.push('handler');
    throw new NotFoundError('No such thing.');
  }
}

class ProbeController extends ActionController {
  override actions = {
    a: probe('a'),
    'user.create': probe('user.create'),
    'get-only': probe('get-only', ['GET']),
    missing: MissingThingAction,
    '/': probe('default'),
    '*': probe('fallback'),
  };
}

class PlainController extends ActionController {
  override actions = { a: probe('a', ['GET']) };
}

// --- a service bound in the container, injected into class middleware -------

/** Bound with `app.container.bind(...)`: the middleware must get this instance. */
class Greeter {
  constructor(readonly text: string) {}
}
const GREETING_SUFFIX = Symbol('greeting suffix');

/** Class middleware: `@injectable()`, services from its constructor. */
@injectable()
class AddGreeting {
  constructor(
    @inject(Greeter) private readonly greeter: Greeter,
    @inject(GREETING_SUFFIX) private readonly suffix: string,
  ) {}

  async handle(request: HttpRequest, next: Next): Promise<JsonResponse> {
    trace.push('greeting:in');
    const response = await next(request);
    trace.push('greeting:out');
    return response.header('x-greeting', `${this.greeter.text}${this.suffix}`);
  }
}

/** Class middleware with parameters: `role:admin,editor` → `handle(request, next, 'admin', 'editor')`. */
@injectable()
class RequireRole {
  async handle(request: HttpRequest, next: Next, ...roles: string[]): Promise<JsonResponse> {
    trace.push(`role(${roles.join('|')}):in`);
    const given = request.header('x-role');
    if (given === undefined || !roles.includes(given)) {
      return json({ message: 'Forbidden by role.', needs: roles }, 403);
    }
    const response = await next(request);
    return response.header('x-roles', JSON.stringify(roles));
  }
}

/** Function middleware with parameters, under an alias (`tag:one,two`). */
const tag = async (request: HttpRequest, next: Next, ...params: string[]): Promise<JsonResponse> => {
  trace.push(`tag(${params.join('|')}):in`);
  const response = await next(request);
  return response.header('x-tag-params', JSON.stringify(params));
};

/** Reads the selected action before `next`, reports it in headers. */
const reportSelection: MiddlewareFunction = async (request, next) => {
  const action = request.attributes.get('svc.action');
  const id = request.attributes.get('svc.action_id');
  const response = await next(request);
  return response.header('x-svc-action', String(action)).header('x-svc-action-id', String(id));
};

/** Adds a header to whatever comes back, errors included. */
const stamp: MiddlewareFunction = async (request, next) => {
  const response = await next(request);
  return response.header('x-stamped', `${response.status}`);
};

/** Short-circuits: answers without calling `next` unless `x-let-through` is sent. */
const gate: MiddlewareFunction = async (request, next) => {
  trace.push('gate:in');
  if (request.header('x-let-through') !== 'yes') return json({ message: 'Closed by the gate.' }, 418, { 'x-gate': 'closed' });
  return next(request);
};

const throwsHttp: MiddlewareFunction = () => {
  trace.push('throttle:in');
  throw new HttpError(429, 'Too Many Requests.', { 'retry-after': '7' });
};

const throwsPlain: MiddlewareFunction = async () => {
  trace.push('broken:in');
  throw new Error('database password is hunter2');
};

const callsNextTwice: MiddlewareFunction = async (request, next) => {
  await next(request);
  return next(request);
};

/** Global middleware: runs before routing, sees every response (the kernel's 404 and 405 too). */
const globalMiddleware: MiddlewareFunction = async (request, next) => {
  trace.push('global:in');
  const sawAction = request.attributes.has('svc.action');
  const response = await next(request);
  trace.push('global:out');
  return response.header('x-global', `saw-action-before=${sawAction};status=${response.status}`);
};

function makeApp(): Application {
  const app = new Application({ report });
  app.container.bind(Greeter).toConstantValue(new Greeter('hello from the container'));
  app.container.bind(GREETING_SUFFIX).toConstantValue('!');
  app.aliasMiddleware('greeting', AddGreeting);
  app.aliasMiddleware('role', RequireRole);
  app.aliasMiddleware('tag', tag);
  app.aliasMiddleware('first', mark('first'));
  app.middlewareGroup('inner', [mark('inner-1'), 'tag:x', mark('inner-2')]);
  app.middlewareGroup('outer', ['first', 'inner', mark('outer-last')]);
  app.use(globalMiddleware);
  return app.withRouting({
    api: (router) => {
      router.svc('/fn', ProbeController, ['GET', 'POST']).middleware(mark('fn'));
      router.svc('/class', ProbeController, ['GET', 'POST']).middleware(AddGreeting);
      router.svc('/alias', ProbeController, ['GET', 'POST']).middleware('greeting');
      router.svc('/role', ProbeController, ['GET', 'POST']).middleware('role:admin,editor');
      router.svc('/tag', ProbeController, ['GET', 'POST']).middleware('tag:one,two', 'tag');
      router.svc('/groups', ProbeController, ['GET', 'POST']).middleware(mark('before'), 'outer', mark('after'));
      router
        .svc('/order', ProbeController, ['GET', 'POST'])
        .middleware(mark('m1'), 'greeting')
        .middleware([mark('m2'), 'role:admin'], mark('m3'));
      router.svc('/gate', ProbeController, ['GET', 'POST']).middleware(mark('outside'), gate, mark('inside'));
      router.svc('/selection', ProbeController, ['GET', 'POST']).middleware(reportSelection);
      router.svc('/stamped', ProbeController, ['GET', 'POST']).middleware(stamp);
      router.svc('/system', SystemController, ['GET', 'POST']).middleware(stamp);
      router.svc('/throttled', ProbeController, ['GET', 'POST']).middleware(stamp, throwsHttp, mark('never'));
      router.svc('/broken', ProbeController, ['GET', 'POST']).middleware(stamp, throwsPlain);
      router.svc('/twice', ProbeController, ['GET', 'POST']).middleware(callsNextTwice);
      router.svc('/plain', PlainController, ['GET']);
    },
  });
}

function ok(reply: Reply, handler: string, label = ''): void {
  assert.is(reply.status, 200, `${label} status (body: ${reply.text})`);
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/, `${label} content-type`);
  assert.is(reply.body?.handler, handler, `${label} handler`);
}

let http: Client;

/** Serves the app for the suite and points `http` at it before each test. */
function serveFor(test: Test, make: () => Application): void {
  const served = serve(test, make);
  test.before.each(() => {
    http = served.http;
  });
}

// ---------------------------------------------------------------------------
const kinds = suite('middleware e2e: functions, classes, aliases, parameters');

serveFor(kinds, () => makeApp());
kinds.before.each(() => {
  trace = [];
  reported.length = 0;
});

kinds('a function middleware wraps the handler', async () => {
  const reply = await http.send('GET', '/api/fn?action=a');
  ok(reply, 'a');
  assert.equal(reply.body, { handler: 'a', action: 'a', action_id: 'a' });
  assert.equal(trace, ['global:in', 'fn:in', 'handler', 'fn:out', 'global:out']);
});

kinds('a class middleware is built by the container with the services bound in it', async () => {
  const reply = await http.send('GET', '/api/class?action=a');
  ok(reply, 'a');
  assert.is(reply.headers['x-greeting'], 'hello from the container!');
  assert.equal(trace, ['global:in', 'greeting:in', 'handler', 'greeting:out', 'global:out']);
});

kinds('an alias names a class middleware', async () => {
  const reply = await http.send('GET', '/api/alias?action=a');
  ok(reply, 'a');
  assert.is(reply.headers['x-greeting'], 'hello from the container!');
});

kinds('alias parameters reach handle(request, next, ...params): role:admin,editor', async () => {
  for (const role of ['admin', 'editor']) {
    trace = [];
    const reply = await http.send('GET', '/api/role?action=a', { headers: { 'x-role': role } });
    ok(reply, 'a', role);
    assert.is(reply.headers['x-roles'], '["admin","editor"]', role);
    assert.equal(trace, ['global:in', 'role(admin|editor):in', 'handler', 'global:out'], role);
  }
});

kinds('a parameterised class middleware can refuse: handler not run', async () => {
  const reply = await http.send('GET', '/api/role?action=a', { headers: { 'x-role': 'guest' } });
  assert.is(reply.status, 403);
  assert.equal(reply.body, { message: 'Forbidden by role.', needs: ['admin', 'editor'] });
  assert.not.ok(trace.includes('handler'));
  const none = await http.send('GET', '/api/role?action=a');
  assert.is(none.status, 403);
});

kinds('function aliases take parameters too; the same alias without parameters gets none', async () => {
  const reply = await http.send('GET', '/api/tag?action=a');
  ok(reply, 'a');
  // The outer `tag:one,two` sets the header last, on the way out.
  assert.is(reply.headers['x-tag-params'], '["one","two"]');
  assert.equal(trace, ['global:in', 'tag(one|two):in', 'tag():in', 'handler', 'global:out']);
});

kinds.run();

// ---------------------------------------------------------------------------
const order = suite('middleware e2e: groups and order of execution');

serveFor(order, () => makeApp());
order.before.each(() => {
  trace = [];
});

order('a group inside a group expands in place, in order', async () => {
  const reply = await http.send('GET', '/api/groups?action=a');
  ok(reply, 'a');
  assert.is(reply.headers['x-tag-params'], '["x"]', 'tag:x from the inner group ran');
  assert.equal(trace, [
    'global:in',
    'before:in',
    'first:in',
    'inner-1:in',
    'tag(x):in',
    'inner-2:in',
    'outer-last:in',
    'after:in',
    'handler',
    'after:out',
    'outer-last:out',
    'inner-2:out',
    'inner-1:out',
    'first:out',
    'before:out',
    'global:out',
  ]);
});

order('global first, then route middleware in the order added (several middleware() calls, arrays)', async () => {
  const reply = await http.send('GET', '/api/order?action=a', { headers: { 'x-role': 'admin' } });
  ok(reply, 'a');
  assert.is(reply.headers['x-greeting'], 'hello from the container!');
  assert.is(reply.headers['x-roles'], '["admin"]');
  assert.equal(trace, [
    'global:in',
    'm1:in',
    'greeting:in',
    'm2:in',
    'role(admin):in',
    'm3:in',
    'handler',
    'm3:out',
    'm2:out',
    'greeting:out',
    'm1:out',
    'global:out',
  ]);
});

order('a short-circuit answers without next: later middleware and the handler do not run', async () => {
  const reply = await http.send('POST', '/api/gate?action=a', { json: { message: 'x' } });
  assert.is(reply.status, 418);
  assert.equal(reply.body, { message: 'Closed by the gate.' });
  assert.is(reply.headers['x-gate'], 'closed');
  assert.is(reply.headers['x-global'], 'saw-action-before=false;status=418', 'global middleware sees the short-circuit');
  assert.equal(trace, ['global:in', 'outside:in', 'gate:in', 'outside:out', 'global:out']);
  trace = [];
  const through = await http.send('POST', '/api/gate?action=a', { headers: { 'x-let-through': 'yes' } });
  ok(through, 'a');
  assert.equal(trace, ['global:in', 'outside:in', 'gate:in', 'inside:in', 'handler', 'inside:out', 'outside:out', 'global:out']);
});

order.run();

// ---------------------------------------------------------------------------
const selected = suite('middleware e2e: the selected action in request attributes');

serveFor(selected, () => makeApp());

selected('route middleware reads svc.action = svc.action_id = the selected name', async () => {
  for (const name of ['a', 'user.create']) {
    const reply = await http.send('GET', `/api/selection?action=${name}`);
    ok(reply, name);
    assert.is(reply.headers['x-svc-action'], name);
    assert.is(reply.headers['x-svc-action-id'], name);
    assert.equal(reply.body, { handler: name, action: name, action_id: name });
  }
});

selected('reserved dispatch: "/" when the key is absent, "*" for an invalid or unknown value', async () => {
  const absent = await http.send('GET', '/api/selection');
  ok(absent, 'default');
  assert.is(absent.headers['x-svc-action'], '/');
  assert.is(absent.headers['x-svc-action-id'], '/');
  for (const query of ['?action=nope', '?action=', '?action[]=a', '?action=a&action=a', '?action=%2F']) {
    const reply = await http.send('GET', `/api/selection${query}`);
    ok(reply, 'fallback', query);
    assert.is(reply.headers['x-svc-action'], '*', query);
    assert.is(reply.headers['x-svc-action-id'], '*', query);
  }
});

selected('global middleware runs before routing: no svc.action yet on the way in', async () => {
  const reply = await http.send('GET', '/api/selection?action=a');
  assert.is(reply.headers['x-global'], 'saw-action-before=false;status=200');
});

selected.run();

// ---------------------------------------------------------------------------
const outbound = suite('middleware e2e: changing responses on the way out');

serveFor(outbound, () => makeApp());

outbound('a header added to a 200', async () => {
  const reply = await http.send('GET', '/api/stamped?action=a');
  ok(reply, 'a');
  assert.is(reply.headers['x-stamped'], '200');
});

outbound('a header added to a 422 from validation; the body is intact', async () => {
  const reply = await http.send('POST', '/api/system?action=echo', { json: {} });
  assert.is(reply.status, 422);
  assert.is(reply.headers['x-stamped'], '422');
  assert.equal(reply.body, { message: 'The message field is required.', errors: { message: ['The message field is required.'] } });
});

outbound('a header added to a 405 from the action method check; Allow is kept', async () => {
  const reply = await http.send('POST', '/api/system?action=status');
  assert.is(reply.status, 405);
  assert.is(reply.headers['x-stamped'], '405');
  assert.is(reply.headers['allow'], 'GET, HEAD');
  assert.type(reply.body?.message, 'string');
  const getOnly = await http.send('POST', '/api/stamped?action=get-only');
  assert.is(getOnly.status, 405);
  assert.is(getOnly.headers['x-stamped'], '405');
});

outbound('a header added to a 404 thrown by the handler', async () => {
  const reply = await http.send('GET', '/api/stamped?action=missing');
  assert.is(reply.status, 404);
  assert.equal(reply.body, { message: 'No such thing.' });
  assert.is(reply.headers['x-stamped'], '404');
});

outbound('a 200 from the example system endpoint is stamped too', async () => {
  const reply = await http.send('GET', '/api/system?action=status');
  assert.is(reply.status, 200);
  assert.equal(reply.body, { status: 'ok' });
  assert.is(reply.headers['x-stamped'], '200');
});

outbound('global middleware sees and changes the kernel 404 for an unknown path (listener mode)', async () => {
  const reply = await http.send('GET', '/nowhere?action=a');
  assert.is(reply.status, 404);
  assert.type(reply.body?.message, 'string');
  assert.ok(reply.body.message.length > 0);
  assert.is(reply.headers['x-global'], 'saw-action-before=false;status=404');
});

outbound('global middleware sees the 404 of an unknown action and the route-level 405', async () => {
  const unknown = await http.send('GET', '/api/plain?action=nope');
  assert.is(unknown.status, 404);
  assert.is(unknown.headers['x-global'], 'saw-action-before=false;status=404');
  const method = await http.send('DELETE', '/api/plain?action=a');
  assert.is(method.status, 405);
  assert.is(method.headers['allow'], 'GET, HEAD');
  assert.is(method.headers['x-global'], 'saw-action-before=false;status=405');
});

outbound.run();

// ---------------------------------------------------------------------------
const failures = suite('middleware e2e: errors in middleware');

serveFor(failures, () => makeApp());
failures.before.each(() => {
  trace = [];
  reported.length = 0;
});

failures('an HttpError thrown by middleware is its status as JSON; outer middleware sees it', async () => {
  const reply = await http.send('GET', '/api/throttled?action=a');
  assert.is(reply.status, 429);
  assert.equal(reply.body, { message: 'Too Many Requests.' });
  assert.is(reply.headers['retry-after'], '7');
  assert.is(reply.headers['x-stamped'], '429');
  assert.equal(trace, ['global:in', 'throttle:in', 'global:out']);
  assert.is(reported.length, 0, 'an HttpError is not reported as a failure');
});

failures('a plain Error thrown by middleware is a bare 500 "Server Error", reported, no details', async () => {
  const reply = await http.send('GET', '/api/broken?action=a');
  assert.is(reply.status, 500);
  assert.equal(reply.body, { message: 'Server Error' });
  assert.not.match(reply.text, 'hunter2');
  assert.is(reply.headers['x-stamped'], '500');
  assert.not.ok(trace.includes('handler'));
  assert.is(reported.length, 1);
  assert.match((reported[0] as Error).message, 'hunter2');
});

failures('calling next twice is a 500 and the handler runs at most once', async () => {
  const reply = await http.send('GET', '/api/twice?action=a');
  assert.is(reply.status, 500);
  assert.equal(reply.body, { message: 'Server Error' });
  assert.is(trace.filter((t) => t === 'handler').length, 1);
  assert.is(reported.length, 1);
});

failures('the server still answers normally afterwards', async () => {
  ok(await http.send('GET', '/api/fn?action=a'), 'a');
});

failures.run();

// ---------------------------------------------------------------------------
const unknown = suite('middleware e2e: unknown aliases');

unknown('an unknown route alias: a LogicException naming it at boot, before any request', async () => {
  const app = new Application({ report: () => {} }).withRouting({
    api: (router) => {
      router.svc('/system', SystemController, ['GET', 'POST']).middleware('nope:1,2');
      router.svc('/fine', SystemController, ['GET', 'POST']);
    },
  });
  let error: unknown;
  try {
    app.boot();
  } catch (e) {
    error = e;
  }
  assert.instance(error, LogicException);
  assert.match((error as Error).message, '"nope"');
  let listened: unknown;
  try {
    await app.listen(0, '127.0.0.1');
  } catch (e) {
    listened = e;
  } finally {
    await app.close();
  }
  assert.instance(listened, LogicException, 'a failed boot fails again when the app is started');
});

unknown('an unknown global alias: a LogicException when the app is started', async () => {
  const app = new Application({ report: () => {} }).withRouting({
    api: (router) => void router.svc('/system', SystemController, ['GET', 'POST']),
  });
  app.use('nope');
  let error: unknown;
  try {
    await app.listen(0, '127.0.0.1');
  } catch (e) {
    error = e;
  } finally {
    await app.close();
  }
  assert.instance(error, LogicException);
  assert.match((error as Error).message, '"nope"');
});

unknown.run();

// ---------------------------------------------------------------------------
const auth = suite('middleware e2e: the bearer-token example (examples/auth)');

serveFor(auth, () => createAuthApp({ t0ken: 'ada' }, { report }));

auth('no Authorization header: 401 Unauthenticated.', async () => {
  const reply = await http.send('GET', '/api/account?action=whoami');
  assert.is(reply.status, 401);
  assert.equal(reply.body, { message: 'Unauthenticated.' });
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/);
});

auth('a wrong or malformed token: 401', async () => {
  for (const value of ['Bearer wrong', 'Bearer t0ke', 'Bearer t0ken0', 'Basic t0ken', 'bearer t0ken', 'Bearer  t0ken', 't0ken']) {
    const reply = await http.send('GET', '/api/account?action=whoami', { headers: { authorization: value } });
    assert.is(reply.status, 401, value);
    assert.equal(reply.body, { message: 'Unauthenticated.' }, value);
  }
});

auth('route middleware runs before the action lookup: an unknown or missing action without a token is a 401', async () => {
  // As in the host framework (route middleware runs before the controller): an
  // anonymous caller must not learn which action names exist from 404 vs 401.
  for (const query of ['?action=nope', '', '?action[]=whoami']) {
    const reply = await http.send('GET', `/api/account${query}`);
    assert.is(reply.status, 401, `${query}: status (body: ${reply.text})`);
    assert.equal(reply.body, { message: 'Unauthenticated.' }, query);
  }
  const known = await http.send('GET', '/api/account?action=nope', { headers: { authorization: 'Bearer t0ken' } });
  assert.is(known.status, 404, 'with a valid token, an unknown action is a 404');
});

auth('the right token: 200 with the user and the selected action', async () => {
  const reply = await http.send('GET', '/api/account?action=whoami', { headers: { authorization: 'Bearer t0ken' } });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { user: 'ada', action: 'whoami' });
});

auth.run();
