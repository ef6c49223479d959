/**
 * Database rules: `exists` and `unique`, as Laravel 11's `validateExists`
 * and `validateUnique`. Parameters are read once, when the rule is compiled
 * (`database-params.ts`), anywhere; the query is the server's
 * (`server/presence-checks.ts`, over the application's `PresenceVerifier`),
 * run once per validation, before any rule checks (`Compiled.prefetch`),
 * with every value at the rule's field.
 */
import { serverImplementation } from '../server-implementations.js';
import { existsTarget, uniqueTarget } from './database-params.js';
import type { Prefetch, RuleFamily } from './definition.js';

export const DATABASE = {
  exists: {
    kind: 'value',
    params: 1,
    message: 'The selected :attribute is invalid.',
    server: 'database',
    skipsAfterFailure: true,
    compile: (c) => {
      const target = existsTarget(c.params, c.field);
      const field = c.field;
      let query: Prefetch | undefined;
      return { prefetch: (values, context) => (query ??= serverImplementation('exists', 'exists')(target, field))(values, context) };
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
      const field = c.field;
      let query: Prefetch | undefined;
      return { prefetch: (values, context) => (query ??= serverImplementation('unique', 'unique')(target, field))(values, context) };
    },
  },
} as const satisfies RuleFamily;
