import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:net';
import { Action, ActionController, Application, LogicException } from '../src/index.js';

class Status extends Action {
  handle() {
    return { status: 'ok' };
  }
}
class StatusController extends ActionController {
  actions = { status: Status };
}

const test = suite('application: boot, listen and close');

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

test('boot seals the routes: route middleware, routes and global middleware added after it are LogicExceptions', () => {
  let router: import('../src/index.js').Router | undefined;
  const app = new Application().withRouting({
    api: (r) => {
      router = r;
      r.svc('/system', StatusController, ['GET']);
    },
  });
  app.boot();
  const route = router!.routes()[0]!;
  assert.throws(
    () => route.middleware('signed'),
    (error: unknown) => error instanceof LogicException,
  );
  assert.throws(
    () => router!.svc('/late', StatusController, ['GET']),
    (error: unknown) => error instanceof LogicException,
  );
  assert.throws(
    () => app.use(() => undefined as never),
    (error: unknown) => error instanceof LogicException,
  );
});

test('each middleware class is constructed once, at boot, however many requests it serves', async () => {
  let constructed = 0;
  class Counting {
    constructor() {
      constructed++;
    }
    handle(request: import('../src/index.js').HttpRequest, next: import('../src/index.js').Next) {
      return next(request);
    }
  }
  const app = new Application()
    .aliasMiddleware('counting', Counting)
    .withRouting({ api: (r) => void r.svc('/system', StatusController, ['GET']).middleware('counting', Counting) });
  app.boot();
  assert.is(constructed, 1, 'one instance, made at boot, though two places use it');
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    for (let i = 0; i < 3; i++) assert.is((await fetch(`http://127.0.0.1:${port}/api/system?action=status`)).status, 200);
    assert.is(constructed, 1);
  } finally {
    await app.close();
  }
});

test.run();
