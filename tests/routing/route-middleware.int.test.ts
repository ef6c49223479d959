import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, AuthenticationError, json } from '../../src/index.js';
import { client } from '../helpers/http.js';

const denyAll = () => {
  throw new AuthenticationError();
};

const test = suite('routing: route middleware on every kind of route');

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

test.run();
