import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'undici';
import { Action, ActionController, Application, type HttpRequest } from '../../src/index.js';

class Throws extends Action {
  handle(): never {
    throw new TypeError('secret detail');
  }
}
class Rejects extends Action {
  async handle() {
    throw new RangeError('secret detail');
  }
}
class Cycle extends Action {
  handle() {
    const value: Record<string, unknown> = {};
    value.self = value;
    return value;
  }
}
class Big extends Action {
  handle() {
    return { n: 10n };
  }
}
class WritesTwice extends Action {
  handle(request: HttpRequest) {
    request.res.writeHead(200, { 'content-type': 'application/json' });
    request.res.end('{"direct":true}');
    request.res.end('{"again":true}');
    return { ignored: true };
  }
}
class WritesAfterEnd extends Action {
  handle(request: HttpRequest) {
    request.res.end('{"direct":true}');
    request.res.write('more');
    return { ignored: true };
  }
}
class ThrowsString extends Action {
  handle(): never {
    throw 'a string';
  }
}
class Status extends Action {
  handle() {
    return { status: 'ok' };
  }
}

class FaultController extends ActionController {
  actions = {
    throws: Throws,
    rejects: Rejects,
    cycle: Cycle,
    big: Big,
    'writes-twice': WritesTwice,
    'writes-after-end': WritesAfterEnd,
    'throws-string': ThrowsString,
    status: Status,
  };
}

const test = suite('handler faults');

test('each fault gives one 500 without details, is reported, and the server keeps serving', async () => {
  const reported: unknown[] = [];
  const app = new Application({ report: (error) => reported.push(error) }).withRouting({
    api: (router) => {
      router.svc('/faults', FaultController, ['GET']);
    },
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const get = async (action: string) => {
    const response = await request(`http://127.0.0.1:${port}/api/faults?action=${action}`);
    return { status: response.statusCode, text: await response.body.text() };
  };
  try {
    for (const action of ['throws', 'rejects', 'cycle', 'big', 'throws-string']) {
      const reply = await get(action);
      assert.is(reply.status, 500, action);
      assert.is(reply.text, '{"message":"Server Error"}', action);
    }
    assert.is(reported.length, 5);
    for (const action of ['writes-twice', 'writes-after-end']) {
      const reply = await get(action);
      assert.is(reply.status, 200, action);
      assert.is(reply.text, '{"direct":true}', action);
    }
    const after = await get('status');
    assert.is(after.status, 200);
    assert.is(after.text, '{"status":"ok"}');
  } finally {
    await app.close();
  }
});

test.run();
