/**
 * Tells whether a password appeared in known data leaks, for
 * `Password.uncompromised()`: Laravel's `UncompromisedVerifier` contract,
 * as a container key. Without a binding the rule uses `NotPwnedVerifier`
 * (the Have I Been Pwned range API); bind your own with
 * `app.container.bind(UncompromisedVerifier).toConstantValue(verifier)`.
 */
import type { Awaitable } from '../../awaitable.js';

export abstract class UncompromisedVerifier {
  /**
   * False when `value` appeared in leaks more than `threshold` times (the
   * rule then fails), true otherwise. A rejection is a reported 500; the
   * default verifier instead passes the password when the service cannot
   * be reached, as Laravel's does.
   */
  abstract verify(value: string, threshold: number): Awaitable<boolean>;
}
