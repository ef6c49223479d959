/**
 * Every answer to an allowed origin carries the CORS headers, errors
 * included: without them a browser hides the status and the JSON message
 * from the front end, which then cannot show a 422's field errors or tell a
 * 429 from a network failure.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serve } from '../helpers/apps.js';
import type { Reply } from '../helpers/http.js';
import { corsApp, reported } from './app.js';

const FRONT = 'http://localhost:5173';
const headers = { origin: FRONT };

function assertCors(reply: Reply, status: number, label: string): void {
  assert.is(reply.status, status, `${label}: status (body ${reply.text.slice(0, 120)})`);
  assert.type(reply.body?.message, 'string', `${label}: a JSON error`);
  assert.is(reply.headers['access-control-allow-origin'], FRONT, `${label}: Allow-Origin`);
  assert.is(reply.headers['access-control-allow-credentials'], 'true', `${label}: Allow-Credentials`);
  assert.match(reply.headers['vary'] ?? '', /^Origin\b/, `${label}: Vary: Origin`);
}

const errors = suite('cors: error answers');
const e = serve(errors, () =>
  corsApp({ handler_timeout: 150, cors: { allowed_origins: [FRONT, 'https://app.example.com'], supports_credentials: true } }),
);
errors.before.each(() => {
  reported.length = 0;
});

errors('400 malformed JSON', async () => {
  const reply = await e.http.send('POST', '/api/things?action=save', {
    body: '{"name":',
    headers: { ...headers, 'content-type': 'application/json' },
  });
  assertCors(reply, 400, '400');
});

errors('403 authorize() said no', async () => {
  assertCors(await e.http.send('POST', '/api/things?action=deny', { json: { name: 'x' }, headers }), 403, '403');
});

errors('404 unknown action and unknown path', async () => {
  assertCors(await e.http.send('GET', '/api/things?action=nope', { headers }), 404, '404 action');
  assertCors(await e.http.send('GET', '/api/nothing', { headers }), 404, '404 path');
});

errors('405 from the action and from the route, with Allow', async () => {
  const action = await e.http.send('POST', '/api/things?action=ping', { headers });
  assertCors(action, 405, '405 action');
  assert.is(action.headers['allow'], 'GET, HEAD');
  const route = await e.http.send('PUT', '/api/things?action=ping', { headers });
  assertCors(route, 405, '405 route');
  assert.is(route.headers['allow'], 'GET, HEAD, POST');
});

errors('413 body over the limit', async () => {
  const reply = await e.http.send('POST', '/api/things?action=save', { json: { name: 'x'.repeat(200) }, headers });
  assertCors(reply, 413, '413');
});

errors('422 validation, and the Precognition answers the cross-origin client reads', async () => {
  const invalid = await e.http.send('POST', '/api/things?action=save', { json: {}, headers });
  assertCors(invalid, 422, '422');
  assert.ok(invalid.body.errors.name, 'field errors');
  const predicted = await e.http.send('POST', '/api/things?action=save', { json: {}, headers: { ...headers, precognition: 'true' } });
  assertCors(predicted, 422, '422 precognitive');
  assert.is(predicted.headers['precognition'], 'true');
  assert.is(predicted.headers['vary'], 'Origin, Precognition');
  const success = await e.http.send('POST', '/api/things?action=save', {
    json: { name: 'ok' },
    headers: { ...headers, precognition: 'true' },
  });
  assert.is(success.status, 204);
  assert.is(success.headers['precognition-success'], 'true');
  assert.match(success.headers['access-control-expose-headers'] ?? '', /\bPrecognition-Success\b/);
  assert.is(success.headers['access-control-allow-origin'], FRONT);
});

errors('429 thrown by a global middleware', async () => {
  const reply = await e.http.send('GET', '/api/things?action=ping', { headers: { ...headers, 'x-throttle': '1' } });
  assertCors(reply, 429, '429');
  assert.is(reply.headers['retry-after'], '60');
});

errors('500 from a failing handler (reported, no details leaked)', async () => {
  const reply = await e.http.send('GET', '/api/things?action=boom', { headers });
  assertCors(reply, 500, '500');
  assert.equal(reply.body, { message: 'Server Error' });
  assert.is(reported.length, 1);
});

errors('414 query string too long (decided by the kernel before the global middleware)', async () => {
  assertCors(await e.http.send('GET', `/api/things?action=ping&pad=${'a'.repeat(200)}`, { headers }), 414, '414');
});

errors('503 handler_timeout (decided by the kernel around the global middleware)', async () => {
  assertCors(await e.http.send('GET', '/api/things?action=slow', { headers }), 503, '503');
});

errors('a disallowed origin gets the same errors without Allow-Origin', async () => {
  const reply = await e.http.send('GET', '/api/things?action=nope', { headers: { origin: 'https://evil.example' } });
  assert.is(reply.status, 404);
  assert.is(reply.headers['access-control-allow-origin'], undefined);
  assert.is(reply.headers['vary'], 'Origin');
});

errors.run();
