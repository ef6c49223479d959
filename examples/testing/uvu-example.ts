/**
 * Testing actions with uvu and `app.inject()`: no port, no socket, the same
 * answers as over the wire. Run: `node dist/examples/testing/uvu-example.js`
 * (docs/testing.md; tests/testing/examples.int.test.ts runs it in CI).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSystemApp } from '../system/app.js';

const echo = suite('the echo action');
const app = createSystemApp();

echo('returns the validated message', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/system?action=echo', payload: { message: 'hi' } });
  assert.is(response.statusCode, 200);
  assert.equal(response.json(), { message: 'hi' });
});

echo('answers 422 with the validation errors', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/system?action=echo', payload: {} });
  assert.is(response.statusCode, 422);
  assert.equal(response.json(), {
    message: 'The message field is required.',
    errors: { message: ['The message field is required.'] },
  });
});

echo('answers a Precognition request without running the handler', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/system?action=echo',
    headers: { precognition: 'true' },
    payload: { message: 'hi' },
  });
  assert.is(response.statusCode, 204);
  assert.is(response.headers['precognition-success'], 'true');
});

echo('only accepts POST', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/system?action=echo' });
  assert.is(response.statusCode, 405);
  assert.is(response.headers['allow'], 'POST');
});

echo.run();
