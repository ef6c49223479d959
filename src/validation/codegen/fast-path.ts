/**
 * Code generation for a form request's rule set, as ajv generates a function
 * per schema: built once at boot, it decides whether an input is valid and
 * builds its `validated()` data, without naming attributes or building
 * messages. It answers null whenever it cannot give exactly the
 * interpreter's outcome (a failing input, an input past a limit, an unusual
 * key); the interpreter then runs as before and answers, so messages and
 * errors always come from one place. A rule set it does not cover (see
 * `coverage.ts`), or an engine that refuses `new Function` (a strict CSP),
 * gets no generated code.
 */
import type { InputBag } from '../../http/own.js';
import type { ValidationLimits } from '../limits.js';
import { expand } from '../paths.js';
import { isBlankString, isContainer, isEmptyValue } from '../php.js';
import type { Plan } from '../plan.js';
import type { Check } from '../rules/definition.js';
import type { RuleMap } from '../types.js';
import { coveredFields } from './coverage.js';
import { RUNTIME_NAMES, generateSource } from './generate.js';
import { MISSING, childOf, ensure, fillCreatedHoles, hasExpansion, isFilledContainer, writePath } from './runtime.js';

/**
 * The validated data of a valid input, or null: the interpreter decides.
 * `fetched`: what the rules with input/output resolved to for this run (null when there are none).
 */
export type FastPath = (input: InputBag, limits: ValidationLimits, fetched: readonly Check[] | null) => InputBag | null;

/** The generated validator of `plan` (compiled from `rules`), or null when the interpreter keeps it. */
export function compileFastPath(rules: RuleMap, plan: Plan): FastPath | null {
  const covered = coveredFields(rules, plan);
  if (covered === null) return null;
  const { body, checks, constants } = generateSource(plan, covered);
  let generated: (input: InputBag, maxItems: number, fetched: readonly Check[] | null) => InputBag | null;
  try {
    const factory = new Function(...RUNTIME_NAMES, body) as (...args: unknown[]) => typeof generated;
    generated = factory(
      MISSING,
      Object.prototype.hasOwnProperty,
      childOf,
      isContainer,
      isBlankString,
      isEmptyValue,
      isFilledContainer,
      ensure,
      writePath,
      hasExpansion,
      expand,
      fillCreatedHoles,
      Object.getPrototypeOf,
      Object.prototype,
      checks,
      constants,
    );
  } catch {
    return null;
  }
  return (input, limits, fetched) => {
    const maxItems = limits.max_wildcard_items === 0 ? Number.POSITIVE_INFINITY : limits.max_wildcard_items;
    try {
      return generated(input, maxItems, fetched);
    } catch {
      // A check that throws: the interpreter runs it again, in its own order, and throws or answers as it would.
      return null;
    }
  };
}
