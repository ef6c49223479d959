import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action } from '../../src/action.js';
import { JsonResponse, json } from '../../src/http/response.js';
import { runHandler } from '../../src/pipeline/run-handler.js';

/** Stage 4 on its own: what a handler returns, and the response it becomes. */
class Returns extends Action {
  constructor(private readonly value: unknown) {
    super();
  }
  handle(input: unknown) {
    return typeof this.value === 'function' ? (this.value as (i: unknown) => unknown)(input) : this.value;
  }
}

const test = suite('runHandler (stage 4)');

test('a plain value is a 200 JSON response, given synchronously', () => {
  const response = runHandler(new Returns({ status: 'ok' }), undefined);
  assert.instance(response, JsonResponse);
  assert.is((response as JsonResponse).status, 200);
  assert.equal((response as JsonResponse).body, { status: 'ok' });
});

test('undefined is a 204 without a body', () => {
  const response = runHandler(new Returns(undefined), undefined) as JsonResponse;
  assert.is(response.status, 204);
  assert.is(response.body, undefined);
});

test('a JsonResponse is sent as it is (status and headers)', () => {
  const created = json({ id: 7 }, 201, { location: '/things/7' });
  assert.is(runHandler(new Returns(created), undefined), created);
});

test('a Promise is awaited', async () => {
  const response = runHandler(new Returns(Promise.resolve([1, 2])), undefined);
  assert.instance(response, Promise);
  const settled = await response;
  assert.is(settled.status, 200);
  assert.equal(settled.body, [1, 2]);
});

test('the handler receives its input', () => {
  const response = runHandler(new Returns((input: unknown) => ({ got: input })), 'the form request') as JsonResponse;
  assert.equal(response.body, { got: 'the form request' });
});

test('a rejection propagates (the renderer turns it into a response)', async () => {
  const failure = new Error('boom');
  try {
    await runHandler(new Returns(Promise.reject(failure)), undefined);
    assert.unreachable('should have rejected');
  } catch (error) {
    assert.is(error, failure);
  }
});

test.run();
