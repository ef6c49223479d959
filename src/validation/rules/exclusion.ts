/**
 * Exclusion rules: `exclude`, `exclude_if`, `exclude_unless`,
 * `exclude_with`, `exclude_without`. They never fail: when their condition
 * holds, the attribute (and everything under it) is left out of validation
 * and of `validated()`, as Laravel's `excludeAttribute`. Their check is true
 * when the attribute stays.
 */
import { isEmptyValue } from '../php.js';
import type { RuleFamily } from './definition.js';
import { dependentCondition } from './dependent.js';

export const EXCLUSION = {
  exclude: {
    kind: 'exclude',
    compile: () => ({ check: () => false }),
  },
  exclude_if: {
    kind: 'exclude',
    params: 2,
    compile: (c) => {
      const { other, matches } = dependentCondition(c);
      return { check: (_v, env) => !other.has(env) || !matches(env) };
    },
  },
  exclude_unless: {
    kind: 'exclude',
    params: 2,
    compile: (c) => {
      const { matches } = dependentCondition(c);
      return { check: (_v, env) => matches(env) };
    },
  },
  exclude_with: {
    kind: 'exclude',
    params: 1,
    compile: (c) => {
      // Laravel reads only the first field.
      const other = c.ref(c.params[0]!);
      return { check: (_v, env) => !other.has(env) };
    },
  },
  exclude_without: {
    kind: 'exclude',
    params: 1,
    compile: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      return {
        check: (_v, env) => {
          for (const r of refs) if (isEmptyValue(r.get(env))) return false;
          return true;
        },
      };
    },
  },
} as const satisfies RuleFamily;
