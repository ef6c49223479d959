/**
 * Shared by the code-generation tests: a validator with generated code and
 * the interpreter alone, over the same rules, and their outcomes compared
 * exactly (key order and arrays versus objects included, errors thrown too).
 */
import * as assert from 'uvu/assert';
import { isThenable } from '../../src/awaitable.js';
import { compileInterpreted, compileValidator } from '../../src/validation/compiler.js';
import { compileFastPath } from '../../src/validation/codegen/fast-path.js';
import { DEFAULT_LIMITS, type ValidationLimits } from '../../src/validation/limits.js';
import { buildPlan } from '../../src/validation/plan.js';
import type { ValidationContext } from '../../src/validation/rules/definition.js';
import type { CompileOptions, RuleMap } from '../../src/validation/types.js';

/** A value as a tree that records key order and whether a container is an array. */
export function shape(value: unknown): unknown {
  if (Array.isArray(value)) return ['array', Object.keys(value).map((k) => [k, shape(value[Number(k)])])];
  if (value !== null && typeof value === 'object') {
    return ['object', Object.keys(value).map((k) => [k, shape((value as Record<string, unknown>)[k])])];
  }
  return ['value', typeof value, value];
}

/** The outcome of one run as a comparable tree; a thrown error as its class and message. */
function outcomeOf(run: () => unknown): unknown {
  try {
    const outcome = run();
    if (isThenable(outcome)) throw new Error('expected a synchronous outcome');
    return shape(outcome);
  } catch (error) {
    return ['thrown', (error as Error).constructor.name, (error as Error).message];
  }
}

export interface Agreement {
  /** The interpreter found the input valid. */
  readonly valid: boolean;
  /** The generated code answered (it found the input valid). */
  readonly answered: boolean;
}

export interface Pair {
  readonly rules: RuleMap;
  /** The generated function alone (null: this rule set is not covered). */
  readonly fast: ReturnType<typeof compileFastPath>;
  /** Runs both validators on `input` and asserts the same outcome. */
  same(input: Record<string, unknown>, only?: readonly string[], limits?: ValidationLimits): Agreement;
  /** `same` for rules with input/output, with their services: true when the input is valid. */
  sameWith(input: Record<string, unknown>, context: ValidationContext): Promise<boolean>;
}

export function pair(rules: RuleMap, options: Partial<CompileOptions> = {}): Pair {
  const opts: CompileOptions = { owner: 'CodegenRequest', ...options };
  const compiled = compileValidator(rules, opts);
  const interpreted = compileInterpreted(rules, opts);
  const fast = compileFastPath(rules, buildPlan(rules, opts));
  return {
    rules,
    fast,
    same(input, only, limits = DEFAULT_LIMITS) {
      const expected = outcomeOf(() => interpreted.validate(input, only, limits));
      const actual = outcomeOf(() => compiled.validate(input, only, limits));
      assert.equal(actual, expected, `rules ${JSON.stringify(rules)} on ${JSON.stringify(input)}`);
      const valid = Array.isArray(expected) && JSON.stringify(expected).startsWith('["object",[["ok",["value","boolean",true]]');
      return { valid, answered: fast !== null && only === undefined && fast(input, limits, null) !== null };
    },
    async sameWith(input, context) {
      const settle = async (run: () => unknown) => {
        try {
          return shape(await run());
        } catch (error) {
          return ['thrown', (error as Error).constructor.name, (error as Error).message];
        }
      };
      const expected = await settle(() => interpreted.validate(input, undefined, DEFAULT_LIMITS, context));
      const actual = await settle(() => compiled.validate(input, undefined, DEFAULT_LIMITS, context));
      assert.equal(actual, expected, `rules ${JSON.stringify(rules)} on ${JSON.stringify(input)}`);
      return JSON.stringify(expected).startsWith('["object",[["ok",["value","boolean",true]]');
    },
  };
}
