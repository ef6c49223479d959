import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application } from '../../src/application.js';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { Router } from '../../src/routing/router.js';
import { LogicException } from '../../src/errors/logic-exception.js';
import { createSystemApp } from '../../examples/system/app.js';
import { SystemController } from '../../examples/system/system-controller.js';
import apiRoutes from '../../examples/system/routes/api.js';
import { thrown } from '../helpers/plain.js';
import { start } from '../helpers/http.js';

class GetAction extends Action {
  handle() {
    return { ok: 'get' };
  }
}
class PostAction extends Action {
  override methods = ['POST'];
  handle() {
    return { ok: 'post' };
  }
}
class PutAction extends Action {
  override methods = ['PUT'];
  handle() {
    return {};
  }
}

function controllerOf(actions: Record<string, typeof GetAction | typeof PostAction | typeof PutAction>) {
  return class extends ActionController {
    override actions = actions;
  };
}

function freshApp(options = {}) {
  Router.flushMacros();
  return new Application(options);
}

// ---------------------------------------------------------------------------
const register = suite('router.svc(): registration checks');

register('the example registers: GET status and POST echo fit a GET, POST route', () => {
  const app = freshApp();
  const route = app.router.svc('/system', SystemController, ['GET', 'POST']);
  assert.equal(route.methods, ['GET', 'HEAD', 'POST']);
  assert.is(route.allow, 'GET, HEAD, POST');
});

register('an action accepting a method the route does not allow fails fast, naming action and method', () => {
  const app = freshApp();
  const error = thrown(() => app.router.svc('/system', SystemController, ['GET']));
  assert.instance(error, LogicException);
  const message = (error as Error).message;
  assert.match(message, /"echo"/);
  assert.match(message, /POST/);
  assert.match(message, /SystemController/);
});

register('a GET action on a POST-only route fails fast, naming the action and GET', () => {
  const app = freshApp();
  const error = thrown(() => app.router.svc('/system', SystemController, ['POST']));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /"status"/);
  assert.match((error as Error).message, /GET/);
});

register('a failed registration leaves no route behind', () => {
  const app = freshApp();
  thrown(() => app.router.svc('/system', SystemController, ['GET']));
  assert.is(app.router.find('/system'), undefined);
  const route = app.router.svc('/system', SystemController, ['GET', 'POST']);
  assert.is(app.router.find('/system'), route);
});

register('the default action "/" is checked too', () => {
  const app = freshApp();
  const error = thrown(() => app.router.svc('/x', controllerOf({ a: GetAction, '/': PutAction }), ['GET']));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /"\/"/);
  assert.match((error as Error).message, /PUT/);
});

register('the fallback action "*" is checked too', () => {
  const app = freshApp();
  const error = thrown(() => app.router.svc('/x', controllerOf({ a: GetAction, '*': PostAction }), ['GET']));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /"\*"/);
  assert.match((error as Error).message, /POST/);
});

register('method names are case-insensitive', () => {
  const app = freshApp();
  const route = app.router.svc('/system', SystemController, ['get', 'post']);
  assert.equal(route.methods, ['GET', 'HEAD', 'POST']);
});

register('a route without methods is a LogicException', () => {
  const app = freshApp();
  const error = thrown(() => app.router.svc('/system', SystemController, []));
  assert.instance(error, LogicException);
});

register('an action map entry that is not an Action class is a LogicException naming it', () => {
  const app = freshApp();
  class NotAnAction {
    handle() {}
  }
  const Bad = class extends ActionController {
    override actions = { weird: NotAnAction as unknown as typeof GetAction };
  };
  const error = thrown(() => app.router.svc('/bad', Bad, ['GET']));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /"weird"/);
});

register('the same path twice is a LogicException', () => {
  const app = freshApp();
  app.router.svc('/system', SystemController, ['GET', 'POST']);
  const error = thrown(() => app.router.svc('/system/', SystemController, ['GET', 'POST']));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /\/system/);
});

register.run();

// ---------------------------------------------------------------------------
const names = suite('routes: names, prefixes, trailing slash');

names('the example route is named "system" and lives at /api/system', () => {
  Router.flushMacros();
  const app = createSystemApp();
  const route = app.router.byName('system');
  assert.ok(route, 'router.byName("system") finds the route');
  assert.is(route!.getName(), 'system');
  assert.is(route!.path, '/api/system');
  assert.is(app.router.find('/api/system'), route);
  assert.is(app.router.find('/system'), undefined, 'api routes are under the prefix');
});

names('an unknown route name is undefined', () => {
  Router.flushMacros();
  assert.is(createSystemApp().router.byName('nope'), undefined);
});

names('two routes cannot share a name', () => {
  const app = freshApp();
  app.router.svc('/one', SystemController, ['GET', 'POST']).name('dup');
  const second = app.router.svc('/two', SystemController, ['GET', 'POST']);
  const error = thrown(() => second.name('dup'));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /dup/);
});

names('name() and middleware() chain and return the route', () => {
  const app = freshApp();
  const route = app.router.svc('/chain', SystemController, ['GET', 'POST']);
  assert.is(route.name('chain'), route);
  assert.is(
    route.middleware((request, next) => next(request)),
    route,
  );
});

names('one trailing slash is ignored when finding a route', () => {
  Router.flushMacros();
  const app = createSystemApp();
  assert.is(app.router.find('/api/system/'), app.router.find('/api/system'));
  assert.ok(app.router.find('/api/system/'));
});

names('a custom api_prefix is used', () => {
  Router.flushMacros();
  const app = createSystemApp({ api_prefix: '/v2' });
  assert.is(app.router.byName('system')!.path, '/v2/system');
  assert.is(app.router.find('/api/system'), undefined);
});

names('an empty api_prefix puts api routes at the root', () => {
  Router.flushMacros();
  const app = createSystemApp({ api_prefix: '' });
  assert.is(app.router.byName('system')!.path, '/system');
});

names('web routes get no prefix', () => {
  Router.flushMacros();
  const app = new Application().withRouting({ web: apiRoutes });
  assert.is(app.router.byName('system')!.path, '/system');
});

names('groups nest their prefixes', () => {
  const app = freshApp();
  app.router.group({ prefix: '/outer' }, (router) => {
    router.group({ prefix: 'inner/' }, (inner) => {
      inner.svc('/things', SystemController, ['GET', 'POST']).name('things');
    });
  });
  assert.is(app.router.byName('things')!.path, '/outer/inner/things');
});

names.run();

// ---------------------------------------------------------------------------
const wire = suite('routes over HTTP: prefix and trailing slash');

wire('GET /api/system/?action=status (trailing slash) answers like /api/system', async () => {
  Router.flushMacros();
  const http = await start(createSystemApp());
  try {
    const plain = await http.send('GET', '/api/system?action=status');
    const slash = await http.send('GET', '/api/system/?action=status');
    assert.is(plain.status, 200);
    assert.is(slash.status, 200);
    assert.equal(slash.body, { status: 'ok' });
    const noPrefix = await http.send('GET', '/system?action=status');
    assert.is(noPrefix.status, 404);
  } finally {
    await http.close();
  }
});

wire('a custom api_prefix is served', async () => {
  Router.flushMacros();
  const http = await start(createSystemApp({ api_prefix: '/v2' }));
  try {
    assert.is((await http.send('GET', '/v2/system?action=status')).status, 200);
    assert.is((await http.send('GET', '/api/system?action=status')).status, 404);
  } finally {
    await http.close();
  }
});

wire.run();
