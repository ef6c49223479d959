/**
 * The `openapi` option: a GET route serving the document over a real
 * socket (left out of the document itself), off by default, validated, and
 * refused at boot when a route already sits on its path.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, LogicException, json } from '../../src/index.js';
import { createSystemApp } from '../../examples/system/app.js';
import { start } from '../helpers/http.js';
import { createRichApp } from './fixtures/rich-app.js';

const serve = suite('the openapi option');

serve('serves app.openapi() at the path, with the openapi_info option; HEAD too; the route is not in the document', async () => {
  const app = createSystemApp({ openapi: '/api/openapi.json', openapi_info: { title: 'System API', version: '1.2.3' } });
  const http = await start(app);
  try {
    const reply = await http.send('GET', '/api/openapi.json');
    assert.is(reply.status, 200);
    assert.match(reply.headers['content-type'] ?? '', /^application\/json/);
    assert.equal(reply.body, JSON.parse(JSON.stringify(app.openapi())));
    assert.equal(reply.body.info, { title: 'System API', version: '1.2.3' });
    assert.equal(Object.keys(reply.body.paths), ['/api/system?action=status', '/api/system?action=echo']);
    assert.is((await http.send('HEAD', '/api/openapi.json')).status, 200);
    const post = await http.send('POST', '/api/openapi.json');
    assert.is(post.status, 405);
    assert.is(post.headers['allow'], 'GET, HEAD');
  } finally {
    await http.close();
  }
});

serve('off by default: the path is a 404', async () => {
  const http = await start(createSystemApp());
  try {
    const reply = await http.send('GET', '/api/openapi.json');
    assert.is(reply.status, 404);
    assert.equal(reply.body, { message: 'Not Found.' });
  } finally {
    await http.close();
  }
});

serve('the document of a guarded app is served without its guards (the route has none of its own)', async () => {
  const app = createRichApp({ openapi: '/openapi.json' });
  const reply = await app.inject('/openapi.json');
  assert.is(reply.statusCode, 200);
  assert.ok('/api/account?action=search' in reply.json().paths);
  assert.not.ok('/openapi.json' in reply.json().paths);
});

serve('an invalid path is a LogicException naming the option; a route on the path fails at boot', () => {
  for (const value of ['openapi.json', '/api/openapi.json?x', '/docs/', 42, true]) {
    assert.throws(
      () => new Application({ openapi: value as string }),
      (error: unknown) => error instanceof LogicException && /^Invalid openapi /.test(error.message),
      String(value),
    );
  }
  assert.throws(
    () => new Application({ openapi_info: { title: 'No version' } as never }),
    (error: unknown) => error instanceof LogicException && /^Invalid openapi_info /.test(error.message),
  );
  const app = new Application({ openapi: '/api/system' }).withRouting({
    api: (router) => router.addRoute(['GET'], '/system', () => json({})),
  });
  assert.throws(
    () => app.boot(),
    (error: unknown) => error instanceof LogicException && error.message.includes('The openapi path "/api/system" is also a route'),
  );
});

serve.run();
