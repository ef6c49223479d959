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

test.run();
