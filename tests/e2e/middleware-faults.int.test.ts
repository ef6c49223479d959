import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, type MiddlewareFunction, type Next, type HttpRequest } from '../../src/index.js';
import { rawExchange } from '../hardening/raw-socket.js';

class Status extends Action {
  handle() {
    return { status: 'ok' };
  }
}
class Controller extends ActionController {
  actions = { status: Status };
}

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

const test = suite('middleware that forgets to return');

test('global and route middleware without return: 500 per request, reported, the process goes on', async () => {
  const reported: unknown[] = [];
  const globalForgets = (async (request, next) => {
    if (request.pathInfo.endsWith('/global')) await next(request);
    else return next(request);
  }) as MiddlewareFunction;
  const routeForgets = ((request: HttpRequest, next: Next) => {
    void next(request);
  }) as unknown as MiddlewareFunction;
  const app = new Application({ report: (error) => reported.push(error) }).use(globalForgets).withRouting({
    api: (router) => {
      router.svc('/global', Controller, ['GET']);
      router.svc('/route', Controller, ['GET']).middleware(routeForgets);
      router.svc('/fine', Controller, ['GET']);
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    for (const path of ['/api/global?action=status', '/api/route?action=status']) {
      const reply = await rawExchange(port, GET(path));
      assert.is(reply.status, 500, path);
      assert.equal(JSON.parse(reply.body), { message: 'Server Error' });
    }
    assert.is(reported.length, 2);
    const fine = await rawExchange(port, GET('/api/fine?action=status'));
    assert.is(fine.status, 200);
  } finally {
    await app.close();
  }
});

test.run();
