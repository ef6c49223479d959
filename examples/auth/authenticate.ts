import { timingSafeEqual } from 'node:crypto';
import { AuthenticationError, type MiddlewareObject, type Next, type HttpRequest } from '../../src/index.js';
import { inject, injectable } from 'inversify';

/** Container key of the token table: token to user name. */
export const AUTH_TOKENS = Symbol('auth tokens');

/**
 * Bearer-token authentication as route middleware: a missing or wrong
 * `Authorization: Bearer <token>` header is a 401 `{"message":"Unauthenticated."}`.
 * On success the caller's name is stored in the request attributes.
 */
@injectable()
export class Authenticate implements MiddlewareObject {
  readonly #tokens: Map<string, string>;

  /** `tokens` maps a token to the name of its owner. */
  constructor(@inject(AUTH_TOKENS) tokens: Record<string, string>) {
    this.#tokens = new Map(Object.entries(tokens));
  }

  handle(request: HttpRequest, next: Next) {
    const header = request.header('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
    const user = match ? this.#find(match[1]!) : undefined;
    if (user === undefined) throw new AuthenticationError();
    request.attributes.set('auth.user', user);
    return next(request);
  }

  #find(token: string): string | undefined {
    const given = Buffer.from(token);
    for (const [known, user] of this.#tokens) {
      const expected = Buffer.from(known);
      if (expected.length === given.length && timingSafeEqual(expected, given)) return user;
    }
    return undefined;
  }
}
