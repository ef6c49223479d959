import { InteractsWithInput } from './request/interacts-with-input.js';

export type { RequestLimits } from './request/request-base.js';
export type { RequestRoute } from './request/request-record.js';

/** Finds the authenticated user for `request.user()`; `guard` is what the caller passed (Laravel's guard name). */
export type UserResolver = (guard?: string) => unknown;

/**
 * One incoming request, as route middleware, form requests and handlers see
 * it, with Laravel's accessors under Laravel's names: input (`input()`,
 * `only()`, `has()`, `filled()`, `boolean()`...), URL (`path()`, `url()`,
 * `is()`, `host()`, `ip()`...), content negotiation (`expectsJson()`,
 * `accepts()`, `prefers()`, `format()`...), headers, cookies and the user.
 * The table of every accessor is in docs/requests.md. The query string is
 * parsed on first use; the body is read only when a stage needs it.
 */
export class HttpRequest extends InteractsWithInput {
  /** The request itself (Laravel's `instance()`). */
  instance(): this {
    return this;
  }

  /**
   * The authenticated user: what the resolver set by authentication
   * middleware returns (`setUserResolver`), else the `auth.user` attribute,
   * else undefined (Laravel: null). `T` types the user you resolve.
   */
  user<T = unknown>(guard?: string): T | undefined {
    const resolver = this.peekMemo()?.userResolver;
    if (resolver !== undefined) return resolver(guard) as T | undefined;
    return this.peekAttribute('auth.user') as T | undefined;
  }

  /** Sets how `user()` finds the user; authentication middleware calls it. Returns the request. */
  setUserResolver(resolver: UserResolver): this {
    if (typeof resolver === 'function') this.memo().userResolver = resolver;
    return this;
  }

  /** The resolver `user()` calls. */
  getUserResolver(): UserResolver {
    return this.peekMemo()?.userResolver ?? (() => this.peekAttribute('auth.user'));
  }
}
