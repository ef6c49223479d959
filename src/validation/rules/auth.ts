/**
 * Rules about the authenticated user: `current_password[:guard]`. Its check
 * is the server's (`server/current-password-check.ts`: the application's
 * `PasswordUserResolver` and `PasswordHasher`), once per distinct value of
 * a validation run.
 */
import { serverImplementation } from '../server-implementations.js';
import type { Prefetch, RuleFamily } from './definition.js';

export const AUTH = {
  current_password: {
    kind: 'value',
    message: 'The password is incorrect.',
    server: 'password',
    compile: (c) => {
      // `Arr::first($parameters)`; an empty name is the default guard, as `auth()->guard('')`.
      const guard = c.params[0] || null;
      let check: Prefetch | undefined;
      return {
        prefetch: (values, context) => (check ??= serverImplementation('currentPassword', 'current_password')(guard))(values, context),
      };
    },
  },
} as const satisfies RuleFamily;
