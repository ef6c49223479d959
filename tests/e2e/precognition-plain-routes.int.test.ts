/**
 * Precognition on plain routes, behind the `precognitive` middleware (the
 * host framework's `HandlePrecognitiveRequests`): cases of Laravel's
 * `tests/Integration/Routing/PrecognitionTest.php`, over real sockets. A
 * prediction runs middleware and the route's form request, never the
 * handler; every answer of such a route varies on `Precognition`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Action,
  ActionController,
  Application,
  FormRequest,
  AuthorizationError,
  json,
  noContent,
  type MiddlewareFunction,
} from '../../src/index.js';
import { serve } from '../helpers/apps.js';

const PRECOG = { precognition: 'true' };
let handled = 0;
const fail = () => {
  handled++;
  return json({ message: 'This code should not be reached.' }, 500);
};

class PrecognitionTestRequest extends FormRequest {
  override rules() {
    return {
      required_integer: 'required|integer',
      optional_integer_1: 'integer',
      optional_integer_2: 'integer',
      ' input with spaces ': 'integer',
    };
  }
}

class NestedPrecognitionTestRequest extends FormRequest {
  override rules() {
    return { nested: ['required', 'array', 'min:1'], 'nested.*.name': ['required', 'string'] };
  }
}

class PrecognitionRequestWithEscapedDots extends FormRequest {
  override rules() {
    return { 'escaped\\.dot': ['required'] };
  }
}

class PlainAction extends Action {
  override methods = ['POST'];
  static override formRequest = NestedPrecognitionTestRequest;
  handle() {
    return fail();
  }
}

class PlainController extends ActionController {
  override actions = { nested: PlainAction };
}

const alwaysDeny: MiddlewareFunction = () => {
  throw new AuthorizationError();
};
const returnsNoContent: MiddlewareFunction = () => noContent();
const returnsExpectedHeader: MiddlewareFunction = () => json(null, 200, { expected: 'Header' });

const test = suite('Precognition on plain routes behind `precognitive` (Laravel PrecognitionTest)');
const served = serve(test, () =>
  new Application().withRouting({
    api: (router) => {
      router.addRoute(['GET'], '/callable', () => fail()).middleware('precognitive');
      router.addRoute(['POST'], '/form', { formRequest: PrecognitionTestRequest, handler: () => fail() }).middleware('precognitive');
      router
        .addRoute(['POST'], '/saved', {
          formRequest: PrecognitionTestRequest,
          handler: (form: PrecognitionTestRequest) => json({ saved: form.validated() }),
        })
        .middleware('precognitive');
      router
        .addRoute(['POST'], '/nested', { formRequest: NestedPrecognitionTestRequest, handler: () => fail() })
        .middleware('precognitive');
      router
        .addRoute(['POST'], '/escaped', { formRequest: PrecognitionRequestWithEscapedDots, handler: () => fail() })
        .middleware('precognitive');
      router.addRoute(['GET'], '/deny-before', () => fail()).middleware(alwaysDeny, 'precognitive');
      router.addRoute(['GET'], '/deny-after', () => fail()).middleware('precognitive', alwaysDeny);
      router.addRoute(['GET'], '/ok', () => json('ok')).middleware('precognitive');
      router.addRoute(['GET'], '/vary-foo', () => json('expected', 200, { vary: 'Foo' })).middleware('precognitive');
      router.addRoute(['GET'], '/no-content', () => fail()).middleware('precognitive', returnsNoContent);
      router.addRoute(['GET'], '/expected-header', () => fail()).middleware('precognitive', returnsExpectedHeader);
      router.addRoute(['GET'], '/not-precognitive', () => json('ran'));
      router.svc('/svc', PlainController, ['POST']).middleware('precognitive');
    },
  }),
);

const send = (method: string, path: string, options?: Parameters<typeof served.http.send>[2]) => served.http.send(method, path, options);
test.before.each(() => {
  handled = 0;
});
test.after.each(() => {
  assert.is(handled, 0, 'the handler never runs for a prediction');
});

test('testItDoesntInvokeCallableControllerByDefault: 204 with Precognition-Success, the handler not run', async () => {
  const reply = await send('GET', '/api/callable', { headers: PRECOG });
  assert.is(reply.status, 204);
  assert.is(reply.text, '');
  assert.is(reply.headers['precognition-success'], 'true');
  assert.is(reply.headers['precognition'], 'true');
  assert.is(reply.headers['vary'], 'Precognition');
});

test('testClientCanSpecifyInputToValidate: only the listed fields are validated', async () => {
  const reply = await send('POST', '/api/form', {
    json: { optional_integer_1: 'foo', optional_integer_2: 'foo' },
    headers: { ...PRECOG, 'precognition-validate-only': 'optional_integer_1,optional_integer_2' },
  });
  assert.is(reply.status, 422);
  assert.is(reply.headers['precognition-success'], undefined);
  assert.equal(reply.body.errors, {
    optional_integer_1: ['The optional integer 1 field must be an integer.'],
    optional_integer_2: ['The optional integer 2 field must be an integer.'],
  });
  assert.is(reply.headers['precognition'], 'true');
  assert.is(reply.headers['vary'], 'Precognition');
});

test('a prediction without Validate-Only validates every field: 422', async () => {
  const reply = await send('POST', '/api/form', { json: { optional_integer_1: 'foo' }, headers: PRECOG });
  assert.is(reply.status, 422);
  assert.equal(Object.keys(reply.body.errors), ['required_integer', 'optional_integer_1']);
});

test('testClientCanSpecifyNoInputsToValidate: an empty header, 204', async () => {
  const reply = await send('POST', '/api/form', {
    json: { optional_integer_1: 'foo', optional_integer_2: 'foo' },
    headers: { ...PRECOG, 'precognition-validate-only': '' },
  });
  assert.is(reply.status, 204);
  assert.is(reply.headers['precognition-success'], 'true');
});

test('testSpacesAreImportantInValidationFilterLogicForJsonRequests: names are not trimmed', async () => {
  // The wire trims a header value's ends, so the spaced name goes between commas.
  const reply = await send('POST', '/api/form', {
    json: { ' input with spaces ': 'foo', optional_integer_2: 'foo' },
    headers: { ...PRECOG, 'precognition-validate-only': 'x, input with spaces ,y, optional_integer_2' },
  });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { ' input with spaces ': ['The input with spaces field must be an integer.'] });
});

test('testItStopsExecutionAfterSuccessfulValidationWithValidationFilteringAndFormRequest: a form body, 204', async () => {
  const reply = await send('POST', '/api/form', {
    form: 'optional_integer_1=1&optional_integer_2=foo',
    headers: { ...PRECOG, 'precognition-validate-only': 'optional_integer_1' },
  });
  assert.is(reply.status, 204);
  assert.is(reply.headers['precognition'], 'true');
  assert.is(reply.headers['precognition-success'], 'true');
});

test('testItStopsExecutionAfterFailedValidationWithNestedValidationFilteringUsingFormRequest', async () => {
  const reply = await send('POST', '/api/nested', {
    json: { nested: [{ namsse: 'sdsd' }] },
    headers: { ...PRECOG, 'precognition-validate-only': 'nested,nested.0.name' },
  });
  assert.is(reply.status, 422);
  assert.equal(reply.body, {
    message: 'The nested.0.name field is required.',
    errors: { 'nested.0.name': ['The nested.0.name field is required.'] },
  });
  assert.is(reply.headers['precognition'], 'true');
  assert.is(reply.headers['precognition-success'], undefined);
});

test('testItCanFilterRulesWithEscapedDotsUsingFormRequest / testItCanPassValidationForEscapedDotsAfterFilteringWithPrecognition', async () => {
  const missing = await send('POST', '/api/escaped', { json: {}, headers: { ...PRECOG, 'precognition-validate-only': 'escaped\\.dot' } });
  assert.is(missing.status, 422);
  assert.equal(missing.body, {
    message: 'The escaped.dot field is required.',
    errors: { 'escaped.dot': ['The escaped.dot field is required.'] },
  });
  const present = await send('POST', '/api/escaped', {
    json: { 'escaped.dot': 'value' },
    headers: { ...PRECOG, 'precognition-validate-only': 'escaped\\.dot' },
  });
  assert.is(present.status, 204);
  assert.is(present.headers['precognition-success'], 'true');
});

test('testItAppliesHeadersWhenFlowControlExceptionIsThrown: a 403 before or after the middleware carries both headers', async () => {
  for (const path of ['/api/deny-before', '/api/deny-after']) {
    const reply = await send('GET', path, { headers: PRECOG });
    assert.is(reply.status, 403, path);
    assert.is(reply.headers['precognition'], 'true', path);
    assert.is(reply.headers['vary'], 'Precognition', path);
    assert.is(reply.headers['precognition-success'], undefined, path);
  }
});

test('testVaryHeaderIsAppliedToNonPrecognitionResponses: a real request runs the handler, with Vary', async () => {
  const reply = await send('GET', '/api/ok');
  assert.is(reply.status, 200);
  assert.is(reply.body, 'ok');
  assert.is(reply.headers['vary'], 'Precognition');
  assert.is(reply.headers['precognition'], undefined);
  assert.is(reply.headers['precognition-success'], undefined);
});

test('testItAppendsAnAdditionalVaryHeaderInsteadOfReplacingAnyExistingVaryHeaders', async () => {
  const reply = await send('GET', '/api/vary-foo');
  assert.is(reply.headers['vary'], 'Foo, Precognition');
});

test('testItCanNoContentWhileAlsoNotBeingPrecognitive: a middleware 204 is no success', async () => {
  const reply = await send('GET', '/api/no-content', { headers: PRECOG });
  assert.is(reply.status, 204);
  assert.is(reply.headers['precognition'], 'true');
  assert.is(reply.headers['precognition-success'], undefined);
});

test('testItAppendsPrecognitionHeaderToSymfonyResponse: a middleware answer keeps its headers and gets Precognition', async () => {
  const reply = await send('GET', '/api/expected-header', { headers: PRECOG });
  assert.is(reply.status, 200);
  assert.is(reply.headers['expected'], 'Header');
  assert.is(reply.headers['precognition'], 'true');
});

test('a real request to a route with a form request: validated, then the handler gets the form', async () => {
  const bad = await send('POST', '/api/saved', { json: { required_integer: 'x' } });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors, { required_integer: ['The required integer field must be an integer.'] });
  assert.is(bad.headers['vary'], 'Precognition');
  const good = await send('POST', '/api/saved', { json: { required_integer: 5, extra: 1 } });
  assert.is(good.status, 200, good.text);
  assert.equal(good.body, { saved: { required_integer: 5 } });
  const predicted = await send('POST', '/api/saved', { json: { required_integer: 5 }, headers: PRECOG });
  assert.is(predicted.status, 204, 'a valid prediction never saves');
});

test('a svc route behind `precognitive`: its actions answer predictions without `precognition = true`', async () => {
  const reply = await send('POST', '/api/svc?action=nested', {
    json: { nested: [{ namsse: 'sdsd' }] },
    headers: { ...PRECOG, 'precognition-validate-only': 'nested,nested.0.name' },
  });
  assert.is(reply.status, 422);
  assert.equal(Object.keys(reply.body.errors), ['nested.0.name']);
  assert.is(reply.headers['vary'], 'Precognition');
  const valid = await send('POST', '/api/svc?action=nested', { json: { nested: [{ name: 'a' }] }, headers: PRECOG });
  assert.is(valid.status, 204);
  assert.is(valid.headers['precognition-success'], 'true');
});

test('a plain route without `precognitive` has no Vary: Precognition', async () => {
  const reply = await send('GET', '/api/not-precognitive');
  assert.is(reply.status, 200);
  assert.is(reply.headers['vary'], undefined);
});

test.run();
