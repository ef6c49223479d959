/**
 * Form requests, handlers and embedding, end to end: authorization (403
 * before validation), `validated()`, the three ways to declare the form
 * request, constructor injection, handler results and errors, and mounting
 * the application in another server.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:http';
import { Application } from '../../src/application.js';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { FormRequest } from '../../src/form-request.js';
import { handles } from '../../src/handles.js';
import { JsonResponse } from '../../src/http/response.js';
import { HttpError } from '../../src/errors/http-error.js';
import { Router } from '../../src/routing/router.js';
import { injectable } from 'inversify';
import { start, startServer, type Client } from '../helpers/http.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const UNAUTHORIZED = { message: 'This action is unauthorized.' };
const SERVER_ERROR = { message: 'Server Error' };

// --- form requests ----------------------------------------------------------

class NameRequest extends FormRequest {
  override rules() {
    return { name: 'required|string|max:10', nickname: 'string' };
  }
}

class DenyRequest extends FormRequest {
  override authorize() {
    return false;
  }
  override rules() {
    return { name: 'required|string' };
  }
}

class AsyncDenyRequest extends FormRequest {
  override async authorize() {
    await delay(2);
    return false;
  }
  override rules() {
    return { name: 'required|string' };
  }
}

class HeaderAuthRequest extends FormRequest {
  override authorize() {
    return this.header('x-allow') === 'yes';
  }
  override rules() {
    return { name: 'required|string' };
  }
}

const lifecycle: string[] = [];
class LifecycleRequest extends FormRequest {
  override prepareForValidation() {
    lifecycle.push('prepare');
  }
  override async authorize() {
    lifecycle.push('authorize');
    return this.header('x-deny') !== 'yes';
  }
  override rules() {
    return { name: 'required|string' };
  }
  override passedValidation() {
    lifecycle.push('passed');
  }
}

// --- actions ------------------------------------------------------------------

class ParamTypeAction extends Action {
  override methods = ['POST'];
  @handles()
  handle(request: NameRequest) {
    return { via: 'param-type', isForm: request instanceof NameRequest, data: request.validated() };
  }
}

class ExplicitAction extends Action {
  override methods = ['POST'];
  @handles(NameRequest)
  handle(request: FormRequest) {
    return { via: 'explicit', isForm: request instanceof NameRequest, data: request.validated() };
  }
}

/** Plain-JavaScript style: no decorator, the static property names the form request. */
class StaticAction extends Action {
  override methods = ['POST'];
  static override formRequest = NameRequest;
  handle(request: NameRequest) {
    return { via: 'static', isForm: request instanceof NameRequest, data: request.validated() };
  }
}

let handlerRuns = 0;
function formAction(form: typeof DenyRequest | typeof AsyncDenyRequest | typeof HeaderAuthRequest | typeof LifecycleRequest) {
  return class extends Action {
    override methods = ['POST'];
    static override formRequest = form;
    handle(request: FormRequest) {
      handlerRuns++;
      if (form === LifecycleRequest) lifecycle.push('handle');
      return { ran: true, data: request.validated() };
    }
  };
}

@injectable()
class Greeter {
  greet(name: unknown): string {
    return `Hello, ${String(name)}!`;
  }
}

@injectable()
class GreetAction extends Action {
  override methods = ['POST'];
  constructor(private readonly greeter: Greeter) {
    super();
  }
  @handles()
  handle(request: NameRequest) {
    return { greeting: this.greeter.greet(request.validated('name')) };
  }
}

class CreatedAction extends Action {
  handle() {
    return new JsonResponse({ id: 7 }, 201, { location: '/api/things/7' });
  }
}
class PromiseAction extends Action {
  async handle() {
    await delay(2);
    return { async: true };
  }
}
class VoidAction extends Action {
  handle() {
    return undefined;
  }
}
class ThrowAction extends Action {
  handle(): never {
    throw new Error('secret database password in this message');
  }
}
class RejectAction extends Action {
  async handle() {
    await delay(1);
    throw new TypeError('secret async detail');
  }
}
class BigIntAction extends Action {
  handle() {
    return { n: BigInt(10) };
  }
}
class CycleAction extends Action {
  handle() {
    const node: Record<string, unknown> = { name: 'loop' };
    node.self = node;
    return node;
  }
}
class ConflictAction extends Action {
  handle(): never {
    throw new HttpError(409, 'The thing already exists.');
  }
}
class StringAction extends Action {
  handle() {
    return 'just a string';
  }
}

class ThingsController extends ActionController {
  override actions = {
    'param-type': ParamTypeAction,
    explicit: ExplicitAction,
    static: StaticAction,
    deny: formAction(DenyRequest),
    'deny-async': formAction(AsyncDenyRequest),
    'header-auth': formAction(HeaderAuthRequest),
    lifecycle: formAction(LifecycleRequest),
    greet: GreetAction,
    created: CreatedAction,
    promise: PromiseAction,
    void: VoidAction,
    throw: ThrowAction,
    reject: RejectAction,
    bigint: BigIntAction,
    cycle: CycleAction,
    conflict: ConflictAction,
    string: StringAction,
  };
}

const reported: unknown[] = [];

function makeApp(): Application {
  Router.flushMacros();
  const app = new Application({ report: (error) => reported.push(error) });
  app.container.bind(Greeter).toSelf();
  return app.withRouting({
    api: (router) => {
      router.svc('/things', ThingsController, ['GET', 'POST']).name('things');
    },
  });
}

let http: Client;

// ---------------------------------------------------------------------------
const auth = suite('form request: authorize() before validation');

auth.before(async () => {
  http = await start(makeApp());
});
auth.after(async () => {
  await http?.close();
});

auth('authorize() false -> 403 {"message":"This action is unauthorized."}', async () => {
  const runs = handlerRuns;
  const reply = await http.send('POST', '/api/things?action=deny', { json: { name: 'valid' } });
  assert.is(reply.status, 403);
  assert.equal(reply.body, UNAUTHORIZED);
  assert.is(handlerRuns, runs, 'the handler did not run');
});

auth('authorize() false -> 403 even when the data is also invalid', async () => {
  const reply = await http.send('POST', '/api/things?action=deny', { json: {} });
  assert.is(reply.status, 403);
  assert.equal(reply.body, UNAUTHORIZED);
});

auth('an async authorize() resolving false -> 403, even with invalid data', async () => {
  const runs = handlerRuns;
  const valid = await http.send('POST', '/api/things?action=deny-async', { json: { name: 'ok' } });
  assert.is(valid.status, 403);
  assert.equal(valid.body, UNAUTHORIZED);
  const invalid = await http.send('POST', '/api/things?action=deny-async', { json: { name: 42 } });
  assert.is(invalid.status, 403);
  assert.equal(invalid.body, UNAUTHORIZED);
  assert.is(handlerRuns, runs);
});

auth('authorize() can read the request: allowed -> validation runs (422), then the handler', async () => {
  const denied = await http.send('POST', '/api/things?action=header-auth', { json: { name: 'x' } });
  assert.is(denied.status, 403);
  const invalid = await http.send('POST', '/api/things?action=header-auth', { json: {}, headers: { 'x-allow': 'yes' } });
  assert.is(invalid.status, 422);
  assert.equal(invalid.body.errors, { name: ['The name field is required.'] });
  const ok = await http.send('POST', '/api/things?action=header-auth', { json: { name: 'x' }, headers: { 'x-allow': 'yes' } });
  assert.is(ok.status, 200);
  assert.equal(ok.body, { ran: true, data: { name: 'x' } });
});

auth('the order is prepare -> authorize -> validate -> passed -> handle', async () => {
  lifecycle.length = 0;
  await http.send('POST', '/api/things?action=lifecycle', { json: { name: 'x' } });
  assert.equal(lifecycle, ['prepare', 'authorize', 'passed', 'handle']);
  lifecycle.length = 0;
  const invalid = await http.send('POST', '/api/things?action=lifecycle', { json: {} });
  assert.is(invalid.status, 422);
  assert.equal(lifecycle, ['prepare', 'authorize']);
  lifecycle.length = 0;
  const denied = await http.send('POST', '/api/things?action=lifecycle', { json: {}, headers: { 'x-deny': 'yes' } });
  assert.is(denied.status, 403);
  assert.equal(lifecycle, ['prepare', 'authorize']);
});

auth.run();

// ---------------------------------------------------------------------------
const declare = suite('form request: validated() and the three ways to declare it');

declare.before(async () => {
  http = await start(makeApp());
});
declare.after(async () => {
  await http?.close();
});

for (const [name, via] of [
  ['param-type', '@handles() with the parameter type (decorator metadata)'],
  ['explicit', '@handles(NameRequest)'],
  ['static', 'static formRequest = NameRequest'],
] as const) {
  declare(`${via}: handle receives the form request with only validated fields`, async () => {
    const reply = await http.send('POST', `/api/things?action=${name}&fromQuery=1`, {
      json: { name: 'Ada', other: 'dropped', admin: true },
    });
    assert.is(reply.status, 200, reply.text);
    assert.equal(reply.body, { via: name, isForm: true, data: { name: 'Ada' } });
  });

  declare(`${via}: the rules run (422 for invalid data)`, async () => {
    const missing = await http.send('POST', `/api/things?action=${name}`, { json: { other: 'x' } });
    assert.is(missing.status, 422);
    assert.equal(missing.body, {
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    const tooLong = await http.send('POST', `/api/things?action=${name}`, { json: { name: 'x'.repeat(11) } });
    assert.is(tooLong.status, 422);
    assert.equal(tooLong.body.errors, { name: ['The name field must not be greater than 10 characters.'] });
  });
}

declare('validated() includes optional fields with rules when given, never the action key', async () => {
  const reply = await http.send('POST', '/api/things?action=param-type', {
    json: { name: 'Ada', nickname: 'A', extra: 1 },
  });
  assert.equal(reply.body.data, { name: 'Ada', nickname: 'A' });
  assert.is(reply.body.data.action, undefined);
});

declare('validated() reads query input too, and keeps only ruled fields', async () => {
  const reply = await http.send('POST', '/api/things?action=static&name=Q&junk=1');
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body.data, { name: 'Q' });
});

declare('two errors: the summary counts the rest', async () => {
  const reply = await http.send('POST', '/api/things?action=param-type', { json: { nickname: 5 } });
  assert.is(reply.status, 422);
  assert.equal(reply.body, {
    message: 'The name field is required. (and 1 more error)',
    errors: {
      name: ['The name field is required.'],
      nickname: ['The nickname field must be a string.'],
    },
  });
});

declare('constructor injection: an @injectable() action gets the bound service', async () => {
  const reply = await http.send('POST', '/api/things?action=greet', { json: { name: 'Ada' } });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { greeting: 'Hello, Ada!' });
});

declare('constructor injection honours the user binding', async () => {
  Router.flushMacros();
  const app = new Application({ report: (error) => reported.push(error) });
  const custom = new Greeter();
  custom.greet = (name) => `Howdy, ${String(name)}`;
  app.container.bind(Greeter).toConstantValue(custom);
  app.withRouting({ api: (router) => void router.svc('/things', ThingsController, ['GET', 'POST']) });
  const other = await start(app);
  try {
    const reply = await other.send('POST', '/api/things?action=greet', { json: { name: 'Bo' } });
    assert.equal(reply.body, { greeting: 'Howdy, Bo' });
  } finally {
    await other.close();
  }
});

declare.run();

// ---------------------------------------------------------------------------
const results = suite('handler results and errors');

results.before(async () => {
  http = await start(makeApp());
});
results.after(async () => {
  await http?.close();
});

results('a JsonResponse keeps its status, headers and body (201 + Location)', async () => {
  const reply = await http.send('GET', '/api/things?action=created');
  assert.is(reply.status, 201);
  assert.is(reply.headers.location, '/api/things/7');
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/);
  assert.equal(reply.body, { id: 7 });
});

results('a Promise is awaited -> 200 with its value', async () => {
  const reply = await http.send('GET', '/api/things?action=promise');
  assert.is(reply.status, 200);
  assert.equal(reply.body, { async: true });
});

results('undefined -> 204 with no body', async () => {
  const reply = await http.send('GET', '/api/things?action=void');
  assert.is(reply.status, 204);
  assert.is(reply.text, '');
});

results('a string -> 200 JSON string', async () => {
  const reply = await http.send('GET', '/api/things?action=string');
  assert.is(reply.status, 200);
  assert.is(reply.body, 'just a string');
});

results('a handler that throws -> 500 {"message":"Server Error"}, no details, reported', async () => {
  reported.length = 0;
  const reply = await http.send('GET', '/api/things?action=throw');
  assert.is(reply.status, 500);
  assert.equal(reply.body, SERVER_ERROR);
  assert.not.match(reply.text, /secret|Error:|at /);
  assert.is(reported.length, 1);
  assert.match((reported[0] as Error).message, /secret database password/);
});

results('a handler whose Promise rejects -> 500, reported', async () => {
  reported.length = 0;
  const reply = await http.send('GET', '/api/things?action=reject');
  assert.is(reply.status, 500);
  assert.equal(reply.body, SERVER_ERROR);
  assert.not.match(reply.text, /secret|TypeError/);
  assert.is(reported.length, 1);
  assert.instance(reported[0], TypeError);
});

results('a handler returning a BigInt -> 500, reported', async () => {
  reported.length = 0;
  const reply = await http.send('GET', '/api/things?action=bigint');
  assert.is(reply.status, 500);
  assert.equal(reply.body, SERVER_ERROR);
  assert.is(reported.length, 1);
});

results('a handler returning a cycle -> 500, reported', async () => {
  reported.length = 0;
  const reply = await http.send('GET', '/api/things?action=cycle');
  assert.is(reply.status, 500);
  assert.equal(reply.body, SERVER_ERROR);
  assert.is(reported.length, 1);
});

results('HEAD on a BigInt handler -> 500 with no body', async () => {
  const reply = await http.send('HEAD', '/api/things?action=bigint');
  assert.is(reply.status, 500);
  assert.is(reply.text, '');
});

results('a thrown HttpError keeps its status and message, and is not reported', async () => {
  reported.length = 0;
  const reply = await http.send('GET', '/api/things?action=conflict');
  assert.is(reply.status, 409);
  assert.equal(reply.body, { message: 'The thing already exists.' });
  assert.is(reported.length, 0);
});

results('the server keeps answering after the 500s', async () => {
  const reply = await http.send('GET', '/api/things?action=created');
  assert.is(reply.status, 201);
});

results.run();

// ---------------------------------------------------------------------------
const embed = suite('embedding the application');

embed('http.createServer(app.listener) serves the routes and 404s the rest', async () => {
  const app = makeApp();
  const client = await startServer(createServer(app.listener));
  try {
    const ok = await client.send('GET', '/api/things?action=created');
    assert.is(ok.status, 201);
    assert.equal(ok.body, { id: 7 });
    const missing = await client.send('GET', '/elsewhere');
    assert.is(missing.status, 404);
    assert.type(missing.body?.message, 'string');
  } finally {
    await client.close();
  }
});

embed('app.middleware: an unmatched path calls next(), a matched one is answered', async () => {
  const app = makeApp();
  let nextCalls = 0;
  const server = createServer((req, res) => {
    app.middleware(req, res, () => {
      nextCalls++;
      res.statusCode = 418;
      res.setHeader('content-type', 'text/plain');
      res.end('fell through');
    });
  });
  const client = await startServer(server);
  try {
    const other = await client.send('GET', '/elsewhere?action=created');
    assert.is(other.status, 418);
    assert.is(other.text, 'fell through');
    assert.is(nextCalls, 1);
    const ok = await client.send('POST', '/api/things?action=param-type', { json: { name: 'Mo' } });
    assert.is(ok.status, 200);
    assert.equal(ok.body.data, { name: 'Mo' });
    const unknownAction = await client.send('GET', '/api/things?action=nope');
    assert.is(unknownAction.status, 404, 'an unknown action on a matched route is answered, not passed on');
    assert.is(nextCalls, 1);
  } finally {
    await client.close();
  }
});

embed.run();
