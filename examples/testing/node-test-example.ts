/**
 * Testing actions with Node's own test runner and `app.inject()`.
 * Run: `node --test dist/examples/testing/node-test-example.js`
 * (docs/testing.md; tests/testing/examples.int.test.ts runs it in CI).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSystemApp } from '../system/app.js';

const app = createSystemApp();

test('status answers ok', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/system?action=status' });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { status: 'ok' });
});

test('an unknown action is a 404 with a message', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/system?action=nope' });
  assert.equal(response.statusCode, 404);
  assert.equal(typeof response.json().message, 'string');
});

test('echo validates its input', async (t) => {
  await t.test('a message of 255 characters is accepted', async () => {
    const message = 'x'.repeat(255);
    const response = await app.inject({ method: 'POST', url: '/api/system?action=echo', payload: { message } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { message });
  });
  await t.test('one more is a 422', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/system?action=echo', payload: { message: 'x'.repeat(256) } });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, { message: ['The message field must not be greater than 255 characters.'] });
  });
});
