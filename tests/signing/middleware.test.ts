/**
 * The `signed` middleware: passes valid requests on, answers 403
 * `Invalid signature.` otherwise, reads `relative` and ignored names from
 * its parameters, and can be built by hand or by the container.
 */
import 'reflect-metadata';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createContainer } from '../../src/container.js';
import { MiddlewareResolver } from '../../src/routing/middleware-resolver.js';
import { HttpError } from '../../src/errors/http-error.js';
import { JsonResponse } from '../../src/http/response.js';
import type { HttpRequest } from '../../src/http/request.js';
import { UrlSigner } from '../../src/signing/url-signer.js';
import { ValidateSignature } from '../../src/signing/validate-signature.js';
import { InvalidSignatureError } from '../../src/signing/invalid-signature-error.js';
import { makeSigner, requestFor } from './helpers.js';
import { rejected } from '../helpers/plain.js';

const signer = makeSigner();
const ok = new JsonResponse({ ok: true });
const next = async (_request: HttpRequest) => ok;

const mw = suite('ValidateSignature');

mw('a valid signature calls next and returns its response', async () => {
  const url = signer.signedRoute('system', { action: 'echo' });
  assert.is(await new ValidateSignature(signer).handle(requestFor(url), next), ok);
});

mw('an invalid signature is a 403 "Invalid signature." and next is not called', async () => {
  const url = signer.signedRoute('system', { action: 'echo' }).replace('action=echo', 'action=status');
  let called = false;
  const error = await rejected(
    new ValidateSignature(signer).handle(requestFor(url), async () => {
      called = true;
      return ok;
    }),
  );
  assert.not.ok(called);
  assert.instance(error, InvalidSignatureError);
  assert.instance(error, HttpError);
  assert.is((error as HttpError).status, 403);
  assert.equal((error as HttpError).toJSON(), { message: 'Invalid signature.' });
});

mw('an expired URL is refused the same way', async () => {
  const url = signer.temporarySignedRoute('system', -1, { action: 'echo' });
  assert.instance(await rejected(new ValidateSignature(signer).handle(requestFor(url), next)), InvalidSignatureError);
});

mw('"relative" checks a relative signature; further parameters are ignored names', async () => {
  const relative = signer.signedRoute('system', { action: 'echo' }, { absolute: false });
  const middleware = new ValidateSignature(signer);
  assert.is(await middleware.handle(requestFor(relative), next, 'relative'), ok);
  assert.instance(await rejected(middleware.handle(requestFor(relative), next)), InvalidSignatureError);
  const tracked = `${relative}&utm_source=mail`;
  assert.instance(await rejected(middleware.handle(requestFor(tracked), next, 'relative')), InvalidSignatureError);
  assert.is(await middleware.handle(requestFor(tracked), next, 'relative', 'utm_source'), ok);
  const absolute = `${signer.signedRoute('system', { action: 'echo' })}&utm_source=mail`;
  assert.is(await middleware.handle(requestFor(absolute), next, 'utm_source'), ok);
  assert.is(await middleware.handle(requestFor(absolute), next, 'absolute', 'utm_source'), ok);
});

mw('a subclass can list names that are never checked', async () => {
  class Signed extends ValidateSignature {
    protected override readonly ignore = ['fbclid'];
  }
  const url = `${signer.signedRoute('system', { action: 'echo' })}&fbclid=x`;
  assert.is(await new Signed(signer).handle(requestFor(url), next), ok);
});

mw('the container injects the bound signer', async () => {
  const container = createContainer();
  container.bind(UrlSigner).toConstantValue(signer);
  const middleware = container.get(ValidateSignature);
  assert.instance(middleware, ValidateSignature);
  const url = signer.signedRoute('system', { action: 'echo' });
  assert.is(await middleware.handle(requestFor(url), next), ok);
});

mw('through the resolver: the "signed" alias with "relative" and names', async () => {
  const container = createContainer();
  container.bind(UrlSigner).toConstantValue(signer);
  const resolver = new MiddlewareResolver(container);
  resolver.alias('signed', ValidateSignature);
  const [strict] = resolver.resolve(['signed']);
  const [relaxed] = resolver.resolve(['signed:relative,utm_source']);
  const relative = `${signer.signedRoute('system', { action: 'echo' }, { absolute: false })}&utm_source=x`;
  assert.is(await relaxed!(requestFor(relative), next), ok);
  assert.instance(await rejected(Promise.resolve(strict!(requestFor(relative), next))), InvalidSignatureError);
});

mw.run();
