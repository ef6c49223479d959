/**
 * The `signed` route middleware, the host framework's `ValidateSignature`:
 * lets a request through only when its URL carries a valid signature.
 * `signed` checks an absolute signature, `signed:relative` a relative one;
 * more parameters name query parameters to leave out of the check
 * (`signed:relative,utm_source`, or `signed:absolute,utm_source`).
 */
import { inject, injectable } from 'inversify';
import type { HttpRequest } from '../http/request.js';
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

  /** Parsed middleware parameters, per parameter list: a route's list never changes, so parse it once. */
  readonly #options = new Map<string, { absolute: boolean; ignore: readonly string[] }>();

  constructor(@inject(UrlSigner) private readonly signer: UrlSigner) {}

  /** `params`: optional `relative` (or `absolute`) first, then names to ignore. */
  async handle(request: HttpRequest, next: Next, ...params: string[]): Promise<JsonResponse> {
    if (!this.signer.hasValidSignature(request, this.#optionsFor(params))) throw new InvalidSignatureError();
    return next(request);
  }

  #optionsFor(params: string[]): { absolute: boolean; ignore: readonly string[] } {
    const key = params.join(',');
    let options = this.#options.get(key);
    if (options === undefined) {
      let absolute = true;
      let names = params;
      if (names[0] === 'relative' || names[0] === 'absolute') {
        absolute = names[0] === 'absolute';
        names = names.slice(1);
      }
      const ignore = [...this.ignore, ...names.map((name) => name.trim()).filter((name) => name !== '')];
      options = { absolute, ignore };
      this.#options.set(key, options);
    }
    return options;
  }
}
