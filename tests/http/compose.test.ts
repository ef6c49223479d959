import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compose, type Handler } from '../../src/http/compose.js';
import { renderError } from '../../src/http/render-error.js';
import { JsonResponse } from '../../src/http/response.js';
import { NotFoundError, AuthorizationError } from '../../src/errors/http-error.js';
import type { HttpRequest } from '../../src/http/request.js';
import type { MiddlewareFunction } from '../../src/http/middleware.js';

function setup() {
  const reported: unknown[] = [];
  const render = (error: unknown) => renderError(error, (e) => reported.push(e));
  return { reported, render };
}

const fakeRequest = (tag: string) => ({ tag }) as unknown as HttpRequest;
const tagOf = (request: HttpRequest) => (request as unknown as { tag: string }).tag;

const test = suite('compose: the middleware pipeline');

test('middleware runs in order around the destination (onion order)', async () => {
  const { render } = setup();
  const log: string[] = [];
  const mw =
    (name: string): MiddlewareFunction =>
    async (request, next) => {
      log.push(`${name}:in`);
      const response = await next(request);
      log.push(`${name}:out`);
      return response;
    };
  const destination: Handler = async () => {
    log.push('destination');
    return new JsonResponse({ ok: true });
  };
  const handler = compose([mw('a'), mw('b'), mw('c')], destination, render);
  const response = await handler(fakeRequest('r'));
  assert.equal(log, ['a:in', 'b:in', 'c:in', 'destination', 'c:out', 'b:out', 'a:out']);
  assert.is(response.status, 200);
  assert.equal(response.body, { ok: true });
});

test('no middleware: the destination answers', async () => {
  const { render } = setup();
  const handler = compose([], async () => new JsonResponse({ only: 'destination' }, 201), render);
  const response = await handler(fakeRequest('r'));
  assert.is(response.status, 201);
  assert.equal(response.body, { only: 'destination' });
});

test('a middleware that does not call next() short-circuits the rest', async () => {
  const { render } = setup();
  const log: string[] = [];
  const guard: MiddlewareFunction = () => {
    log.push('guard');
    return new JsonResponse({ message: 'Unauthenticated.' }, 401);
  };
  const later: MiddlewareFunction = (request, next) => {
    log.push('later');
    return next(request);
  };
  const destination: Handler = async () => {
    log.push('destination');
    return new JsonResponse({});
  };
  const response = await compose([guard, later], destination, render)(fakeRequest('r'));
  assert.is(response.status, 401);
  assert.equal(response.body, { message: 'Unauthenticated.' });
  assert.equal(log, ['guard']);
});

test('an outer middleware sees and can change the short-circuited response', async () => {
  const { render } = setup();
  const outer: MiddlewareFunction = async (request, next) => (await next(request)).header('X-Outer', 'seen');
  const guard: MiddlewareFunction = () => new JsonResponse({ message: 'no' }, 403);
  const response = await compose([outer, guard], async () => new JsonResponse({}), render)(fakeRequest('r'));
  assert.is(response.status, 403);
  assert.is(response.headers['x-outer'], 'seen');
});

test('a middleware can modify the response on the way out', async () => {
  const { render } = setup();
  const addHeader: MiddlewareFunction = async (request, next) => {
    const response = await next(request);
    response.header('X-Request-Id', 'abc');
    return response;
  };
  const wrap: MiddlewareFunction = async (request, next) => {
    const response = await next(request);
    return new JsonResponse({ data: response.body }, 202, response.headers);
  };
  const response = await compose([addHeader, wrap], async () => new JsonResponse({ v: 1 }), render)(fakeRequest('r'));
  assert.is(response.status, 202);
  assert.equal(response.body, { data: { v: 1 } });
  assert.is(response.headers['x-request-id'], 'abc');
});

test('a middleware may pass a different request to next()', async () => {
  const { render } = setup();
  const swap: MiddlewareFunction = (_request, next) => next(fakeRequest('replaced'));
  let seen = '';
  const destination: Handler = async (request) => {
    seen = tagOf(request);
    return new JsonResponse({});
  };
  await compose([swap], destination, render)(fakeRequest('original'));
  assert.is(seen, 'replaced');
});

test('a synchronous middleware result works', async () => {
  const { render } = setup();
  const sync: MiddlewareFunction = () => new JsonResponse({ sync: true }, 200);
  const response = await compose([sync], async () => new JsonResponse({}), render)(fakeRequest('r'));
  assert.equal(response.body, { sync: true });
});

test('an HttpError thrown by the destination reaches middleware as a rendered response', async () => {
  const { render, reported } = setup();
  let seen: JsonResponse | undefined;
  const observe: MiddlewareFunction = async (request, next) => {
    seen = await next(request);
    return seen.header('x-observed', '1');
  };
  const destination: Handler = async () => {
    throw new NotFoundError('The action does not exist.');
  };
  const response = await compose([observe], destination, render)(fakeRequest('r'));
  assert.ok(seen, 'the middleware got a response from next()');
  assert.is(seen!.status, 404);
  assert.equal(seen!.body, { message: 'The action does not exist.' });
  assert.is(response.status, 404);
  assert.is(response.headers['x-observed'], '1');
  assert.is(reported.length, 0, 'HTTP errors are not reported');
});

test('an unexpected error downstream becomes a 500 the middleware can see, and is reported', async () => {
  const { render, reported } = setup();
  let status = 0;
  const observe: MiddlewareFunction = async (request, next) => {
    const response = await next(request);
    status = response.status;
    return response;
  };
  const boom = new Error('database is down');
  const response = await compose([observe], async () => Promise.reject(boom), render)(fakeRequest('r'));
  assert.is(status, 500);
  assert.is(response.status, 500);
  assert.equal(response.body, { message: 'Server Error' });
  assert.equal(reported, [boom]);
});

test('an error thrown by an inner middleware reaches the outer one as a response', async () => {
  const { render } = setup();
  let seenStatus = 0;
  const outer: MiddlewareFunction = async (request, next) => {
    const response = await next(request);
    seenStatus = response.status;
    return response;
  };
  const inner: MiddlewareFunction = () => {
    throw new AuthorizationError();
  };
  const response = await compose([outer, inner], async () => new JsonResponse({}), render)(fakeRequest('r'));
  assert.is(seenStatus, 403);
  assert.equal(response.body, { message: 'This action is unauthorized.' });
});

test('an error thrown by the outermost middleware is rendered too', async () => {
  const { render, reported } = setup();
  const broken: MiddlewareFunction = () => {
    throw new TypeError('oops');
  };
  const response = await compose([broken], async () => new JsonResponse({}), render)(fakeRequest('r'));
  assert.is(response.status, 500);
  assert.equal(response.body, { message: 'Server Error' });
  assert.is(reported.length, 1);
});

test('calling next() twice in one middleware is a 500', async () => {
  const { render, reported } = setup();
  let runs = 0;
  const twice: MiddlewareFunction = async (request, next) => {
    await next(request);
    return next(request);
  };
  const destination: Handler = async () => {
    runs++;
    return new JsonResponse({ ok: true });
  };
  const response = await compose([twice], destination, render)(fakeRequest('r'));
  assert.is(response.status, 500);
  assert.equal(response.body, { message: 'Server Error' });
  assert.is(runs, 1, 'the destination ran once');
  assert.is(reported.length, 1);
  assert.match(String((reported[0] as Error).message), /next\(\) was called more than once/);
});

test('calling next() twice in an outer middleware, after an inner one, is a 500', async () => {
  const { render } = setup();
  let runs = 0;
  const twice: MiddlewareFunction = async (request, next) => {
    await next(request);
    return next(request);
  };
  const pass: MiddlewareFunction = (request, next) => next(request);
  const destination: Handler = async () => {
    runs++;
    return new JsonResponse({});
  };
  const response = await compose([twice, pass], destination, render)(fakeRequest('r'));
  assert.is(response.status, 500);
  assert.is(runs, 1);
});

test('each request gets a fresh pipeline state (no cross-request "called twice")', async () => {
  const { render } = setup();
  const pass: MiddlewareFunction = (request, next) => next(request);
  const handler = compose([pass, pass], async () => new JsonResponse({ ok: true }), render);
  const responses = await Promise.all([handler(fakeRequest('1')), handler(fakeRequest('2')), handler(fakeRequest('3'))]);
  assert.equal(
    responses.map((r) => r.status),
    [200, 200, 200],
  );
});

test('the middleware list is copied: adding to it later changes nothing', async () => {
  const { render } = setup();
  const pass: MiddlewareFunction = (request, next) => next(request);
  const list: MiddlewareFunction[] = [pass];
  const handler = compose(list, async () => new JsonResponse({ ok: true }), render);
  list.push(() => new JsonResponse({}, 418));
  assert.is((await handler(fakeRequest('r'))).status, 200);
});

test('a middleware that forgets to return is one 500, reported with its name (not a crash)', async () => {
  const { render, reported } = setup();
  const forgetful: MiddlewareFunction = async function forgetsToReturn(
    request: HttpRequest,
    next: (r: HttpRequest) => Promise<JsonResponse>,
  ) {
    await next(request);
  } as unknown as MiddlewareFunction;
  const response = await compose([forgetful], async () => new JsonResponse({ ok: true }), render)(fakeRequest('r'));
  assert.is(response.status, 500);
  assert.equal(response.body, { message: 'Server Error' });
  assert.is(reported.length, 1);
  assert.match(String((reported[0] as Error).message), /forgetsToReturn/);
});

test('an outer middleware sees the 500 of an inner one that forgot to return', async () => {
  const { render } = setup();
  let seen = 0;
  const outer: MiddlewareFunction = async (request, next) => {
    const response = await next(request);
    seen = response.status;
    return response;
  };
  const inner = ((request: HttpRequest, next: (r: HttpRequest) => Promise<JsonResponse>) => {
    void next(request);
  }) as unknown as MiddlewareFunction;
  const response = await compose([outer, inner], async () => new JsonResponse({ ok: true }), render)(fakeRequest('r'));
  assert.is(seen, 500);
  assert.is(response.status, 500);
});

test.run();
