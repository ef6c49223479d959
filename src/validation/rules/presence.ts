/**
 * Presence rules: the flags that change how a field runs (`bail`,
 * `nullable`, `sometimes`) and the implicit rules, which run on a missing or
 * blank value too (`required` and its conditional forms, `present`,
 * `filled`, `accepted`, `declined`).
 */
import { displayValue, isEmptyValue } from '../php.js';
import type { RunEnv } from '../field-ref.js';
import type { CheckedRule, Compiled, RuleContext, RuleFamily } from './definition.js';
import { dependentCondition, filledCount, presentCount } from './dependent.js';

const ACCEPTED: readonly unknown[] = ['yes', 'on', '1', 1, true, 'true'];
const DECLINED: readonly unknown[] = ['no', 'off', '0', 0, false, 'false'];

const isAccepted = (v: unknown): boolean => !isEmptyValue(v) && ACCEPTED.includes(v);
const isDeclined = (v: unknown): boolean => !isEmptyValue(v) && DECLINED.includes(v);

/** `:other` and `:value` (the other field's value as shown), as `replaceRequiredIf`. */
function otherAndItsValue(c: RuleContext): Compiled['replace'] {
  const other = c.ref(c.params[0]!);
  return (env: RunEnv) => [
    [':other', other.display(env)],
    [':value', displayValue(other.get(env) ?? null)],
  ];
}

/**
 * `:other` naming the field `key`, then `fixed` placeholders: a constant list
 * when the field's name is static, else one built per attribute.
 */
function otherWith(c: RuleContext, key: string, fixed: readonly (readonly [string, string])[]): Compiled['replace'] {
  const other = c.ref(key);
  if (!other.dynamic) return [[':other', other.display(null)], ...fixed];
  return (env: RunEnv) => [[':other', other.display(env)], ...fixed];
}

/** `:other` and `:values` (the listed values), as `replaceRequiredUnless`. */
function otherAndValues(c: RuleContext): Compiled['replace'] {
  return otherWith(c, c.params[0]!, [[':values', c.params.slice(1).join(', ')]]);
}

/** `:values`: the named fields, joined with ` / ` (`replaceRequiredWith`). */
function fieldList(c: RuleContext, placeholder = ':values'): Compiled['replace'] {
  const refs = c.params.map((p) => c.ref(p));
  const list = (env: RunEnv | null): string => refs.map((r) => r.display(env)).join(' / ');
  return refs.some((r) => r.dynamic) ? (env: RunEnv) => [[placeholder, list(env)]] : [[placeholder, list(null)]];
}

/** `:other` naming one field (`replaceSame`). */
export function otherName(c: RuleContext, key: string): Compiled['replace'] {
  return otherWith(c, key, []);
}

/** `:other` and `:value` (the second parameter, as written), as `replaceMissingUnless`. */
function otherAndFirstValue(c: RuleContext): Compiled['replace'] {
  return otherWith(c, c.params[0]!, [[':value', c.params[1]!]]);
}

/**
 * A rule that applies its test only when another field matches (`_if`) or
 * does not (`_unless`) one of the listed values, as Laravel's `*If` rules.
 */
function conditional(
  kind: 'implicit' | 'value',
  message: string,
  unless: boolean,
  test: (v: unknown, env: RunEnv) => boolean,
  replace: (c: RuleContext) => Compiled['replace'],
): CheckedRule {
  return {
    kind,
    params: 2,
    message,
    compile: (c) => {
      const { matches } = dependentCondition(c);
      return {
        check: unless ? (v, env) => matches(env) || test(v, env) : (v, env) => !matches(env) || test(v, env),
        replace: replace(c),
      };
    },
  };
}

/** A rule whose test applies when another field (params[0]) is accepted or declined. */
function whenOther(
  kind: 'implicit' | 'value',
  message: string,
  state: (other: unknown) => boolean,
  test: (v: unknown, env: RunEnv) => boolean,
): CheckedRule {
  return {
    kind,
    params: 1,
    message,
    compile: (c) => {
      const other = c.ref(c.params[0]!);
      return { check: (v, env) => !state(other.get(env) ?? null) || test(v, env), replace: otherName(c, c.params[0]!) };
    },
  };
}

/** A rule whose test applies when any (`all` false) or all of the named fields exist. */
function whenPresent(message: string, all: boolean, test: (v: unknown, env: RunEnv) => boolean): CheckedRule {
  return {
    kind: 'implicit',
    params: 1,
    message,
    compile: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      const n = refs.length;
      const trigger = all ? (env: RunEnv) => presentCount(refs, env) === n : (env: RunEnv) => presentCount(refs, env) > 0;
      return { check: (v, env) => test(v, env) || !trigger(env), replace: fieldList(c) };
    },
  };
}

const filled = (v: unknown): boolean => !isEmptyValue(v);
const empty = (v: unknown): boolean => isEmptyValue(v);
const exists = (_v: unknown, env: RunEnv): boolean => env.exists;
const missing = (_v: unknown, env: RunEnv): boolean => !env.exists;

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
  required_if_accepted: whenOther('implicit', 'The :attribute field is required when :other is accepted.', isAccepted, filled),
  required_if_declined: whenOther('implicit', 'The :attribute field is required when :other is declined.', isDeclined, filled),
  accepted_if: conditional('implicit', 'The :attribute field must be accepted when :other is :value.', false, isAccepted, otherAndItsValue),
  declined_if: conditional('implicit', 'The :attribute field must be declined when :other is :value.', false, isDeclined, otherAndItsValue),

  missing: {
    kind: 'implicit',
    message: 'The :attribute field must be missing.',
    compile: () => ({ check: missing }),
  },
  missing_if: conditional('implicit', 'The :attribute field must be missing when :other is :value.', false, missing, otherAndItsValue),
  missing_unless: conditional(
    'implicit',
    'The :attribute field must be missing unless :other is :value.',
    true,
    missing,
    otherAndFirstValue,
  ),
  missing_with: whenPresent('The :attribute field must be missing when :values is present.', false, missing),
  missing_with_all: whenPresent('The :attribute field must be missing when :values are present.', true, missing),

  present_if: conditional('implicit', 'The :attribute field must be present when :other is :value.', false, exists, otherAndItsValue),
  present_unless: conditional(
    'implicit',
    'The :attribute field must be present unless :other is :value.',
    true,
    exists,
    otherAndFirstValue,
  ),
  present_with: whenPresent('The :attribute field must be present when :values is present.', false, exists),
  present_with_all: whenPresent('The :attribute field must be present when :values are present.', true, exists),

  // Not implicit in Laravel: they run on a present, non-blank value (null and [] pass).
  prohibited: {
    kind: 'value',
    message: 'The :attribute field is prohibited.',
    compile: () => ({ check: empty }),
  },
  prohibited_if: conditional('value', 'The :attribute field is prohibited when :other is :value.', false, empty, otherAndItsValue),
  prohibited_unless: conditional('value', 'The :attribute field is prohibited unless :other is in :values.', true, empty, otherAndValues),
  prohibited_if_accepted: whenOther('value', 'The :attribute field is prohibited when :other is accepted.', isAccepted, empty),
  prohibited_if_declined: whenOther('value', 'The :attribute field is prohibited when :other is declined.', isDeclined, empty),
  prohibits: {
    kind: 'value',
    message: 'The :attribute field prohibits :other from being present.',
    compile: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      return {
        check: (v, env) => {
          if (isEmptyValue(v)) return true;
          for (const r of refs) if (!isEmptyValue(r.get(env))) return false;
          return true;
        },
        replace: fieldList(c, ':other'),
      };
    },
  },

  required_with: requiredWhen('The :attribute field is required when :values is present.', 'any-filled'),
  required_with_all: requiredWhen('The :attribute field is required when :values are present.', 'all-filled'),
  required_without: requiredWhen('The :attribute field is required when :values is not present.', 'any-empty'),
  required_without_all: requiredWhen('The :attribute field is required when none of :values are present.', 'all-empty'),
} as const satisfies RuleFamily;
