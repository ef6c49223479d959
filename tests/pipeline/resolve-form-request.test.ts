import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ServerResponse } from 'node:http';
import { HttpRequest } from '../../src/http/request.js';
import { resolveConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { FormRequest } from '../../src/form-request.js';
import { planFormRequest } from '../../src/routing/action-table.js';
import { resolveFormRequest } from '../../src/pipeline/resolve-form-request.js';
import { AuthorizationError } from '../../src/errors/http-error.js';
import { AuthorizationResponse } from '../../src/errors/authorization-response.js';
import { ValidationError } from '../../src/errors/validation-error.js';
import { jsonIncoming } from '../helpers/fake-request.js';
import { plain } from '../helpers/plain.js';
import type { Validator } from '../../src/validation/validator.js';

/** Stage 3 on its own: a request with a parsed body, a form request plan, the stage's answer. */
async function requestWith(body: unknown, query = ''): Promise<HttpRequest> {
  const request = new HttpRequest(jsonIncoming(JSON.stringify(body)), {} as ServerResponse, '/x', query, resolveConfig());
  await request.loadBody();
  return request;
}

async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

const trace: string[] = [];

class Traced extends FormRequest {
  override prepareForValidation() {
    trace.push('prepare');
    this.merge({ name: String(this.input('name') ?? '').trim() });
  }
  override authorize() {
    trace.push('authorize');
    return this.header('x-deny') !== 'yes';
  }
  override rules() {
    return { name: 'required|string|max:5', age: 'integer' };
  }
  override passedValidation() {
    trace.push('passed');
  }
}

class AsyncHooks extends FormRequest {
  override async prepareForValidation() {
    await new Promise((resolve) => setTimeout(resolve, 1));
    trace.push('prepare');
  }
  override async authorize() {
    trace.push('authorize');
    return true;
  }
  override rules() {
    return { name: 'required' };
  }
  override async passedValidation() {
    trace.push('passed');
  }
}

class Denies extends FormRequest {
  override authorize() {
    return false;
  }
  override rules() {
    return { name: 'required' };
  }
}

class Hooked extends FormRequest {
  override rules() {
    return { a: 'required|string', b: 'string' };
  }
  override withValidator(validator: Validator) {
    trace.push('withValidator');
    validator.after((v) => {
      trace.push('withValidator hook');
      if (v.data().b === 'from-with') v.errors().add('b', 'Added by withValidator.');
    });
  }
  override after() {
    return [
      async (v: Validator) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        trace.push(`after hook (${v.errors().count()} errors so far)`);
        if (this.input('a') === this.input('b')) v.errors().add('b', 'The b field must differ from a.');
      },
      {
        after(v: Validator) {
          trace.push('after object');
          if (v.data().a === 'object') v.errors().add('a', 'Added by an object.');
        },
      },
    ];
  }
  override passedValidation() {
    trace.push('passed');
  }
}

const container = createContainer();
const test = suite('resolveFormRequest (stage 3)');

test('runs prepare -> authorize -> validate -> passed and keeps only validated fields', async () => {
  trace.length = 0;
  const request = await requestWith({ name: '  ada ', extra: 'dropped' }, 'age=36');
  const form = await resolveFormRequest(planFormRequest(container, Traced), request);
  assert.equal(trace, ['prepare', 'authorize', 'passed']);
  assert.ok(form instanceof Traced);
  assert.equal(plain(form.validated()), { name: 'ada', age: '36' });
});

test('answers synchronously when every hook is synchronous', async () => {
  const request = await requestWith({ name: 'ada' });
  const result = resolveFormRequest(planFormRequest(container, Traced), request);
  assert.not.instance(result, Promise);
  assert.instance(result, Traced);
});

test('waits for async hooks, in order', async () => {
  trace.length = 0;
  const request = await requestWith({ name: 'x' });
  const result = resolveFormRequest(planFormRequest(container, AsyncHooks), request);
  assert.instance(result, Promise);
  await result;
  assert.equal(trace, ['prepare', 'authorize', 'passed']);
});

test('authorize() false is an AuthorizationError (403) even when the data is invalid too', async () => {
  const request = await requestWith({});
  const error = await outcome(() => resolveFormRequest(planFormRequest(container, Denies), request));
  assert.instance(error, AuthorizationError);
  assert.is((error as AuthorizationError).status, 403);
  assert.is((error as AuthorizationError).message, 'This action is unauthorized.');
});

test('invalid data is a ValidationError (422) with messages in rule order; passedValidation does not run', async () => {
  trace.length = 0;
  const request = await requestWith({ name: 'too long name', age: 'x' });
  const error = await outcome(() => resolveFormRequest(planFormRequest(container, Traced), request));
  assert.instance(error, ValidationError);
  assert.equal((error as ValidationError).toJSON(), {
    message: 'The name field must not be greater than 5 characters. (and 1 more error)',
    errors: { name: ['The name field must not be greater than 5 characters.'], age: ['The age field must be an integer.'] },
  });
  assert.equal(trace, ['prepare', 'authorize']);
});

test('only (Precognition-Validate-Only) limits validation to the listed fields', async () => {
  const request = await requestWith({ name: 'ok', age: 'x' });
  const form = await resolveFormRequest(planFormRequest(container, Traced), request, ['name']);
  assert.equal(plain(form.validated()), { name: 'ok' });
});

test('after() and withValidator hooks run after the rules, in order (withValidator first), and may add messages', async () => {
  trace.length = 0;
  const request = await requestWith({ a: 'same', b: 'same' });
  const error = await outcome(() => resolveFormRequest(planFormRequest(container, Hooked), request));
  assert.equal(trace, ['withValidator', 'withValidator hook', 'after hook (0 errors so far)', 'after object']);
  assert.instance(error, ValidationError);
  assert.equal((error as ValidationError).toJSON(), {
    message: 'The b field must differ from a.',
    errors: { b: ['The b field must differ from a.'] },
  });
});

test("hooks run when the rules failed too; their messages follow the rules' in field order", async () => {
  trace.length = 0;
  const request = await requestWith({ a: 'object', b: 1 });
  const error = (await outcome(() => resolveFormRequest(planFormRequest(container, Hooked), request))) as ValidationError;
  assert.equal(trace, ['withValidator', 'withValidator hook', 'after hook (1 errors so far)', 'after object']);
  assert.equal(error.errors, { b: ['The b field must be a string.'], a: ['Added by an object.'] });
});

test('hooks that add nothing let the request pass: validated() as without hooks, passedValidation runs', async () => {
  trace.length = 0;
  const request = await requestWith({ a: 'x', b: 'from-elsewhere', c: 'dropped' });
  const form = await resolveFormRequest(planFormRequest(container, Hooked), request);
  assert.equal(plain(form.validated()), { a: 'x', b: 'from-elsewhere' });
  assert.equal(trace.at(-1), 'passed');
  const failing = await requestWith({ a: 'x', b: 'from-with' });
  const error = (await outcome(() => resolveFormRequest(planFormRequest(container, Hooked), failing))) as ValidationError;
  assert.equal(error.errors, { b: ['Added by withValidator.'] });
});

class DeniesWithResponse extends FormRequest {
  override authorize() {
    return AuthorizationResponse.deny('foo');
  }
  override rules() {
    return { name: 'required' };
  }
}

class AllowsWithResponse extends FormRequest {
  override authorize() {
    return AuthorizationResponse.allow();
  }
  override rules() {
    return { name: 'required' };
  }
}

class DeniesAsNotFoundLater extends FormRequest {
  override async authorize() {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return AuthorizationResponse.denyAsNotFound();
  }
}

class ThrowsWithStatus extends FormRequest {
  override authorize(): boolean {
    throw new AuthorizationError().withStatus(410);
  }
}

test('authorize() returning a denial throws its AuthorizationError, before validation', async () => {
  const error = await outcome(async () => resolveFormRequest(planFormRequest(container, DeniesWithResponse), await requestWith({})));
  assert.instance(error, AuthorizationError);
  assert.is((error as AuthorizationError).status, 403);
  assert.is((error as AuthorizationError).message, 'foo');
});

test('authorize() returning an allowing response lets the request through to validation', async () => {
  const plan = planFormRequest(container, AllowsWithResponse);
  const passed = resolveFormRequest(plan, await requestWith({ name: 'x' }));
  assert.not.instance(passed, Promise, 'no hook is async: the stage completes synchronously');
  assert.equal((passed as FormRequest).validated(), { name: 'x' });
  assert.instance(await outcome(async () => resolveFormRequest(plan, await requestWith({}))), ValidationError);
});

test('an async authorize() may resolve to a denial with a status', async () => {
  const error = await outcome(async () => resolveFormRequest(planFormRequest(container, DeniesAsNotFoundLater), await requestWith({})));
  assert.instance(error, AuthorizationError);
  assert.is((error as AuthorizationError).status, 404);
  assert.equal((error as AuthorizationError).toJSON(), { message: 'Not Found' });
});

test('an AuthorizationError thrown by authorize() keeps its status', async () => {
  const error = await outcome(async () => resolveFormRequest(planFormRequest(container, ThrowsWithStatus), await requestWith({})));
  assert.instance(error, AuthorizationError);
  assert.is((error as AuthorizationError).status, 410);
});

test.run();
