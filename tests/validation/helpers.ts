/**
 * Table-driven helpers for the validation tests: a rule list on a field
 * named `value`, an input value (or ABSENT), and the messages expected for
 * that field (null when it passes).
 */
import * as assert from 'uvu/assert';
import type { Test } from 'uvu';
import { compileValidator } from '../../src/validation/compiler.js';
import type { CompileOptions, FieldRules, RuleMap, ValidationOutcome } from '../../src/validation/types.js';
import { isThenable } from '../../src/awaitable.js';
// The rules' input/output (uploads, DNS, bcrypt, ajv, the database) as the server registers it.
import '../../src/validation/server/register.js';

/** A validator over synchronous rules: its outcome now (a promise is a test failure). */
export interface SyncValidator {
  validate(...args: Parameters<ReturnType<typeof compileValidator>['validate']>): ValidationOutcome;
}

/** `compileValidator` for rules that must answer synchronously (all but input/output and async custom rules). */
export function compileSync(rules: RuleMap, options: CompileOptions): SyncValidator {
  const validator = compileValidator(rules, options);
  return {
    validate(...args) {
      const outcome = validator.validate(...args);
      if (isThenable(outcome)) throw new Error('expected a synchronous validation outcome');
      return outcome;
    },
  };
}

export const ABSENT: unique symbol = Symbol('absent');

/** [rules for `value`, the value (or ABSENT), expected messages for `value` or null] plus optional other input. */
export type Case = readonly [FieldRules, unknown, readonly string[] | null, Record<string, unknown>?];

export function run(rules: RuleMap, input: Record<string, unknown>, options: Partial<CompileOptions> = {}) {
  return compileSync(rules, { owner: 'TestRequest', ...options }).validate(input);
}

/** Messages for the field `value`, or null when it passes. */
export function messagesOf(
  rules: FieldRules,
  value: unknown,
  others: Record<string, unknown> = {},
  extraRules: RuleMap = {},
): string[] | null {
  const input: Record<string, unknown> = { ...others };
  if (value !== ABSENT) input.value = value;
  const outcome = run({ value: rules, ...extraRules }, input);
  if (outcome.ok) return null;
  return outcome.errors.value ?? null;
}

function label(c: Case): string {
  const value = c[1] === ABSENT ? '(absent)' : JSON.stringify(c[1]);
  const rules = typeof c[0] === 'string' ? c[0] : JSON.stringify(c[0]);
  const others = c[3] === undefined ? '' : ` with ${JSON.stringify(c[3])}`;
  return `${rules} on ${value}${others} ${c[2] === null ? 'passes' : 'fails'}`;
}

/** Registers one test per case. */
export function table(test: Test, cases: readonly Case[], extraRules: RuleMap = {}): void {
  for (const c of cases) {
    test(label(c), () => {
      assert.equal(messagesOf(c[0], c[1], c[3] ?? {}, extraRules), c[2] === null ? null : [...c[2]]);
    });
  }
}
