/**
 * Which routes answer Precognition: those behind the `precognitive`
 * middleware, by alias, by class, in a group or globally, decided at boot.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, HandlePrecognitiveRequests, json } from '../../src/index.js';

const test = suite('PrecognitionServiceProvider: routes behind `precognitive`');

function booted(define: (app: Application) => void): Map<string, boolean> {
  const app = new Application();
  define(app);
  app.boot();
  return new Map(app.router.routes().map((route) => [route.path, route.precognitive]));
}

test('by alias, by class and through a group; other routes are not', () => {
  const marked = booted((app) => {
    app.middlewareGroup('forms', ['precognitive']);
    app.router.addRoute(['GET'], '/alias', () => json(1)).middleware('precognitive');
    app.router.addRoute(['GET'], '/class', () => json(1)).middleware(HandlePrecognitiveRequests);
    app.router.addRoute(['GET'], '/group', () => json(1)).middleware('forms');
    app.router.addRoute(['GET'], '/plain', () => json(1));
  });
  assert.equal(Object.fromEntries(marked), { '/alias': true, '/class': true, '/group': true, '/plain': false });
});

test('globally: every route', () => {
  const marked = booted((app) => {
    app.use('precognitive');
    app.router.addRoute(['GET'], '/a', () => json(1));
    app.router.addRoute(['GET'], '/b', () => json(1));
  });
  assert.equal(Object.fromEntries(marked), { '/a': true, '/b': true });
});

test('at run time the middleware passes the request on', async () => {
  const request = {} as Parameters<HandlePrecognitiveRequests['handle']>[0];
  const answer = json('next');
  assert.is(await new HandlePrecognitiveRequests().handle(request, async (r) => (r === request ? answer : json('other'))), answer);
});

test.run();
