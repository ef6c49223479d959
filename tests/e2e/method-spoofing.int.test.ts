/**
 * Method spoofing over real sockets, as Laravel (Symfony's `getMethod()` with
 * `enableHttpMethodParameterOverride`): a POST's `_method` (form or JSON body,
 * then the query) or `X-HTTP-Method-Override` header is the method routing,
 * the action's method guard, middleware and the handler see; a name that is
 * not a method is a 400; other methods are never overridden.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, json, type HttpRequest } from '../../src/index.js';
import { serve } from '../helpers/apps.js';

class UpdateRequest extends FormRequest {
  override rules() {
    return { name: 'required|string' };
  }
}

class UpdateItem extends Action {
  override methods = ['PUT'];
  static override formRequest = UpdateRequest;
  handle(form: UpdateRequest) {
    return { method: form.method(), name: form.validated().name };
  }
}

class ShowItem extends Action {
  override methods = ['GET', 'POST'];
  handle(request: HttpRequest) {
    return { method: request.method() };
  }
}

class ItemsController extends ActionController {
  override actions = { update: UpdateItem, show: ShowItem };
}

const test = suite('method spoofing: _method and X-HTTP-Method-Override on POST');
const served = serve(test, () =>
  new Application().withRouting({
    api: (router) => {
      router.svc('/items', ItemsController, ['GET', 'POST', 'PUT']).middleware((request, next) =>
        Promise.resolve(next(request)).then((response) => {
          response.headers['x-seen-method'] = request.method();
          return response;
        }),
      );
      router.addRoute(['PUT'], '/plain', async (request) => json({ method: request.method() }));
      router.addRoute(['POST'], '/raw-query', async (request) => json({ method: request.method(), query: request.rawQuery }));
    },
  }),
);

const send = (method: string, path: string, options?: Parameters<typeof served.http.send>[2]) => served.http.send(method, path, options);

test('a form body _method=PUT reaches a PUT-only action (method guard, route middleware and handler see PUT)', async () => {
  const reply = await send('POST', '/api/items?action=update', { form: '_method=PUT&name=box' });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { method: 'PUT', name: 'box' });
  assert.is(reply.headers['x-seen-method'], 'PUT');
});

test('a JSON body _method, any case: upper-cased', async () => {
  const reply = await send('POST', '/api/items?action=update', { json: { _method: 'put', name: 'box' } });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { method: 'PUT', name: 'box' });
});

test('_method in the query string of a POST counts when the body has none', async () => {
  const reply = await send('POST', '/api/items?action=update&_method=PUT', { json: { name: 'box' } });
  assert.is(reply.status, 200, reply.text);
  const body = await send('POST', '/api/items?action=update&_method=PUT', { json: { _method: 'POST', name: 'box' } });
  assert.is(body.status, 405, 'the body wins over the query');
});

test('the X-HTTP-Method-Override header, before the body', async () => {
  const reply = await send('POST', '/api/items?action=update', {
    json: { _method: 'DELETE', name: 'box' },
    headers: { 'x-http-method-override': 'put' },
  });
  assert.is(reply.status, 200, reply.text);
  assert.is(reply.body.method, 'PUT');
});

test("a spoofed method the action does not accept: 405 with the action's Allow", async () => {
  const reply = await send('POST', '/api/items?action=show', { form: '_method=PUT' });
  assert.is(reply.status, 405);
  assert.is(reply.headers['allow'], 'GET, HEAD, POST');
});

test("a spoofed method the route does not accept: 405 with the route's Allow, before selection", async () => {
  const reply = await send('POST', '/api/items?action=nope', { form: '_method=DELETE' });
  assert.is(reply.status, 405);
  assert.is(reply.headers['allow'], 'GET, HEAD, POST, PUT');
  const custom = await send('POST', '/api/items?action=show', { form: '_method=purge' });
  assert.is(custom.status, 405, 'PURGE is a method; this route has not got it');
});

test('a name that is not a method: 400 JSON, and the server keeps serving', async () => {
  for (const bad of ['FOO-BAR', '', 'P UT', 'ß', '0']) {
    const reply = await send('POST', '/api/items?action=show', { form: `_method=${encodeURIComponent(bad)}` });
    assert.is(reply.status, 400, `${JSON.stringify(bad)}: ${reply.text}`);
    assert.match(reply.body.message, /^Invalid method override/);
  }
  const header = await send('POST', '/api/items?action=show', { headers: { 'x-http-method-override': 'NOT/A/METHOD' } });
  assert.is(header.status, 400);
  assert.is((await send('POST', '/api/items?action=show')).status, 200);
});

test('a _method that is not a string is no override', async () => {
  const reply = await send('POST', '/api/items?action=show', { json: { _method: ['PUT'] } });
  assert.is(reply.status, 200);
  assert.is(reply.body.method, 'POST');
  const number = await send('POST', '/api/items?action=show', { json: { _method: 5 } });
  assert.is(number.body.method, 'POST');
});

test('only a POST is overridden: GET and PUT keep their method', async () => {
  const get = await send('GET', '/api/items?action=show&_method=PUT');
  assert.is(get.status, 200);
  assert.is(get.body.method, 'GET');
  const put = await send('PUT', '/api/items?action=update', { json: { _method: 'DELETE', name: 'x' } });
  assert.is(put.status, 200, put.text);
  assert.is(put.body.method, 'PUT');
});

test('a plain route: POST with _method=PUT reaches a PUT-only route; without it, 405', async () => {
  const spoofed = await send('POST', '/api/plain', { form: '_method=PUT' });
  assert.is(spoofed.status, 200, spoofed.text);
  assert.equal(spoofed.body, { method: 'PUT' });
  const plain = await send('POST', '/api/plain', { form: 'a=1' });
  assert.is(plain.status, 405);
});

test('looking for _method does not make a query the route never reads a 400: a malformed one still reaches the handler', async () => {
  const reply = await send('POST', '/api/raw-query?a=%zz', { form: 'b=1' });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { method: 'POST', query: 'a=%zz' });
});

test.run();
