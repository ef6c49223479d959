/**
 * Precognition, as the `laravel-precognition` client checks it: a request
 * with `Precognition: true` runs authorization and validation, never the
 * handler; every answer to it carries `Precognition: true`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application } from '../../src/application.js';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { FormRequest } from '../../src/form-request.js';
import { handles } from '../../src/handles.js';
import { Router } from '../../src/routing/router.js';
import { createSystemApp } from '../../examples/system/app.js';
import { MessageRequest } from '../../examples/system/requests/message-request.js';
import { start, type Client, type Reply } from '../helpers/http.js';

const PRECOG = { precognition: 'true' };
const REQUIRED = 'The message field is required.';

let runs: Record<string, number> = {};
const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);

class CountingEcho extends Action {
  override methods = ['POST'];
  override precognition = true;
  @handles()
  handle(request: MessageRequest) {
    count('echo');
    return request.validated();
  }
}

class CountingStatus extends Action {
  override methods = ['GET', 'POST'];
  handle() {
    count('status');
    return { status: 'ok' };
  }
}

class DenyRequest extends FormRequest {
  override authorize() {
    return false;
  }
  override rules() {
    return { message: 'required|string' };
  }
}

class DeniedPrecog extends Action {
  override methods = ['POST'];
  override precognition = true;
  static override formRequest = DenyRequest;
  handle() {
    count('denied');
    return {};
  }
}

class TwoFieldRequest extends FormRequest {
  override rules() {
    return { message: 'required|string', title: 'required|string' };
  }
}

class TwoFields extends Action {
  override methods = ['POST'];
  override precognition = true;
  static override formRequest = TwoFieldRequest;
  handle() {
    count('two');
    return {};
  }
}

class CountingController extends ActionController {
  override actions = { echo: CountingEcho, status: CountingStatus, denied: DeniedPrecog, two: TwoFields };
}

function varyHasPrecognition(reply: Reply): boolean {
  return (reply.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .includes('precognition');
}

// ---------------------------------------------------------------------------
const system = suite('precognition on the example echo action');
let http: Client;

system.before(async () => {
  Router.flushMacros();
  http = await start(createSystemApp());
});
system.after(async () => {
  await http?.close();
});

system('valid body -> 204, Precognition: true, Precognition-Success: true, Vary: Precognition, no body', async () => {
  const reply = await http.send('POST', '/api/system?action=echo', { json: { message: 'hi' }, headers: PRECOG });
  assert.is(reply.status, 204);
  assert.is(reply.headers.precognition, 'true');
  assert.is(reply.headers['precognition-success'], 'true');
  assert.ok(varyHasPrecognition(reply), `vary: ${reply.headers.vary}`);
  assert.is(reply.text, '');
});

system('invalid body -> 422 with the validation body and Precognition: true', async () => {
  const reply = await http.send('POST', '/api/system?action=echo', { json: {}, headers: PRECOG });
  assert.is(reply.status, 422);
  assert.is(reply.headers.precognition, 'true');
  assert.is(reply.headers['precognition-success'], undefined);
  assert.ok(varyHasPrecognition(reply));
  assert.equal(reply.body, { message: REQUIRED, errors: { message: [REQUIRED] } });
});

system('a normal (non-precognitive) request to echo also varies on Precognition', async () => {
  const reply = await http.send('POST', '/api/system?action=echo', { json: { message: 'hi' } });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message: 'hi' });
  assert.ok(varyHasPrecognition(reply));
  assert.is(reply.headers.precognition, undefined);
});

system('a precognitive request to status (precognition false) -> 400 JSON with Precognition: true', async () => {
  const reply = await http.send('GET', '/api/system?action=status', { headers: PRECOG });
  assert.is(reply.status, 400);
  assert.is(reply.headers.precognition, 'true');
  assert.type(reply.body?.message, 'string');
  assert.ok(reply.body.message.length > 0);
});

system('a precognitive request for an unknown action -> 404 with Precognition: true', async () => {
  const reply = await http.send('POST', '/api/system?action=nope', { json: {}, headers: PRECOG });
  assert.is(reply.status, 404);
  assert.is(reply.headers.precognition, 'true');
  assert.type(reply.body?.message, 'string');
});

system('a precognitive request to an unknown path -> 404 with Precognition: true', async () => {
  const reply = await http.send('POST', '/api/nowhere?action=echo', { json: {}, headers: PRECOG });
  assert.is(reply.status, 404);
  assert.is(reply.headers.precognition, 'true');
});

system('a precognitive request with a wrong method for the action -> 405 with Precognition: true', async () => {
  const reply = await http.send('GET', '/api/system?action=echo', { headers: PRECOG });
  assert.is(reply.status, 405);
  assert.is(reply.headers.allow, 'POST');
  assert.is(reply.headers.precognition, 'true');
});

system('a precognitive request with a method outside the route -> 405 with Precognition: true', async () => {
  const reply = await http.send('PUT', '/api/system?action=echo', { json: { message: 'x' }, headers: PRECOG });
  assert.is(reply.status, 405);
  assert.is(reply.headers.precognition, 'true');
});

system('a precognitive request with malformed JSON -> 400 with Precognition: true', async () => {
  const reply = await http.send('POST', '/api/system?action=echo', {
    body: '{"message":',
    headers: { ...PRECOG, 'content-type': 'application/json' },
  });
  assert.is(reply.status, 400);
  assert.is(reply.headers.precognition, 'true');
});

system.run();

// ---------------------------------------------------------------------------
const handlers = suite('precognition never runs the handler');

handlers.before(async () => {
  Router.flushMacros();
  runs = {};
  const app = new Application().withRouting({
    api: (router) => void router.svc('/count', CountingController, ['GET', 'POST']),
  });
  http = await start(app);
});
handlers.after(async () => {
  await http?.close();
});

handlers('valid precognitive request: 204 and the handler did not run', async () => {
  const reply = await http.send('POST', '/api/count?action=echo', { json: { message: 'hi' }, headers: PRECOG });
  assert.is(reply.status, 204);
  assert.is(runs.echo, undefined);
});

handlers('invalid precognitive request: 422 and the handler did not run', async () => {
  const reply = await http.send('POST', '/api/count?action=echo', { json: { message: 5 }, headers: PRECOG });
  assert.is(reply.status, 422);
  assert.is(reply.headers.precognition, 'true');
  assert.is(runs.echo, undefined);
});

handlers('the same request without the header runs the handler', async () => {
  const reply = await http.send('POST', '/api/count?action=echo', { json: { message: 'hi' } });
  assert.is(reply.status, 200);
  assert.is(runs.echo, 1);
});

handlers('only the exact value "true" is precognitive', async () => {
  for (const value of ['false', '1', 'TRUE', 'yes']) {
    const before = runs.echo ?? 0;
    const reply = await http.send('POST', '/api/count?action=echo', { json: { message: 'hi' }, headers: { precognition: value } });
    assert.is(reply.status, 200, `Precognition: ${value}`);
    assert.is(runs.echo, before + 1, `Precognition: ${value} runs the handler`);
  }
});

handlers('precognitive request to an action without precognition: 400, handler not run (GET and POST)', async () => {
  const get = await http.send('GET', '/api/count?action=status', { headers: PRECOG });
  assert.is(get.status, 400);
  assert.is(get.headers.precognition, 'true');
  const post = await http.send('POST', '/api/count?action=status', { json: {}, headers: PRECOG });
  assert.is(post.status, 400);
  assert.is(runs.status, undefined);
});

handlers('authorize() false on a precognitive request -> 403 with Precognition: true, handler not run', async () => {
  const reply = await http.send('POST', '/api/count?action=denied', { json: {}, headers: PRECOG });
  assert.is(reply.status, 403);
  assert.equal(reply.body, { message: 'This action is unauthorized.' });
  assert.is(reply.headers.precognition, 'true');
  assert.is(runs.denied, undefined);
});

handlers('Precognition-Validate-Only limits validation to the listed fields', async () => {
  const only = await http.send('POST', '/api/count?action=two', {
    json: { message: 'hi' },
    headers: { ...PRECOG, 'precognition-validate-only': 'message' },
  });
  assert.is(only.status, 204, only.text);
  assert.is(only.headers['precognition-success'], 'true');
  const failing = await http.send('POST', '/api/count?action=two', {
    json: {},
    headers: { ...PRECOG, 'precognition-validate-only': 'title' },
  });
  assert.is(failing.status, 422);
  assert.equal(failing.body.errors, { title: ['The title field is required.'] });
  assert.is(runs.two, undefined);
});

handlers.run();
