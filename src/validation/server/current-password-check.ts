/**
 * The server side of `current_password[:guard]` (`rules/auth.ts` holds its
 * definition): the user's password hash comes from the application's
 * `PasswordUserResolver` (no default: a reported 500 naming it when none is
 * bound), the comparison from its `PasswordHasher` (bcrypt when none is
 * bound), once per distinct value of a validation run.
 */
import { LogicException } from '../../errors/logic-exception.js';
import type { HttpRequest } from '../../http/request.js';
import { isBlankString, isContainer, phpString } from '../php.js';
import type { Prefetch } from '../rules/definition.js';
import { defaultPasswordHasher } from '../services/defaults.js';
import { PasswordHasher } from '../services/password-hasher.js';
import { PasswordUserResolver } from '../services/password-user-resolver.js';

/**
 * The password PHP's `password_verify` receives, or null when nothing can
 * match: an array (a TypeError in PHP, a failed rule here), null (`''`,
 * never a user's password), or a blank string (the rule never checks it;
 * asking for the user would fault an application without a resolver where
 * Laravel passes).
 */
const plainOf = (value: unknown): string | null => (value === null || isContainer(value) || isBlankString(value) ? null : phpString(value));

/** `current_password` for `guard` (null: the default guard): its check once the user's hash is compared. */
export function currentPasswordPrefetch(guard: string | null): Prefetch {
  return async (values, context) => {
    const plains = new Set<string>();
    for (const value of values) {
      const plain = plainOf(value);
      if (plain !== null) plains.add(plain);
    }
    if (plains.size === 0) return () => false;
    const users = context.service(PasswordUserResolver);
    if (context.request === undefined) {
      throw new LogicException(
        'The "current_password" rule needs the request being validated (it asks PasswordUserResolver for its user).',
      );
    }
    const hash = await users.passwordHash(context.request as HttpRequest, guard);
    // A guest fails, as Laravel's `$guard->guest()`.
    if (hash === null) return () => false;
    const hasher = context.service(PasswordHasher, defaultPasswordHasher);
    const matching = new Set<string>();
    await Promise.all(
      [...plains].map(async (plain) => {
        if (await hasher.check(plain, hash)) matching.add(plain);
      }),
    );
    return (value) => {
      const plain = plainOf(value);
      return plain !== null && matching.has(plain);
    };
  };
}
