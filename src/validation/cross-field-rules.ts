/**
 * Rules that read other fields (`required_if`, `required_with*`, `same`,
 * `confirmed`, `different`, `before:other_field`...) or the other items of a
 * wildcard (`distinct`). They cannot be one field's JSON Schema, so each is a
 * closure built once; parameters naming fields have their `*` filled with the
 * keys of the attribute being validated.
 */
import type { RunEnv } from './field-ref.js';
import { compileDateFormat, type DateFormat } from './date-format.js';
import { compareInstants, dateParameter, instantOf } from './keywords.js';
import { MISSING } from './paths.js';
import { displayValue, isContainer, isEmptyValue, isNumeric, looseEquals, phpString, strictEquals } from './php.js';
import type { Built, Check, Replacer, RuleContext, RuleDef } from './rule-types.js';

/** `parseDependentRuleParameters` + `in_array`: does the other field's value match one of `values`? */
function dependentMatcher(c: RuleContext): (other: unknown) => boolean {
  const raw = c.params.slice(1);
  const asBool = raw.map((v) => (v === 'true' ? true : v === 'false' ? false : v));
  const asNull = (list: readonly unknown[]): unknown[] => list.map((v) => (typeof v === 'string' && v.toLowerCase() === 'null' ? null : v));
  const otherIsBoolean = c.factsOf(c.params[0]!)?.boolean ?? false;
  const lists = {
    plain: raw as readonly unknown[],
    bool: asBool as readonly unknown[],
    nul: asNull(raw),
    boolNul: asNull(asBool),
  };
  return (other) => {
    const bool = otherIsBoolean || typeof other === 'boolean';
    const values = other === null ? (bool ? lists.boolNul : lists.nul) : bool ? lists.bool : lists.plain;
    const strict = typeof other === 'boolean' || other === null;
    for (const v of values) if (strict ? v === other : looseEquals(other, v)) return true;
    return false;
  };
}

export function requiredIf(unless: boolean): RuleDef {
  return {
    kind: 'implicit',
    minParams: 2,
    build: (c) => {
      const other = c.ref(c.params[0]!);
      const matches = dependentMatcher(c);
      const check: Check = unless
        ? (v, env) => {
            const o = other.get(env);
            return matches(o === undefined ? null : o) || !isEmptyValue(v);
          }
        : (v, env) => {
            if (!other.has(env)) return true;
            return !matches(other.get(env)) || !isEmptyValue(v);
          };
      const values = c.params.slice(1).join(', ');
      const replace: Replacer = unless
        ? other.dynamic
          ? (env) => [
              [':other', other.display(env)],
              [':values', values],
            ]
          : [
              [':other', other.display(null)],
              [':values', values],
            ]
        : (env) => [
            [':other', other.display(env)],
            [':value', displayValue(other.get(env) ?? null)],
          ];
      return { check, replace };
    },
  };
}

/** required_with(_all) / required_without(_all): which of the other fields must be filled for this one to be required. */
export function requiredWith(when: 'any-filled' | 'all-filled' | 'any-empty' | 'all-empty'): RuleDef {
  return {
    kind: 'implicit',
    minParams: 1,
    build: (c) => {
      const refs = c.params.map((p) => c.ref(p));
      const trigger = (env: RunEnv): boolean => {
        let filled = 0;
        for (const r of refs) if (!isEmptyValue(r.get(env))) filled++;
        switch (when) {
          case 'any-filled':
            return filled > 0;
          case 'all-filled':
            return filled === refs.length;
          case 'any-empty':
            return filled < refs.length;
          default:
            return filled === 0;
        }
      };
      const list = (env: RunEnv | null): string => refs.map((r) => r.display(env)).join(' / ');
      return {
        check: (v, env) => !trigger(env) || !isEmptyValue(v),
        replace: refs.some((r) => r.dynamic) ? (env) => [[':values', list(env)]] : [[':values', list(null)]],
      };
    },
  };
}

/** `before`, `after`... against a date (`2024-01-01`, `tomorrow`) or another field. */
export function dateRule(op: string): RuleDef {
  return {
    kind: 'rule',
    minParams: 1,
    build: (c) => {
      const param = c.params[0]!;
      const format = c.field.dateFormat;
      let compiled: DateFormat | null = null;
      if (format !== null) compiled = compileDateFormat(format);
      if (dateParameter(param, compiled) !== null) {
        return { schema: { 'laravel:date-compare': { op, date: param, format } }, replace: [[':date', param]] };
      }
      const other = c.ref(param);
      const otherFormatText = c.factsOf(param)?.dateFormat ?? format;
      const otherFormat = otherFormatText === null ? null : compileDateFormat(otherFormatText);
      const check: Check = (v, env) => {
        if (typeof v !== 'string' && !isNumeric(v)) return false;
        const now = Date.now();
        const first = instantOf(v, compiled, now);
        const o = other.get(env);
        if (compiled !== null) {
          // checkDateTimeOrder: a missing other field passes.
          if (o === undefined || o === null) return true;
          const second = instantOf(o, otherFormat, now);
          return first !== null && second !== null && compareInstants(first, second, op);
        }
        if (first === null) return false;
        const second = instantOf(o, null, now);
        // PHP compares a timestamp with null as booleans: (bool) $first op false.
        if (second === null) return op === '>' ? first !== 0 : op === '>=' ? true : op === '<' ? false : first === 0;
        return compareInstants(first, second, op);
      };
      return { check, replace: other.dynamic ? (env) => [[':date', other.display(env)]] : [[':date', other.display(null)]] };
    },
  };
}

export function sameRule(c: RuleContext, key: string): Built {
  const other = c.ref(key);
  return {
    check: (v, env) => strictEquals(v, other.get(env) ?? null),
    replace: other.dynamic ? (env) => [[':other', other.display(env)]] : [[':other', other.display(null)]],
  };
}

/** `distinct`: compares with the other values matched by the field's wildcard pattern. */
function distinctKey(value: unknown, strict: boolean, ignoreCase: boolean): string | null {
  if (isContainer(value)) return isEmptyValue(value) ? 'e' : null;
  if (value !== null && typeof value === 'object') return null;
  if (ignoreCase) return 's:' + (phpString(value) ?? '').toLowerCase();
  if (strict) return typeof value === 'string' ? 's:' + value : `${typeof value}:${String(value)}`;
  if (value === null || value === undefined) return 's:';
  if (typeof value === 'boolean') return 'b:' + value;
  if (isNumeric(value)) return 'n:' + Number(typeof value === 'string' ? value.trim() : value);
  return 's:' + String(value);
}

export const distinct: RuleDef = {
  kind: 'rule',
  build: (c) => {
    for (const p of c.params) if (p !== 'strict' && p !== 'ignore_case') c.invalid(`unknown "distinct" option "${p}"`);
    const strict = c.params.includes('strict');
    const ignoreCase = c.params.includes('ignore_case');
    const check: Check = (v, env) => {
      const key = distinctKey(v, strict, ignoreCase);
      if (env.expansions === null || key === null) return true;
      const memo = (env.memo ??= new Map());
      let counts = memo.get(check) as Map<string, number> | undefined;
      if (counts === undefined) {
        counts = new Map();
        for (const e of env.expansions) {
          const k = e.value === MISSING ? null : distinctKey(e.value, strict, ignoreCase);
          if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
        }
        memo.set(check, counts);
      }
      return (counts.get(key) ?? 0) <= 1;
    };
    return { check };
  },
};

export const different: RuleDef = {
  kind: 'rule',
  minParams: 1,
  build: (c) => {
    const refs = c.params.map((p) => c.ref(p));
    const first = refs[0]!;
    return {
      check: (v, env) => {
        for (const r of refs) if (r.has(env) && strictEquals(v, r.get(env))) return false;
        return true;
      },
      replace: first.dynamic ? (env) => [[':other', first.display(env)]] : [[':other', first.display(null)]],
    };
  },
};
