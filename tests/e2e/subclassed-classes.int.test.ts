/**
 * Subclasses that add no constructor, over real sockets: a subclass of each
 * built-in middleware class (`ValidateSignature`, `ThrottleRequests`), of a
 * user action with injected dependencies and of a form request with injected
 * dependencies is built with its base class's dependencies, as the host
 * framework's container builds a class from its inherited constructor.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles, type HttpRequest, ValidateSignature } from '../../src/index.js';
import { ThrottleRequests } from '../../src/rate-limiting/index.js';
import { inject, injectable } from 'inversify';
import { AUTH_TOKENS, Authenticate } from '../../examples/auth/authenticate.js';
import type { Reply } from '../helpers/http.js';
import { freePort, serve } from '../helpers/apps.js';

const KEY = 'base64:' + Buffer.from('k'.repeat(32)).toString('base64');
const GREETING = Symbol('greeting');
const MAX_NAME = Symbol('max name');

/** The host framework's example: a `signed` middleware that never checks `utm_*` tracking parameters. */
class SignedIgnoringTracking extends ValidateSignature {
  protected override readonly ignore = ['utm_source'];
}

/** A user's middleware class (the bearer-token example), subclassed without a constructor. */
class AuthenticateApi extends Authenticate {}

/** Throttles per `X-Key` header instead of per IP. */
class ThrottlePerKey extends ThrottleRequests {
  protected override resolveRequestSignature(request: HttpRequest): string {
    return request.header('x-key') ?? '';
  }
}

@injectable()
class GreetAction extends Action {
  constructor(@inject(GREETING) protected readonly greeting: string) {
    super();
  }
  handle() {
    return { said: this.greeting };
  }
}

class ShoutAction extends GreetAction {
  override handle() {
    return { said: this.greeting.toUpperCase() };
  }
}

@injectable()
class NameRequest extends FormRequest {
  constructor(@inject(MAX_NAME) protected readonly max: number) {
    super();
  }
  override rules() {
    return { name: `required|string|max:${this.max}` };
  }
}

class ShortNameRequest extends NameRequest {
  override messages() {
    return { 'name.max': `At most ${this.max} characters.` };
  }
}

class NameAction extends Action {
  override methods = ['POST'];
  @handles()
  handle(request: ShortNameRequest) {
    return request.validated();
  }
}

class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

class Controller extends ActionController {
  override actions = { status: StatusAction, shout: ShoutAction, name: NameAction };
}

const reported: unknown[] = [];
let base = '';
let app: Application;
let port = 0;

const test = suite('subclasses that add no constructor');
const s = serve(
  test,
  async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = new Application({ app_key: KEY, app_url: base, report: (e) => void reported.push(e) });
    app.container.bind(GREETING).toConstantValue('hello');
    app.container.bind(MAX_NAME).toConstantValue(3);
    app.aliasMiddleware('signed-tracked', SignedIgnoringTracking);
    app.aliasMiddleware('throttle-key', ThrottlePerKey);
    app.container.bind(AUTH_TOKENS).toConstantValue({ 's3cr3t-token': 'ada' });
    app.aliasMiddleware('auth-api', AuthenticateApi);
    return app.withRouting({
      api: (router) => {
        router.svc('/signed', Controller, ['GET', 'POST']).name('signed').middleware('signed-tracked');
        router.svc('/throttled', Controller, ['GET', 'POST']).middleware('throttle-key:2,1');
        router.svc('/open', Controller, ['GET', 'POST']);
        router.svc('/private', Controller, ['GET', 'POST']).middleware('auth-api');
      },
    });
  },
  () => port,
);

test.after.each(() => {
  assert.equal(reported, [], 'nothing is a server error');
});

function path(url: string): string {
  return url.slice(base.length);
}

function assertReply(reply: Reply, status: number, body: unknown, label = ''): void {
  assert.is(reply.status, status, `${label} status (body: ${reply.text})`);
  assert.equal(reply.body, body, label);
}

test('a ValidateSignature subclass checks signatures and ignores its own parameters', async () => {
  const url = app.urlSigner.signedRoute('signed', { action: 'status' });
  assertReply(await s.http.send('GET', path(url)), 200, { status: 'ok' }, 'signed');
  assertReply(await s.http.send('GET', `${path(url)}&utm_source=mail`), 200, { status: 'ok' }, 'signed, tracked');
  assertReply(await s.http.send('GET', `${path(url)}&ref=mail`), 403, { message: 'Invalid signature.' }, 'another parameter');
  assertReply(await s.http.send('GET', '/api/signed?action=status'), 403, { message: 'Invalid signature.' }, 'unsigned');
});

test("a ThrottleRequests subclass counts with the application's limiter, by its own signature", async () => {
  const a = { headers: { 'x-key': 'a' } };
  assertReply(await s.http.send('GET', '/api/throttled?action=status', a), 200, { status: 'ok' }, 'first');
  const second = await s.http.send('GET', '/api/throttled?action=status', a);
  assertReply(second, 200, { status: 'ok' }, 'second');
  assert.is(second.headers['x-ratelimit-remaining'], '0');
  assertReply(await s.http.send('GET', '/api/throttled?action=status', a), 429, { message: 'Too Many Attempts.' }, 'third');
  assertReply(
    await s.http.send('GET', '/api/throttled?action=status', { headers: { 'x-key': 'b' } }),
    200,
    { status: 'ok' },
    'another key',
  );
});

test("a subclass of a user's middleware class gets its injected token table", async () => {
  assertReply(await s.http.send('GET', '/api/private?action=status'), 401, { message: 'Unauthenticated.' }, 'no token');
  const reply = await s.http.send('GET', '/api/private?action=status', { headers: { authorization: 'Bearer s3cr3t-token' } });
  assertReply(reply, 200, { status: 'ok' }, 'token');
});

test('an action subclass of a user action gets the injected dependencies', async () => {
  assertReply(await s.http.send('GET', '/api/open?action=shout'), 200, { said: 'HELLO' });
});

test('a form request subclass gets the injected dependencies, in its rules and messages', async () => {
  assertReply(await s.http.send('POST', '/api/open?action=name', { json: { name: 'Ada' } }), 200, { name: 'Ada' });
  assertReply(await s.http.send('POST', '/api/open?action=name', { json: { name: 'Grace' } }), 422, {
    message: 'At most 3 characters.',
    errors: { name: ['At most 3 characters.'] },
  });
});

test.run();
