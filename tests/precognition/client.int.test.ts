import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { client, createValidator } from 'laravel-precognition';
import { createSystemApp } from '../../examples/system/app.js';

/**
 * The real front-end client, `laravel-precognition` 2.x, against the example
 * echo action over a socket, with no client configuration beyond the base URL.
 */
const test = suite('laravel-precognition client against the example echo action');

const app = createSystemApp();
let base = '';

test.before(async () => {
  const { port } = await app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  client.withBaseURL(base);
});

test.after(async () => {
  await app.close();
});

test('client.post(..., { precognitive: true }) accepts the 204 success', async () => {
  let succeeded = false;
  const response = await client.post(
    '/api/system?action=echo',
    { message: 'hello' },
    {
      precognitive: true,
      onPrecognitionSuccess: () => {
        succeeded = true;
      },
    },
  );
  assert.ok(succeeded, 'the client recognised Precognition-Success');
  assert.is((response as { status: number }).status, 204);
});

test('client.post reports the 422 errors of an invalid prediction', async () => {
  let errors: unknown;
  await client.post(
    '/api/system?action=echo',
    { message: '' },
    {
      precognitive: true,
      onValidationError: (response: { data: { errors: unknown } }) => {
        errors = response.data.errors;
      },
    },
  );
  assert.equal(errors, { message: ['The message field is required.'] });
});

test('createValidator shows an error for message, then clears it once the value is valid', async () => {
  // The form's current values; the validator starts from an empty form, as a page would.
  const data: Record<string, unknown> = { message: 'x'.repeat(256) };
  const validator = createValidator((http) => http.post('/api/system?action=echo', { ...data }), { message: '' }).setTimeout(0);
  const settle = () =>
    new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (!validator.validating()) {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });

  validator.validate('message', data.message);
  await new Promise((resolve) => setTimeout(resolve, 30));
  await settle();
  assert.ok(validator.hasErrors(), 'an error appears');
  assert.equal(validator.errors(), { message: ['The message field must not be greater than 255 characters.'] });

  data.message = 'just right';
  validator.validate('message', data.message);
  await new Promise((resolve) => setTimeout(resolve, 30));
  await settle();
  assert.not.ok(validator.hasErrors(), 'the error clears');
  assert.ok(validator.valid().includes('message'), 'message is reported valid');
});

test('a precognitive request to a non-precognitive action is rejected without running it', async () => {
  let caught: unknown;
  try {
    await client.get('/api/system', { action: 'status' }, { precognitive: true });
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof Error);
  assert.not.match(String((caught as Error).message), /Did not receive a Precognition response/);
  assert.is((caught as { response?: { status: number } }).response?.status, 400);
});

test.run();
