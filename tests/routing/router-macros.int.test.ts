import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, Router, json, type Route } from '../../src/index.js';
import { client } from '../helpers/http.js';

// A user's own macro, typed by augmenting the public entry point, as docs/routing-and-middleware.md shows.
declare module '../../src/index.js' {
  interface RouterMacros {
    health(path: string): Route;
  }
}

const test = suite('user macros on the router');

test('a macro typed through RouterMacros is callable on the router and serves its route', async () => {
  Router.macro('health', function (this: Router, path: string) {
    return this.addRoute(['GET'], path, async () => json({ ok: true }));
  });
  try {
    const app = new Application().withRouting({ api: (router) => void router.health('/health') });
    const { port } = await app.listen(0, '127.0.0.1');
    const http = client(`http://127.0.0.1:${port}`);
    try {
      const reply = await http.send('GET', '/api/health');
      assert.is(reply.status, 200);
      assert.equal(reply.body, { ok: true });
    } finally {
      await http.close();
      await app.close();
    }
  } finally {
    Router.flushMacros();
    new Application(); // puts the svc macro back for later suites
  }
});

test.run();
