/**
 * An action's declared response (`static response`, a JSON Schema of its 200
 * body) is compiled once at registration and writes the answer: only the
 * declared fields leave, a value without a required field is one reported
 * 500, and an action that declares none answers with JSON.stringify as before.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, json, LogicException } from '../../src/index.js';
import { thrown } from '../helpers/plain.js';

class ProfileAction extends Action {
  static response = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
    required: ['id', 'name'],
  };
  handle() {
    return { id: 7, name: 'Ada', passwordHash: '$2y$10$secret' };
  }
}
class BrokenProfileAction extends Action {
  static response = ProfileAction.response;
  handle() {
    return { name: 'no id' };
  }
}
class CreatedAction extends Action {
  static response = ProfileAction.response;
  handle() {
    return json({ id: 1, name: 'x', extra: true }, 201);
  }
}
class FreeAction extends Action {
  handle() {
    return { anything: [1, 'two'], nested: { deep: true } };
  }
}
class Controller extends ActionController {
  actions = { profile: ProfileAction, broken: BrokenProfileAction, created: CreatedAction, free: FreeAction };
}

const reported: unknown[] = [];
function app(): Application {
  return new Application({ report: (error) => reported.push(error) }).withRouting({
    api: (router) => void router.svc('/users', Controller, ['GET']),
  });
}

const declared = suite('declared responses');

declared('only the declared fields are sent: a field the handler did not mean to send never leaves', async () => {
  const reply = await app().inject({ method: 'GET', url: '/api/users?action=profile' });
  assert.is(reply.statusCode, 200);
  assert.is(reply.body, '{"id":7,"name":"Ada"}');
  assert.match(reply.headers['content-type'] as string, /^application\/json/);
});

declared('a value without a required field is one reported 500, not a partial answer', async () => {
  reported.length = 0;
  const reply = await app().inject({ method: 'GET', url: '/api/users?action=broken' });
  assert.is(reply.statusCode, 500);
  assert.equal(reply.json(), { message: 'Server Error' });
  assert.is(reported.length, 1);
});

declared('a JsonResponse the handler builds itself, and an action without a declared response, are written as they are', async () => {
  const created = await app().inject({ method: 'GET', url: '/api/users?action=created' });
  assert.is(created.statusCode, 201);
  assert.equal(created.json(), { id: 1, name: 'x', extra: true });
  const free = await app().inject({ method: 'GET', url: '/api/users?action=free' });
  assert.equal(free.json(), { anything: [1, 'two'], nested: { deep: true } });
});

declared('a response schema that cannot be compiled is refused at registration', () => {
  class Bad extends Action {
    static response = { type: 'object', properties: { x: { $ref: '#/nowhere' } } };
    handle() {
      return {};
    }
  }
  class BadController extends ActionController {
    actions = { bad: Bad };
  }
  const error = thrown(() => new Application().withRouting({ api: (router) => void router.svc('/x', BadController, ['GET']) }));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /"bad" declares a response schema that cannot be compiled/);
});

declared.run();
