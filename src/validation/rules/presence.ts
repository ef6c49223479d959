/**
 * Presence rules: the flags that change how a field runs (`bail`,
 * `nullable`, `sometimes`) and the implicit rules, which run on a missing or
 * blank value too (`required` and its conditional forms, `present`,
 * `filled`, `accepted`, `declined`).
 */
import { displayValue, isEmptyValue } from '../php.js';
import type { RunEnv } from '../field-ref.js';
import type { CheckedRule, Compiled, RuleContext, RuleFamily } from './definition.js';
import { dependentCondition, filledCount } from './dependent.js';

const ACCEPTED: readonly unknown[] = ['yes', 'on', '1', 1, true, 'true'];
const DECLINED: readonly unknown[] = ['no', 'off', '0', 0, false, 'false'];

export const isAccepted = (v: unknown): boolean => !isEmptyValue(v) && ACCEPTED.includes(v);
export const isDeclined = (v: unknown): boolean => !isEmptyValue(v) && DECLINED.includes(v);

/** `:other` and `:value` (the other field's value as shown), as `replaceRequiredIf`. */
export function otherAndItsValue(c: RuleContext): Compiled['replace'] {
  const other = c.ref(c.params[0]!);
  return (env: RunEnv) => [
    [':other', other.display(env)],
    [':value', displayValue(other.get(env) ?? null)],
  ];
}

/** `:other` and `:values` (the listed values), as `replaceRequiredUnless`. */
export function otherAndValues(c: RuleContext): Compiled['replace'] {
  const other = c.ref(c.params[0]!);
  const values = c.params.slice(1).join(', ');
  if (!other.dynamic) {
    return [
      [':other', other.display(null)],
      [':values', values],
    ];
  }
  return (env: RunEnv) => [
    [':other', other.display(env)],
    [':values', values],
  ];
}

/** `:values`: the named fields, joined with ` / ` (`replaceRequiredWith`). */
export function fieldList(c: RuleContext, placeholder = ':values'): Compiled['replace'] {
  const refs = c.params.map((p) => c.ref(p));
  const list = (env: RunEnv | null): string => refs.map((r) => r.display(env)).join(' / ');
  return refs.some((r) => r.dynamic) ? (env: RunEnv) => [[placeholder, list(env)]] : [[placeholder, list(null)]];
}

/** `:other` naming one field (`replaceSame`). */
export function otherName(c: RuleContext, key: string): Compiled['replace'] {
  const other = c.ref(key);
  return other.dynamic ? (env: RunEnv) => [[':other', other.display(env)]] : [[':other', other.display(null)]];
}

function requiredWhen(message: string, when: 'any-filled' | 'all-filled' | 'any-empty' | 'all-empty'): CheckedRule {
  return {
    kind: 'implicit',
    params: 1,
    message,
    compile: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      const n = refs.length;
      const trigger =
        when === 'any-filled'
          ? (env: RunEnv) => filledCount(refs, env) > 0
          : when === 'all-filled'
            ? (env: RunEnv) => filledCount(refs, env) === n
            : when === 'any-empty'
              ? (env: RunEnv) => filledCount(refs, env) < n
              : (env: RunEnv) => filledCount(refs, env) === 0;
      return { check: (v, env) => !isEmptyValue(v) || !trigger(env), replace: fieldList(c) };
    },
  };
}

export const PRESENCE = {
  bail: { kind: 'flag', facts: { bail: true } },
  nullable: { kind: 'flag', facts: { nullable: true } },
  sometimes: { kind: 'flag', facts: { sometimes: true } },

  required: {
    kind: 'implicit',
    message: 'The :attribute field is required.',
    compile: () => ({ check: (v) => !isEmptyValue(v) }),
  },
  filled: {
    kind: 'implicit',
    message: 'The :attribute field must have a value.',
    compile: () => ({ check: (v, env) => !env.exists || !isEmptyValue(v) }),
  },
  present: {
    kind: 'implicit',
    message: 'The :attribute field must be present.',
    compile: () => ({ check: (_v, env) => env.exists }),
  },
  accepted: {
    kind: 'implicit',
    message: 'The :attribute field must be accepted.',
    compile: () => ({ check: isAccepted }),
  },
  declined: {
    kind: 'implicit',
    message: 'The :attribute field must be declined.',
    compile: () => ({ check: isDeclined }),
  },
  required_if: {
    kind: 'implicit',
    params: 2,
    message: 'The :attribute field is required when :other is :value.',
    compile: (c) => {
      const { other, matches } = dependentCondition(c);
      return {
        check: (v, env) => !isEmptyValue(v) || !other.has(env) || !matches(env),
        replace: otherAndItsValue(c),
      };
    },
  },
  required_unless: {
    kind: 'implicit',
    params: 2,
    message: 'The :attribute field is required unless :other is in :values.',
    compile: (c) => {
      const { matches } = dependentCondition(c);
      return { check: (v, env) => !isEmptyValue(v) || matches(env), replace: otherAndValues(c) };
    },
  },
  required_with: requiredWhen('The :attribute field is required when :values is present.', 'any-filled'),
  required_with_all: requiredWhen('The :attribute field is required when :values are present.', 'all-filled'),
  required_without: requiredWhen('The :attribute field is required when :values is not present.', 'any-empty'),
  required_without_all: requiredWhen('The :attribute field is required when none of :values are present.', 'all-empty'),
} as const satisfies RuleFamily;
