/**
 * Async rules and `after()` / `withValidator` hooks over a real socket: the
 * 422 body, rule order, a faulting async rule (one reported 500, the server
 * keeps serving) and a Precognition prediction through the same path.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application } from '../../src/application.js';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { FormRequest } from '../../src/form-request.js';
import { Router } from '../../src/routing/router.js';
import type { Validator } from '../../src/validation/validator.js';
import type { FailCallback } from '../../src/validation/types.js';
import { start, type Client } from '../helpers/http.js';

const taken = new Set(['ada']);

class SignupRequest extends FormRequest {
  override rules() {
    return {
      name: [
        'required',
        'string',
        async (attribute: string, value: unknown, fail: FailCallback) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (taken.has(String(value))) fail(`The ${attribute} has already been taken.`);
        },
        'max:5',
      ],
      password: 'required|string',
      password_again: 'required|string',
    };
  }
  override after() {
    return [
      (validator: Validator) => {
        if (this.input('password') !== this.input('password_again')) validator.errors().add('password_again', 'The passwords differ.');
      },
    ];
  }
}

class FaultyRequest extends FormRequest {
  override rules() {
    return {
      name: [
        async () => {
          throw new Error('lookup failed: secret detail');
        },
      ],
    };
  }
}

class SignupAction extends Action {
  override methods = ['POST'];
  override precognition = true;
  handle(request: SignupRequest) {
    return { created: request.validated('name') };
  }
}
SignupAction.formRequest = SignupRequest;

class FaultyAction extends Action {
  override methods = ['POST'];
  handle(request: FaultyRequest) {
    return request.validated();
  }
}
FaultyAction.formRequest = FaultyRequest;

class UsersController extends ActionController {
  override actions = { signup: SignupAction, faulty: FaultyAction };
}

const reported: unknown[] = [];
let http: Client;
const test = suite('async rules and after hooks over HTTP');

test.before(async () => {
  Router.flushMacros();
  const app = new Application({ report: (error) => reported.push(error) });
  http = await start(
    app.withRouting({
      api: (router) => {
        router.svc('/users', UsersController, ['POST']);
      },
    }),
  );
});
test.after(async () => {
  await http?.close();
});

test('an async rule and an after hook fail together, in rule then hook order', async () => {
  const reply = await http.send('POST', '/api/users?action=signup', { json: { name: 'ada', password: 'a', password_again: 'b' } });
  assert.is(reply.status, 422);
  assert.equal(reply.body, {
    message: 'The name has already been taken. (and 1 more error)',
    errors: { name: ['The name has already been taken.'], password_again: ['The passwords differ.'] },
  });
});

test('valid input reaches the handler', async () => {
  const reply = await http.send('POST', '/api/users?action=signup', { json: { name: 'bo', password: 'a', password_again: 'a' } });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { created: 'bo' });
});

test('a Precognition prediction runs the async rule for the field it names', async () => {
  const reply = await http.send('POST', '/api/users?action=signup', {
    json: { name: 'ada' },
    headers: { precognition: 'true', 'precognition-validate-only': 'name' },
  });
  assert.is(reply.status, 422);
  assert.equal((reply.body as { errors: unknown }).errors, { name: ['The name has already been taken.'] });
});

test('an async rule that throws is one reported 500 without its detail; the server keeps serving', async () => {
  const before = reported.length;
  const reply = await http.send('POST', '/api/users?action=faulty', { json: { name: 'x' } });
  assert.is(reply.status, 500);
  assert.equal(reply.body, { message: 'Server Error' });
  assert.is(reported.length, before + 1);
  const next = await http.send('POST', '/api/users?action=signup', { json: { name: 'cy', password: 'a', password_again: 'a' } });
  assert.is(next.status, 200);
});

test.run();
