/**
 * How a form-request class gets its validator: rules that never read the
 * request are read and compiled once, at registration, and cost nothing per
 * request; rules that read the request (or ask for `rulesPerRequest`) are
 * read on every request after `authorize()`, as Laravel's FormRequest reads
 * them, and each distinct rule set is compiled once.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ServerResponse } from 'node:http';
import { HttpRequest } from '../../src/http/request.js';
import { resolveConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { FormRequest } from '../../src/form-request.js';
import { planFormRequest } from '../../src/routing/action-table.js';
import { resolveFormRequest } from '../../src/pipeline/resolve-form-request.js';
import { ValidationError } from '../../src/errors/validation-error.js';
import { compilationCount } from '../../src/validation/compiler.js';
import { Rule } from '../../src/validation/rule-builders.js';
import type { Validator } from '../../src/validation/validator.js';
import { fakeIncoming } from '../helpers/fake-request.js';

async function requestWith(body: unknown, headers: Record<string, string> = {}, user?: unknown): Promise<HttpRequest> {
  const text = JSON.stringify(body);
  const raw = fakeIncoming([text], { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  const request = new HttpRequest(raw, {} as ServerResponse, '/x', '', resolveConfig());
  await request.loadBody();
  if (user !== undefined) request.attributes.set('auth.user', user);
  return request;
}

/** The stage's answer: the validated data, or the error's JSON. */
async function answer(plan: ReturnType<typeof planFormRequest>, request: HttpRequest): Promise<unknown> {
  try {
    return (await resolveFormRequest(plan, request)).validated();
  } catch (error) {
    if (error instanceof ValidationError) return error.toJSON();
    throw error;
  }
}

const container = createContainer();
const calls: string[] = [];

class StaticRequest extends FormRequest {
  override rules() {
    calls.push('rules');
    return { name: 'required|string|max:5' };
  }
  override messages() {
    calls.push('messages');
    return { 'name.max': 'Five at most.' };
  }
}

class HeaderLimitRequest extends FormRequest {
  override authorize() {
    calls.push('authorize');
    return true;
  }
  override rules() {
    calls.push('rules');
    return { name: `required|string|max:${this.header('x-max') ?? 5}` };
  }
}

class PrecognitiveRequest extends FormRequest {
  override rules() {
    return this.isPrecognitive() ? { name: 'string|max:3' } : { name: 'required|string|max:3' };
  }
}

class UserRequest extends FormRequest {
  override rules() {
    const user = this.user<{ id: number }>();
    return { email: ['required', 'email', Rule.notIn([`user${user?.id}@example.com`])] };
  }
}

class MessagesRequest extends FormRequest {
  override rules() {
    return { name: 'required' };
  }
  override messages() {
    return { 'name.required': this.header('accept-language') === 'fr' ? 'Le nom est requis.' : 'The name is needed.' };
  }
  override attributes() {
    return {};
  }
}

class AttributesRequest extends FormRequest {
  override rules() {
    return { name: 'required' };
  }
  override attributes() {
    return { name: this.header('accept-language') === 'fr' ? 'nom' : 'full name' };
  }
}

class PreparedRequest extends FormRequest {
  limit!: number;
  override prepareForValidation() {
    this.limit = Number(this.header('x-max') ?? 5);
  }
  override rules() {
    return { name: `required|string|max:${this.limit.toFixed(0)}` };
  }
}

let clockLimit = 3;
class ClockRequest extends FormRequest {
  static override rulesPerRequest = true;
  override rules() {
    return { name: `required|string|max:${clockLimit}` };
  }
}

class HookedRequest extends FormRequest {
  override rules() {
    calls.push('rules');
    return { name: `required|max:${this.header('x-max') ?? 5}` };
  }
  override withValidator(validator: Validator) {
    calls.push('withValidator');
    validator.after(() => void calls.push('after'));
  }
}

class OwnCodeRequest extends FormRequest {
  override rules() {
    const id = this.user<{ id: number }>()!.id;
    return {
      code: [
        'required',
        (_attribute: string, value: unknown, fail: (message: string) => void) => {
          if (value !== `code-${id}`) fail('The :attribute is not yours.');
        },
      ],
    };
  }
}

class BrokenRequest extends FormRequest {
  override rules(): Record<string, string> {
    throw new Error('broken rules');
  }
}

const test = suite('form-request rules: once, or per request');

test('rules that never read the request are read once, at registration, and compiled once', async () => {
  calls.length = 0;
  const before = compilationCount();
  const plan = planFormRequest(container, StaticRequest);
  assert.ok(plan.validator !== undefined);
  assert.is(plan.perRequest, undefined);
  for (let i = 0; i < 20; i++) await answer(plan, await requestWith({ name: 'Ada' }));
  assert.equal(await answer(plan, await requestWith({ name: 'Grace Hopper' })), {
    message: 'Five at most.',
    errors: { name: ['Five at most.'] },
  });
  assert.equal(calls, ['rules', 'messages']);
  assert.is(compilationCount(), before + 1);
});

test('rules that read the request are read on every request, after authorize(), each distinct set compiled once', async () => {
  const plan = planFormRequest(container, HeaderLimitRequest);
  assert.is(plan.validator, undefined);
  const before = compilationCount();
  calls.length = 0;
  assert.equal(await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '3' })), { name: 'Ada' });
  assert.equal(calls, ['authorize', 'rules']);
  assert.equal(await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '2' })), {
    message: 'The name field must not be greater than 2 characters.',
    errors: { name: ['The name field must not be greater than 2 characters.'] },
  });
  for (let i = 0; i < 20; i++) {
    await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '3' }));
    await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '2' }));
  }
  assert.is(compilationCount(), before + 2, 'two distinct rule sets, two compilations');
  assert.equal(await answer(plan, await requestWith({ name: 'Grace' })), { name: 'Grace' });
  assert.is(compilationCount(), before + 3);
});

test('isPrecognitive(): a prediction may get other rules', async () => {
  const plan = planFormRequest(container, PrecognitiveRequest);
  assert.equal(await answer(plan, await requestWith({})), {
    message: 'The name field is required.',
    errors: { name: ['The name field is required.'] },
  });
  assert.equal(await answer(plan, await requestWith({}, { precognition: 'true' })), {});
});

test('user(): rules may depend on the authenticated user', async () => {
  const plan = planFormRequest(container, UserRequest);
  const taken = { message: 'The selected email is invalid.', errors: { email: ['The selected email is invalid.'] } };
  assert.equal(await answer(plan, await requestWith({ email: 'user1@example.com' }, {}, { id: 1 })), taken);
  assert.equal(await answer(plan, await requestWith({ email: 'user1@example.com' }, {}, { id: 2 })), { email: 'user1@example.com' });
});

test('messages() and attributes() that read the request are read per request', async () => {
  const messages = planFormRequest(container, MessagesRequest);
  assert.equal(await answer(messages, await requestWith({}, { 'accept-language': 'fr' })), {
    message: 'Le nom est requis.',
    errors: { name: ['Le nom est requis.'] },
  });
  assert.equal(await answer(messages, await requestWith({})), {
    message: 'The name is needed.',
    errors: { name: ['The name is needed.'] },
  });
  const attributes = planFormRequest(container, AttributesRequest);
  assert.equal(await answer(attributes, await requestWith({}, { 'accept-language': 'fr' })), {
    message: 'The nom field is required.',
    errors: { name: ['The nom field is required.'] },
  });
  assert.equal(await answer(attributes, await requestWith({})), {
    message: 'The full name field is required.',
    errors: { name: ['The full name field is required.'] },
  });
});

test('rules that read what prepareForValidation() sets are read per request', async () => {
  const plan = planFormRequest(container, PreparedRequest);
  assert.equal(await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '3' })), { name: 'Ada' });
  assert.equal(((await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '2' }))) as { errors: unknown }).errors, {
    name: ['The name field must not be greater than 2 characters.'],
  });
});

test('rulesPerRequest reads rules on every request even when they do not read the request', async () => {
  const plan = planFormRequest(container, ClockRequest);
  assert.is(plan.validator, undefined);
  clockLimit = 3;
  assert.equal(await answer(plan, await requestWith({ name: 'Ada' })), { name: 'Ada' });
  clockLimit = 2;
  assert.ok(((await answer(plan, await requestWith({ name: 'Ada' }))) as { errors?: unknown }).errors);
});

test('with hooks: rules are read before withValidator, as Laravel makes the validator first', async () => {
  const plan = planFormRequest(container, HookedRequest);
  calls.length = 0;
  assert.equal(await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '3' })), { name: 'Ada' });
  assert.equal(calls, ['rules', 'withValidator', 'after']);
  assert.ok(((await answer(plan, await requestWith({ name: 'Ada' }, { 'x-max': '2' }))) as { errors?: unknown }).errors);
});

test('a closure made in rules() holds its own request: compiled for that request, never reused for another', async () => {
  const plan = planFormRequest(container, OwnCodeRequest);
  const before = compilationCount();
  const notYours = { message: 'The code is not yours.', errors: { code: ['The code is not yours.'] } };
  for (let i = 0; i < 3; i++) {
    assert.equal(await answer(plan, await requestWith({ code: 'code-1' }, {}, { id: 1 })), { code: 'code-1' });
    assert.equal(await answer(plan, await requestWith({ code: 'code-1' }, {}, { id: 2 })), notYours);
    assert.equal(await answer(plan, await requestWith({ code: 'code-2' }, {}, { id: 2 })), { code: 'code-2' });
  }
  assert.is(compilationCount(), before + 9, 'one compilation per request');
});

test('rules() that throw without a request are read per request: the error reaches the request (a reported 500)', async () => {
  const plan = planFormRequest(container, BrokenRequest);
  assert.is(plan.validator, undefined);
  let error: unknown;
  try {
    await resolveFormRequest(plan, await requestWith({}));
  } catch (e) {
    error = e;
  }
  assert.instance(error, Error);
  assert.is((error as Error).message, 'broken rules');
});

test.run();
