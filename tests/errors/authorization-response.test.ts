/**
 * `AuthorizationResponse` (Laravel's `Illuminate\Auth\Access\Response`) and
 * the `AuthorizationError` its `authorize()` throws, ported from Laravel's
 * AuthAccessResponseTest, and the JSON each denial renders to (Laravel's
 * exception handler: a status of its own answers with the response's message
 * or the status text).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AuthorizationResponse } from '../../src/errors/authorization-response.js';
import { AuthorizationError } from '../../src/errors/http-error.js';
import { renderError } from '../../src/http/render-error.js';

function thrown(run: () => unknown): AuthorizationError {
  try {
    run();
  } catch (error) {
    assert.instance(error, AuthorizationError);
    return error as AuthorizationError;
  }
  throw new Error('expected an AuthorizationError');
}

const reported: unknown[] = [];
function rendered(error: unknown): { status: number; body: unknown } {
  const response = renderError(error, (e) => void reported.push(e));
  return { status: response.status, body: response.body };
}

const test = suite('AuthorizationResponse');

test('allow: allowed, with its message and code', () => {
  const response = AuthorizationResponse.allow('some message', 'some_code');
  assert.ok(response.allowed());
  assert.not.ok(response.denied());
  assert.is(response.message(), 'some message');
  assert.is(response.code(), 'some_code');
});

test('deny: denied, with its message and code; no message is null', () => {
  const response = AuthorizationResponse.deny('some message', 'some_code');
  assert.ok(response.denied());
  assert.not.ok(response.allowed());
  assert.is(response.message(), 'some message');
  assert.is(response.code(), 'some_code');
  assert.is(AuthorizationResponse.deny().message(), null);
});

test('authorize() on a denial without a status throws a 403 with the message and code', () => {
  const error = thrown(() => AuthorizationResponse.deny('foo', 3).authorize());
  assert.is(error.status, 403);
  assert.not.ok(error.hasStatus());
  assert.is(error.response()?.message(), 'foo');
  assert.is(error.message, 'foo');
  assert.is(error.code, 3);
});

test('authorize() carries the status of withStatus, asNotFound, denyWithStatus and denyAsNotFound', () => {
  const cases: [() => AuthorizationResponse, number, string | null, string, unknown][] = [
    [() => AuthorizationResponse.deny('foo', 3).withStatus(418), 418, 'foo', 'foo', 3],
    [() => AuthorizationResponse.deny('foo', 3).asNotFound(), 404, 'foo', 'foo', 3],
    [() => AuthorizationResponse.denyWithStatus(444), 444, null, 'This action is unauthorized.', 0],
    [() => AuthorizationResponse.denyWithStatus(444, 'foo', 3), 444, 'foo', 'foo', 3],
    [() => AuthorizationResponse.denyAsNotFound(), 404, null, 'This action is unauthorized.', 0],
    [() => AuthorizationResponse.denyAsNotFound('foo', 3), 404, 'foo', 'foo', 3],
  ];
  for (const [make, status, responseMessage, message, code] of cases) {
    const error = thrown(() => make().authorize());
    assert.is(error.status, status);
    assert.ok(error.hasStatus());
    assert.is(error.response()?.message(), responseMessage);
    assert.is(error.message, message);
    assert.is(error.code, code);
  }
});

test('authorize() on an allowed response returns it', () => {
  const response = AuthorizationResponse.allow('Some message.', 'some_code');
  assert.is(response.authorize(), response);
});

test('the message as a string, and toArray', () => {
  assert.is(String(new AuthorizationResponse(true, 'some data')), 'some data');
  assert.is(String(new AuthorizationResponse(false, null)), '');
  assert.equal(new AuthorizationResponse(false, 'Not allowed.', 'some_code').toArray(), {
    allowed: false,
    message: 'Not allowed.',
    code: 'some_code',
  });
});

test('rendered: no status is a 403 with the message, a status of its own answers with the message or the status text', () => {
  const denial = (make: () => AuthorizationResponse) => rendered(thrown(() => make().authorize()));
  assert.equal(
    denial(() => AuthorizationResponse.deny()),
    { status: 403, body: { message: 'This action is unauthorized.' } },
  );
  assert.equal(
    denial(() => AuthorizationResponse.deny('No.')),
    { status: 403, body: { message: 'No.' } },
  );
  assert.equal(
    denial(() => AuthorizationResponse.denyAsNotFound()),
    { status: 404, body: { message: 'Not Found' } },
  );
  assert.equal(
    denial(() => AuthorizationResponse.denyAsNotFound('No such post.')),
    { status: 404, body: { message: 'No such post.' } },
  );
  assert.equal(
    denial(() => AuthorizationResponse.denyWithStatus(418)),
    { status: 418, body: { message: "I'm a teapot" } },
  );
  assert.equal(
    denial(() => AuthorizationResponse.denyWithStatus(422)),
    { status: 422, body: { message: 'Unprocessable Content' } },
  );
  assert.equal(
    denial(() => AuthorizationResponse.denyWithStatus(444)),
    {
      status: 444,
      body: { message: 'Whoops, looks like something went wrong.' },
    },
  );
  assert.equal(reported, [], 'a denial is never reported');
});

test('an AuthorizationError given a status without a response answers with the status text, as Laravel does', () => {
  assert.equal(rendered(new AuthorizationError('Custom.').withStatus(410)), { status: 410, body: { message: 'Gone' } });
  assert.equal(rendered(new AuthorizationError('Custom.').asNotFound()), { status: 404, body: { message: 'Not Found' } });
  assert.equal(rendered(new AuthorizationError('Custom.')), { status: 403, body: { message: 'Custom.' } });
  assert.equal(rendered(new AuthorizationError()), { status: 403, body: { message: 'This action is unauthorized.' } });
  assert.equal(rendered(new AuthorizationError('Custom.').withStatus(404).withStatus(null)), { status: 403, body: { message: 'Custom.' } });
});

test.run();
