/**
 * SPEC rule 12 helpers: recognising the signed middleware and refusing a
 * signed route that selects its action outside the query.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LogicException } from '../../src/errors/logic-exception.js';
import { ValidateSignature } from '../../src/signing/validate-signature.js';
import { assertSignedRouteSelectsByQuery, isSignatureMiddleware } from '../../src/signing/signed-route-guard.js';
import { thrown } from '../helpers/plain.js';

const guard = suite('signed routes select by query');

guard('isSignatureMiddleware knows the alias, its parameters and the class', () => {
  class Strict extends ValidateSignature {}
  for (const spec of ['signed', 'signed:relative', 'signed:relative,utm_source', ValidateSignature, Strict]) {
    assert.ok(isSignatureMiddleware(spec), String(spec));
  }
  for (const spec of ['auth', 'signedx', 'api', () => undefined, class Other {}, undefined]) {
    assert.not.ok(isSignatureMiddleware(spec), String(spec));
  }
  assert.ok(isSignatureMiddleware('sig:relative', 'sig'));
});

guard('query selection passes; body or both is a LogicException', () => {
  assertSignedRouteSelectsByQuery('/api/system', 'query');
  for (const source of ['body', 'both']) {
    const error = thrown(() => assertSignedRouteSelectsByQuery('/api/system', source));
    assert.instance(error, LogicException);
    assert.match((error as Error).message, '"/api/system"');
  }
});

guard.run();
