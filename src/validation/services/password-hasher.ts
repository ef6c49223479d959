/**
 * Checks a plain password against a stored hash for `current_password`:
 * Laravel's `Hash::check`, as a container key. Without a binding the rule
 * uses `BcryptPasswordHasher`; bind your own for another algorithm with
 * `app.container.bind(PasswordHasher).toConstantValue(hasher)`.
 */
import type { Awaitable } from '../../awaitable.js';

export abstract class PasswordHasher {
  /**
   * True when `plain` is the password `hash` was made from. An empty hash
   * never matches. A hash of another algorithm is the application's fault:
   * throw (a reported 500), as Laravel's hasher does.
   */
  abstract check(plain: string, hash: string): Awaitable<boolean>;
}
