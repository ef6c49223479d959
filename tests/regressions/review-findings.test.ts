import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:net';
import {
  Action,
  ActionController,
  Application,
  AuthenticationError,
  json,
  LogicException,
  UrlSigner,
  createContainer,
} from '../../src/index.js';
import { client } from '../helpers/http.js';

/** Regression tests, one per bug found in the code review of 2026-11-22. */

class Status extends Action {
  handle() {
    return { status: 'ok' };
  }
}
class StatusController extends ActionController {
  actions = { status: Status };
}

const denyAll = () => {
  throw new AuthenticationError();
};

const test = suite('regressions from the code review');

test('route middleware runs on routes added with addRoute (not only svc routes), directly and from groups', async () => {
  const app = new Application().aliasMiddleware('auth', denyAll).withRouting({
    api: (router) => {
      router.addRoute(['GET'], '/admin', async () => json({ secret: 42 })).middleware('auth');
      router.group({ middleware: ['auth'] }, (r) => {
        r.addRoute(['GET'], '/admin2', async () => json({ secret: 43 }));
      });
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const http = client(`http://127.0.0.1:${port}`);
  try {
    for (const path of ['/api/admin', '/api/admin2']) {
      const reply = await http.send('GET', path);
      assert.is(reply.status, 401, path);
      assert.equal(reply.body, { message: 'Unauthenticated.' });
    }
  } finally {
    await http.close();
    await app.close();
  }
});

test('an unknown route middleware alias fails at boot, not on the first request', () => {
  const app = new Application().withRouting({
    api: (router) => {
      router.svc('/system', StatusController, ['GET']).middleware('nosuch');
    },
  });
  try {
    app.boot();
    assert.unreachable('boot should throw');
  } catch (error) {
    assert.instance(error, LogicException);
    assert.match((error as Error).message, /nosuch/);
  }
});

test('a UrlSigner bound by the user is the one the application uses', () => {
  const mine = new UrlSigner({ key: 'user-key' }, () => undefined);
  const container = createContainer();
  container.bind(UrlSigner).toConstantValue(mine);
  const app = new Application({}, container);
  assert.is(app.urlSigner, mine);
});

test('an error thrown by a handler after handler_timeout is still reported', async () => {
  const reported: unknown[] = [];
  class Late extends Action {
    async handle() {
      await new Promise((resolve) => setTimeout(resolve, 120));
      throw new TypeError('late failure');
    }
  }
  class LateController extends ActionController {
    actions = { late: Late };
  }
  const app = new Application({ handler_timeout: 40, report: (error) => reported.push(error) }).withRouting({
    api: (router) => {
      router.svc('/late', LateController, ['GET']);
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const http = client(`http://127.0.0.1:${port}`);
  try {
    const reply = await http.send('GET', '/api/late?action=late');
    assert.is(reply.status, 503);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.is(reported.length, 1);
    assert.instance(reported[0], TypeError);
  } finally {
    await http.close();
    await app.close();
  }
});

test('close() after a failed listen() resolves', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as { port: number }).port;
  const app = new Application();
  try {
    await app.listen(port, '127.0.0.1').then(
      () => assert.unreachable('the port is taken'),
      (error: NodeJS.ErrnoException) => assert.is(error.code, 'EADDRINUSE'),
    );
    await app.close();
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test('a response object shared between requests does not keep headers of an earlier answer', async () => {
  const canned = json({ message: 'Slow down.' }, 429);
  const app = new Application().withRouting({
    api: (router) => {
      router.svc('/limited', StatusController, ['GET']).middleware(() => canned);
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const http = client(`http://127.0.0.1:${port}`);
  try {
    const predicted = await http.send('GET', '/api/limited?action=status', { headers: { precognition: 'true' } });
    assert.is(predicted.status, 429);
    assert.is(predicted.headers['precognition'], 'true');
    const plainReply = await http.send('GET', '/api/limited?action=status');
    assert.is(plainReply.status, 429);
    assert.is(plainReply.headers['precognition'], undefined, 'no precognition header on a normal request');
    assert.equal(canned.headers, {}, 'the shared response object is untouched');
  } finally {
    await http.close();
    await app.close();
  }
});

test.run();
