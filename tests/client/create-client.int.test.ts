import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ClientError,
  Forbidden,
  StatusError,
  MethodNotAllowed,
  NetworkError,
  NotFound,
  TooManyRequests,
  Unauthenticated,
  ValidationFailed,
  createClient,
  isValidationFailed,
  type FetchLike,
} from '../../src/client/index.js';
import { createSystemApp } from '../../examples/system/app.js';
import type { Api } from '../../examples/system/routes/api.js';
import { createShopApp, type ShopApi } from './app.js';

/**
 * The typed client in Node against real servers on free ports: the example
 * application (`/api/system`) and the shop (`tests/client/app.ts`). Every
 * call goes over a socket through the global fetch; a recording fetch shows
 * what went on the wire.
 */
const test = suite('switchyard-http/client against real servers');

const example = createSystemApp();
const shop = createShopApp();
let exampleBase = '';
let shopBase = '';

/** The requests the client made, as fetch saw them. */
const sent: { url: string; method: string; headers: Record<string, string>; body?: string | undefined }[] = [];
const recording: FetchLike = (url, init) => {
  sent.push({ url, method: init.method, headers: init.headers, body: init.body });
  return fetch(url, init);
};

test.before(async () => {
  exampleBase = `http://127.0.0.1:${(await example.listen(0, '127.0.0.1')).port}/api`;
  shopBase = `http://127.0.0.1:${(await shop.listen(0, '127.0.0.1')).port}/api`;
});

test.after(async () => {
  await Promise.all([example.close(), shop.close()]);
});

test.before.each(() => {
  sent.length = 0;
});

const system = () => createClient<Api>({ baseUrl: exampleBase, fetch: recording });
const shopClient = () => createClient<ShopApi>({ baseUrl: `${shopBase}/`, fetch: recording });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

test('the example: status is a GET without a body, echo a JSON POST; both return the parsed answer', async () => {
  const api = system();
  assert.equal(await api.system.status(), { status: 'ok' });
  const echoed = await api.system.echo({ message: 'hello' });
  assert.equal(echoed, { message: 'hello' });
  assert.is(sent[0]!.method, 'GET');
  assert.is(sent[0]!.url, `${exampleBase}/system?action=status`);
  assert.is(sent[0]!.body, undefined);
  assert.is(sent[1]!.method, 'POST');
  assert.is(sent[1]!.url, `${exampleBase}/system?action=echo`);
  assert.is(sent[1]!.headers['content-type'], 'application/json');
  assert.is(sent[1]!.headers['accept'], 'application/json');
  assert.is(sent[1]!.body, '{"message":"hello"}');
});

test('a 422 is a ValidationFailed with the errors keyed by field', async () => {
  const api = system();
  const error = await rejection(api.system.echo({ message: 'x'.repeat(256) }));
  assert.instance(error, ValidationFailed);
  assert.instance(error, StatusError);
  assert.instance(error, ClientError);
  const failed = error as ValidationFailed<'message'>;
  assert.is(failed.status, 422);
  assert.is(failed.name, 'ValidationFailed');
  assert.is(failed.endpoint, 'system.echo');
  assert.is(failed.message, 'The message field must not be greater than 255 characters.');
  assert.equal(failed.errors, { message: ['The message field must not be greater than 255 characters.'] });
  assert.ok(isValidationFailed(error, api.system.echo));
  assert.not.ok(isValidationFailed(error, api.system.status), 'the guard checks the action');
  assert.not.ok(isValidationFailed(new Error('x')));
});

test('validate sends a prediction: {} on the 204 success, the field errors on a 422; handle never runs', async () => {
  const api = system();
  assert.equal(await api.system.echo.validate({ message: 'fine' }), {});
  assert.equal(await api.system.echo.validate({ message: '' }), { message: ['The message field is required.'] });
  assert.is(sent[0]!.method, 'POST');
  assert.is(sent[0]!.headers['precognition'], 'true');
  assert.is(sent[0]!.headers['precognition-validate-only'], undefined);
});

test('validate with only: Precognition-Validate-Only lists the fields, and only they are reported', async () => {
  const api = shopClient();
  const input = { customer: '', size: 's' as const, items: [{ sku: 'a', qty: 0 }], address: { city: '' } };
  const all = await api.shop.place.validate(input);
  assert.equal(Object.keys(all).sort(), ['address.city', 'customer', 'items.0.qty']);
  const some = await api.shop.place.validate(input, { only: ['customer', 'items.*.qty'] });
  assert.equal(some, { customer: ['The customer field is required.'], 'items.0.qty': ['The items.0.qty field must be at least 1.'] });
  assert.is(sent[1]!.headers['precognition-validate-only'], 'customer,items.*.qty');
});

test('the shop: nested input in, the typed answer out', async () => {
  const api = shopClient();
  const placed = await api.shop.place({
    customer: 'Ada',
    size: 'm',
    express: true,
    items: [{ sku: 'tea', qty: 2 }],
    address: { city: 'Leeds' },
  });
  assert.equal(placed, {
    id: 7,
    order: { customer: 'Ada', size: 'm', express: true, items: [{ sku: 'tea', qty: 2 }], address: { city: 'Leeds' } },
  });
  assert.is(sent[0]!.url, `${shopBase}/shop?action=place`, 'a trailing slash on baseUrl is dropped');
});

test('a GET action with a form request gets its input in the query string, in bracket form', async () => {
  const api = shopClient();
  const found = await api.shop.search({ q: 'green tea', page: 2, exact: false, tags: ['a&b', 'c'] }, { method: 'GET' });
  assert.equal(found, { query: { q: 'green tea', page: '2', exact: '0', tags: ['a&b', 'c'] } });
  assert.is(sent[0]!.url, `${shopBase}/shop?action=search&q=green%20tea&page=2&exact=0&tags%5B0%5D=a%26b&tags%5B1%5D=c`);
  assert.is(sent[0]!.body, undefined);
  assert.equal(await api.shop.search.validate({ q: '' }, { method: 'GET' }), { q: ['The q field is required.'] });
});

test('an action without a form request: GET without input, a JsonResponse body; a 204 is undefined', async () => {
  const api = shopClient();
  assert.equal(await api.shop.ping(), { pong: true, query: { action: 'ping' } });
  assert.equal(await api.shop.ping({ page: 3 }, { method: 'GET' }), { pong: true, query: { action: 'ping', page: '3' } });
  assert.is(await api.shop.clear(undefined, { method: 'DELETE' }), undefined);
});

test('403, 404, 405 and 401 are their own classes, with the server message', async () => {
  const api = shopClient();
  const forbidden = await rejection(api.shop.refuse({}));
  assert.instance(forbidden, Forbidden);
  assert.is((forbidden as Forbidden).status, 403);
  assert.is((forbidden as Forbidden).message, 'This action is unauthorized.');
  assert.equal((forbidden as Forbidden).body, { message: 'This action is unauthorized.' });

  const unknown = api.shop as unknown as Record<string, () => Promise<unknown>>;
  const missing = await rejection(unknown['nope']!());
  assert.instance(missing, NotFound);
  assert.is((missing as NotFound).message, 'The action does not exist.');
  assert.is((missing as NotFound).endpoint, 'shop.nope');

  const wrongMethod = await rejection(api.shop.ping(undefined, { method: 'DELETE' }));
  assert.instance(wrongMethod, MethodNotAllowed);
  assert.equal((wrongMethod as MethodNotAllowed).allow, ['GET', 'HEAD']);

  const anonymous = await rejection(api.private.status());
  assert.instance(anonymous, Unauthenticated);
  const withToken = createClient<ShopApi>({ baseUrl: shopBase, headers: () => ({ Authorization: 'Bearer secret' }) });
  assert.equal(await withToken.private.status(), { status: 'ok' });
});

test('429 is TooManyRequests with Retry-After', async () => {
  const api = shopClient();
  await api.limited.status();
  await api.limited.status();
  const limited = await rejection(api.limited.status());
  assert.instance(limited, TooManyRequests);
  assert.is((limited as TooManyRequests).message, 'Too Many Attempts.');
  const wait = (limited as TooManyRequests).retryAfter;
  assert.ok(wait !== undefined && wait > 0 && wait <= 60, `Retry-After ${wait}`);
});

test('a prediction for an action without Precognition is the server 400, thrown', async () => {
  const api = shopClient();
  const error = await rejection(api.shop.refuse.validate({}));
  assert.instance(error, StatusError);
  assert.is((error as StatusError).status, 400);
  assert.is((error as StatusError).message, 'This action does not support precognitive requests.');
});

test('a prediction answered without the Precognition header is refused, never read as success', async () => {
  // A server that does not speak Precognition runs the handler and answers 204.
  const plain: Server = createServer((_request, response) => response.writeHead(204).end());
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  try {
    const api = createClient<Api>({ baseUrl: `http://127.0.0.1:${(plain.address() as AddressInfo).port}` });
    const error = await rejection(api.system.echo.validate({ message: 'x' }));
    assert.instance(error, StatusError);
    assert.is((error as StatusError).message, 'The server did not answer as a Precognition prediction.');
  } finally {
    await new Promise((resolve) => plain.close(resolve));
  }
});

test('no answer at all is a NetworkError, with the cause', async () => {
  const closed: Server = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const api = createClient<Api>({ baseUrl: `http://127.0.0.1:${port}/api` });
  const error = await rejection(api.system.status());
  assert.instance(error, NetworkError);
  assert.instance(error, ClientError);
  assert.not.instance(error, StatusError);
  assert.is((error as NetworkError).endpoint, 'system.status');
  assert.ok((error as NetworkError).cause instanceof Error);
});

test('an answer that is not JSON is an StatusError with the text as body', async () => {
  const api = createClient<Api>({
    baseUrl: 'http://x',
    fetch: async () => ({ status: 200, headers: { get: () => null }, text: async () => '<html>' }),
  });
  const error = await rejection(api.system.status());
  assert.instance(error, StatusError);
  assert.is((error as StatusError).status, 200);
  assert.is((error as StatusError).body, '<html>');
});

test('a 422 prediction without an errors object is thrown, never read as valid', async () => {
  const api = createClient<Api>({
    baseUrl: 'http://x',
    fetch: async () => ({ status: 422, headers: { get: (name) => (name === 'precognition' ? 'true' : null) }, text: async () => '' }),
  });
  const error = await rejection(api.system.echo.validate({ message: 'x' }));
  assert.instance(error, ValidationFailed);
  assert.equal((error as ValidationFailed).errors, {});
});

test("the caller's abort is thrown as it is", async () => {
  const api = system();
  const controller = new AbortController();
  controller.abort();
  const error = await rejection(api.system.status(undefined, { signal: controller.signal }));
  assert.not.instance(error, ClientError);
  assert.is((error as Error).name, 'AbortError');
});

test('paths, actionKey and the default action: the URL is built from the names', async () => {
  const urls: string[] = [];
  const api = createClient<Api>({
    baseUrl: 'https://api.example.com/v2',
    paths: { system: 'sys' },
    actionKey: 'op',
    fetch: async (url) => {
      urls.push(url);
      return { status: 204, headers: { get: () => null }, text: async () => '' };
    },
  });
  await api.system.status();
  await (api.system as unknown as Record<string, () => Promise<unknown>>)['/']!();
  await (api.system as unknown as Record<string, () => Promise<unknown>>)['user.create']!();
  assert.equal(urls, [
    'https://api.example.com/v2/sys?op=status',
    'https://api.example.com/v2/sys',
    'https://api.example.com/v2/sys?op=user.create',
  ]);
  assert.is(api.system.echo, api.system.echo, 'each action is one function');
  assert.is((api as unknown as { then?: unknown }).then, undefined, 'the client is not a thenable');
  assert.throws(() => createClient<Api>({} as { baseUrl: string }), /give the baseUrl/);
});

test.run();
