/**
 * What the conditional rules share (`required_if`, `exclude_unless`,
 * `present_if`...): Laravel's `parseDependentRuleParameters` followed by its
 * `in_array($other, $values, is_bool($other) || is_null($other))`.
 */
import { isEmptyValue, looseEquals } from '../php.js';
import type { FieldRef, RunEnv } from '../field-ref.js';
import type { RuleContext } from './definition.js';

/** Does the other field (params[0]) hold one of the values (params[1..])? */
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

/** The condition of an `_if` / `_unless` rule: does the other field match (missing reads as null)? */
export function dependentCondition(c: RuleContext): { other: FieldRef; matches: (env: RunEnv) => boolean } {
  const other = c.ref(c.params[0]!);
  const matcher = dependentMatcher(c);
  return { other, matches: (env) => matcher(other.get(env) ?? null) };
}

/** How many of `refs` are filled (Laravel's `validateRequired` on each). */
export function filledCount(refs: readonly FieldRef[], env: RunEnv): number {
  let n = 0;
  for (const r of refs) if (!isEmptyValue(r.get(env))) n++;
  return n;
}

/** How many of `refs` exist in the input (`Arr::has`). */
export function presentCount(refs: readonly FieldRef[], env: RunEnv): number {
  let n = 0;
  for (const r of refs) if (r.has(env)) n++;
  return n;
}
