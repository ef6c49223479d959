/**
 * Comparison rules: with another field (`same`, `confirmed`, `different`)
 * or with listed values (`in`, `not_in`, loosely, as PHP's `in_array`).
 */
import { NUMERIC_STRING, isContainer, looseEquals, phpString, strictEquals } from '../php.js';
import type { CheckedRule, RuleContext, RuleFamily } from './definition.js';
import { valuesParam } from './params.js';
import { otherName } from './presence.js';

function sameAs(c: RuleContext, key: string) {
  const other = c.ref(key);
  return {
    check: (v: unknown, env: Parameters<typeof other.get>[0]) => strictEquals(v, other.get(env) ?? null),
    replace: otherName(c, key),
  };
}

/** `in_array((string) $value, $parameters)`: equal strings, or equal numbers when both are numeric. */
function inList(values: readonly string[]): (text: string) => boolean {
  const exact = new Set(values);
  const numbers = values.filter((p) => NUMERIC_STRING.test(p));
  return (text) => exact.has(text) || (numbers.length > 0 && NUMERIC_STRING.test(text) && numbers.some((p) => looseEquals(p, text)));
}

/**
 * Laravel's `validateIn`: with the Array rule, an array passes when none of
 * its items is an array and each is listed (`array_diff`, as strings);
 * any other array fails; a scalar passes when `(string) $value` is listed.
 * `not_in` is its negation, arrays included.
 */
function inRule(negate: boolean): CheckedRule {
  return {
    kind: 'value',
    params: 1,
    message: 'The selected :attribute is invalid.',
    compile: (c) => {
      const values = valuesParam(c);
      const contains = inList(values);
      const exact = new Set(values);
      const each = c.field.arrayRule;
      const isIn = (v: unknown): boolean => {
        if (isContainer(v)) {
          if (!each) return false;
          for (const item of Object.values(v)) {
            if (isContainer(item)) return false;
            const text = phpString(item);
            if (text === null || !exact.has(text)) return false;
          }
          return true;
        }
        const text = phpString(v);
        return text !== null && contains(text);
      };
      return { check: negate ? (v) => !isIn(v) : isIn, replace: [[':values', c.params.join(', ')]] };
    },
  };
}

export const COMPARISON = {
  same: {
    kind: 'value',
    params: 1,
    message: 'The :attribute field must match :other.',
    compile: (c) => sameAs(c, c.params[0]!),
  },
  confirmed: {
    kind: 'value',
    message: 'The :attribute field confirmation does not match.',
    // Laravel 11 has no replacer for confirmed: a custom message's :other stays as written.
    compile: (c) => ({ check: sameAs(c, c.params[0] || `${c.field.key}_confirmation`).check }),
  },
  different: {
    kind: 'value',
    params: 1,
    message: 'The :attribute field and :other must be different.',
    compile: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      return {
        check: (v, env) => {
          for (const r of refs) if (r.has(env) && strictEquals(v, r.get(env))) return false;
          return true;
        },
        replace: otherName(c, c.params[0]!),
      };
    },
  },
  in: inRule(false),
  not_in: inRule(true),
} as const satisfies RuleFamily;
