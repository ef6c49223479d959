/**
 * Database rules: `exists` and `unique`, as Laravel 11's `validateExists`
 * and `validateUnique`. Parameters are read once, when the rule is compiled
 * (`database-params.ts`), anywhere; the query is the server's
 * (`server/presence-checks.ts`, over the application's `PresenceVerifier`),
 * run once per validation, before any rule checks (`Compiled.prefetch`),
 * with every value at the rule's field.
 */
import { serverPrefetch } from '../server-implementations.js';
import { existsTarget, uniqueTarget } from './database-params.js';
import type { RuleFamily } from './definition.js';

export const DATABASE = {
  exists: {
    kind: 'value',
    params: 1,
    message: 'The selected :attribute is invalid.',
    server: 'database',
    skipsAfterFailure: true,
    compile: (c) => {
      const target = existsTarget(c.params, c.field);
      return { prefetch: serverPrefetch('exists', (server) => server.exists(target, c.field)) };
    },
  },
  unique: {
    kind: 'value',
    params: 1,
    message: 'The :attribute has already been taken.',
    server: 'database',
    skipsAfterFailure: true,
    compile: (c) => {
      const target = uniqueTarget(c.params, c.field);
      return { prefetch: serverPrefetch('unique', (server) => server.unique(target, c.field)) };
    },
  },
} as const satisfies RuleFamily;
