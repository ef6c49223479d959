/**
 * Where `current_password` finds the password hash of the request's user:
 * Laravel's `auth()->guard($guard)->user()->getAuthPassword()`. Switchyard
 * has no authentication of its own, so the application binds one, e.g.
 * `app.container.bind(PasswordUserResolver).toConstantValue(new MyResolver())`.
 * A form request with `current_password` and nothing bound is a reported 500
 * naming this class.
 */
import type { Awaitable } from '../../awaitable.js';
import type { HttpRequest } from '../../http/request.js';

export abstract class PasswordUserResolver {
  /**
   * The stored password hash of the user `request` is authenticated as,
   * under `guard` (the rule's parameter, `current_password:api`; null for
   * the default), or null for a guest: the rule then fails, as Laravel's.
   */
  abstract passwordHash(request: HttpRequest, guard: string | null): Awaitable<string | null>;
}
