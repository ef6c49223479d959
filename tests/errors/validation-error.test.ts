/**
 * `ValidationError`: Laravel's `ValidationException::withMessages()` and
 * `status()` (here `withStatus`, since `status` is the number), ported from
 * Laravel's ValidationExceptionTest, and what `renderError` sends for it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/errors/validation-error.js';
import { renderError } from '../../src/http/render-error.js';

const reported: unknown[] = [];
function rendered(error: unknown): { status: number; body: unknown } {
  const response = renderError(error, (e) => void reported.push(e));
  return { status: response.status, body: response.body };
}

const test = suite('ValidationError');

test('the message summarises zero, one, two and three errors', () => {
  assert.is(new ValidationError({}).message, 'The given data was invalid.');
  assert.is(new ValidationError({ foo: ['Foo.'] }).message, 'Foo.');
  assert.is(new ValidationError({ foo: ['Foo.'], bar: ['Bar.'] }).message, 'Foo. (and 1 more error)');
  assert.is(new ValidationError({ foo: ['Foo.'], bar: ['Bar.'], baz: ['Baz.'] }).message, 'Foo. (and 2 more errors)');
});

test('withMessages: a string or a list per field, each message once per field, in order', () => {
  const error = ValidationError.withMessages({ email: 'Taken.', name: ['Too short.', 'Too plain.', 'Too short.'] });
  assert.instance(error, ValidationError);
  assert.equal(error.errors, { email: ['Taken.'], name: ['Too short.', 'Too plain.'] });
  assert.is(error.message, 'Taken. (and 2 more errors)');
  assert.is(error.status, 422);
  assert.equal(ValidationError.withMessages({}).errors, {});
  assert.is(ValidationError.withMessages({}).message, 'The given data was invalid.');
});

test('withStatus sets the status and returns the error', () => {
  const error = ValidationError.withMessages({ foo: 'Foo.' });
  assert.is(error.withStatus(500), error);
  assert.is(error.status, 500);
});

test('rendered with its own status, the same body', () => {
  assert.equal(rendered(ValidationError.withMessages({ code: 'The code has expired.' }).withStatus(400)), {
    status: 400,
    body: { message: 'The code has expired.', errors: { code: ['The code has expired.'] } },
  });
  assert.equal(rendered(new ValidationError({ code: ['Bad.'] })), {
    status: 422,
    body: { message: 'Bad.', errors: { code: ['Bad.'] } },
  });
  assert.equal(reported, [], 'a validation error is never reported');
});

test.run();
