/**
 * Rules about the authenticated user: `current_password[:guard]`. Its check
 * is the server's (`server/current-password-check.ts`: the application's
 * `PasswordUserResolver` and `PasswordHasher`), once per distinct value of
 * a validation run.
 */
import { serverPrefetch } from '../server-implementations.js';
import type { RuleFamily } from './definition.js';

export const AUTH = {
  current_password: {
    kind: 'value',
    message: 'The password is incorrect.',
    server: 'password',
    compile: (c) => {
      // `Arr::first($parameters)`; an empty name is the default guard, as `auth()->guard('')`.
      const guard = c.params[0] || null;
      return { prefetch: serverPrefetch('current_password', (server) => server.currentPassword(guard)) };
    },
  },
} as const satisfies RuleFamily;
