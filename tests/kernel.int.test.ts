import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, json } from '../src/index.js';
import { client } from './helpers/http.js';

class Status extends Action {
  handle() {
    return { status: 'ok' };
  }
}
class StatusController extends ActionController {
  actions = { status: Status };
}

const test = suite('kernel: timeouts and shared responses');

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
