/**
 * The `signed` route middleware, the host framework's `ValidateSignature`:
 * lets a request through only when its URL carries a valid signature.
 * `signed` checks an absolute signature, `signed:relative` a relative one;
 * more parameters name query parameters to leave out of the check
 * (`signed:relative,utm_source`, or `signed:absolute,utm_source`).
 */
import { inject, injectable } from 'inversify';
import type { Request } from '../http/request.js';
import type { Next } from '../http/middleware.js';
import type { JsonResponse } from '../http/response.js';
import { UrlSigner } from './url-signer.js';
import { InvalidSignatureError } from './invalid-signature-error.js';

/**
 * Route middleware: calls `next` when `UrlSigner.hasValidSignature()` says
 * yes, throws `InvalidSignatureError` (403) otherwise. Every `Application`
 * registers it as the `signed` alias; outside one, build it with
 * `new ValidateSignature(signer)` or let the container inject the signer.
 */
@injectable()
export class ValidateSignature {
  /** Query parameter names never checked (the framework's `$except`); override in a subclass. */
  protected readonly ignore: readonly string[] = [];

  constructor(@inject(UrlSigner) private readonly signer: UrlSigner) {}

  /** `params`: optional `relative` (or `absolute`) first, then names to ignore. */
  async handle(request: Request, next: Next, ...params: string[]): Promise<JsonResponse> {
    let absolute = true;
    if (params[0] === 'relative' || params[0] === 'absolute') {
      absolute = params[0] === 'absolute';
      params = params.slice(1);
    }
    const ignore = [...this.ignore, ...params.map((name) => name.trim()).filter((name) => name !== '')];
    if (!this.signer.hasValidSignature(request, { absolute, ignore })) throw new InvalidSignatureError();
    return next(request);
  }
}
