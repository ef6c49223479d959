/**
 * A `ValidationError` with a status of its own (Laravel's
 * `ValidationException::withMessages([...])->status(409)`), thrown by a
 * handler or an after hook, over real sockets.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles, ValidationError, type Validator } from '../../src/index.js';
import { serve } from '../helpers/apps.js';

class RedeemRequest extends FormRequest {
  override rules() {
    return { code: 'required|string' };
  }
  override after() {
    return [
      (_validator: Validator) => {
        if (this.input('code') === 'revoked') throw ValidationError.withMessages({ code: 'The code was revoked.' }).withStatus(410);
      },
    ];
  }
}

class RedeemAction extends Action {
  override methods = ['POST'];
  @handles()
  handle(request: RedeemRequest) {
    if (request.validated('code') === 'used') throw ValidationError.withMessages({ code: ['The code was already used.'] }).withStatus(409);
    return { redeemed: true };
  }
}

class Controller extends ActionController {
  override actions = { redeem: RedeemAction };
}

const reported: unknown[] = [];
const test = suite('a validation error with its own status');
const s = serve(test, () =>
  new Application({ report: (e) => void reported.push(e) }).withRouting({
    api: (router) => void router.svc('/codes', Controller, ['POST']),
  }),
);

test.after.each(() => {
  assert.equal(reported, []);
});

function redeem(code?: string) {
  return s.http.send('POST', '/api/codes?action=redeem', { json: code === undefined ? {} : { code } });
}

test('thrown by the handler: its status, with the message and errors of a 422', async () => {
  const reply = await redeem('used');
  assert.is(reply.status, 409, reply.text);
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/);
  assert.equal(reply.body, { message: 'The code was already used.', errors: { code: ['The code was already used.'] } });
});

test('thrown by an after hook: its status', async () => {
  const reply = await redeem('revoked');
  assert.is(reply.status, 410, reply.text);
  assert.equal(reply.body, { message: 'The code was revoked.', errors: { code: ['The code was revoked.'] } });
});

test('the rules still fail with 422, and a good code passes', async () => {
  assert.is((await redeem()).status, 422);
  const reply = await redeem('fresh');
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { redeemed: true });
});

test.run();
