/**
 * The host framework's rule builders, for rules written in code rather than
 * strings: `Rule.in([...])`, `Rule.notIn`, `Rule.requiredIf`,
 * `Rule.prohibitedIf`, `Rule.excludeIf`, `Rule.enum(MyEnum)` and
 * `Password.min(8).letters().mixedCase().numbers().symbols()`.
 *
 * `Rule.exists(table, column?)` and `Rule.unique(table, column?)` build
 * the database rules (`database-rule-builders.ts`); `Rule.dimensions`,
 * `Rule.file` and `Rule.imageFile` the file rules (`file-rule-builders.ts`).
 *
 * `Rule.in` / `Rule.notIn` give the rule string Laravel's `In` prints. The
 * conditional builders take a boolean, fixed when the class is compiled, or
 * a function of the request's input, called once per validation (rules are
 * compiled once per class, so the function cannot read the request itself).
 */
import type { InputBag } from '../http/own.js';
import { ExistsRule, UniqueRule } from './database-rule-builders.js';
import { Dimensions, FileRule, type DimensionConstraints, type ImageFile } from './file-rule-builders.js';
import { isNumeric } from './php.js';
import type { Check, ValidationContext } from './rules/definition.js';
import { serverImplementation } from './server-implementations.js';
import { UncompromisedVerifier } from './services/uncompromised-verifier.js';
import {
  CONDITIONAL_RULE,
  PREFETCHED_PART,
  RULE_KEY,
  type ConditionalRule,
  type FailCallback,
  type PrefetchedPart,
  type Rule as AnyRule,
  type RuleObject,
} from './types.js';

/** One rule of a field (the type); `Rule` the value is the builder below, as Laravel's facade. */
export type Rule = AnyRule;

/** The condition of `Rule.requiredIf` and friends. */
export type RuleCondition = boolean | ((input: InputBag) => boolean);

/** A value `Rule.in` accepts: what PHP prints as a string. */
export type InValue = string | number | boolean;

function quote(values: readonly InValue[]): string {
  return values.map((v) => `"${(typeof v === 'boolean' ? (v ? '1' : '') : String(v)).replaceAll('"', '""')}"`).join(',');
}

function conditional(rule: string, condition: RuleCondition): string | ConditionalRule {
  if (typeof condition === 'boolean') return condition ? rule : '';
  if (typeof condition !== 'function') throw new TypeError(`Rule.${rule}If() needs a boolean or a function`);
  return { [CONDITIONAL_RULE]: true, rule, when: condition };
}

/** A TypeScript enum object (string or numeric), or a plain object of values. */
export type EnumLike = Readonly<Record<string, string | number>>;

/** `Rule.enum`: the value must be one of the enum's values (Laravel's `Enum` rule on a backed enum). */
export class EnumRule implements RuleObject {
  readonly #values: readonly (string | number)[];

  constructor(values: readonly (string | number)[]) {
    this.#values = values;
  }

  /** Only these cases are accepted. */
  only(values: readonly (string | number)[]): EnumRule {
    return new EnumRule(this.#values.filter((v) => values.includes(v)));
  }

  /** Every case but these is accepted. */
  except(values: readonly (string | number)[]): EnumRule {
    return new EnumRule(this.#values.filter((v) => !values.includes(v)));
  }

  validate(_attribute: string, value: unknown, fail: FailCallback): void {
    if (!this.#matches(value)) fail('The selected :attribute is invalid.');
  }

  /** @internal The accepted cases: all there is to this rule. */
  [RULE_KEY](): string {
    return JSON.stringify(this.#values);
  }

  /** `tryFrom($value)`: a string case equals the string; an int case takes an integer or an integral numeric string. */
  #matches(value: unknown): boolean {
    for (const v of this.#values) {
      if (v === value) return true;
      if (typeof v === 'number' && typeof value === 'string' && isNumeric(value) && Number(value.trim()) === v) return true;
    }
    return false;
  }
}

function enumValues(type: EnumLike): (string | number)[] {
  const values = Object.values(type);
  // A numeric TypeScript enum maps names to numbers and numbers back to names: keep the numbers.
  const numbers = values.filter((v): v is number => typeof v === 'number');
  if (numbers.length > 0) return [...numbers, ...values.filter((v) => typeof v === 'string' && !numbers.some((n) => type[v] === n))];
  return values;
}

/** Laravel's `Rule` facade, for the rules that are built rather than written. */
export const Rule = {
  /** `in:"a","b"`: the value must be one of these. */
  in(values: readonly InValue[]): string {
    return `in:${quote(values)}`;
  },
  /** `not_in:"a","b"`. */
  notIn(values: readonly InValue[]): string {
    return `not_in:${quote(values)}`;
  },
  /** `required` when the condition holds. */
  requiredIf(condition: RuleCondition): string | ConditionalRule {
    return conditional('required', condition);
  },
  /** `prohibited` when the condition holds. */
  prohibitedIf(condition: RuleCondition): string | ConditionalRule {
    return conditional('prohibited', condition);
  },
  /** `exclude` when the condition holds. */
  excludeIf(condition: RuleCondition): string | ConditionalRule {
    return conditional('exclude', condition);
  },
  /** The value must be one of the enum's values. */
  enum(type: EnumLike): EnumRule {
    return new EnumRule(enumValues(type));
  },
  /** `dimensions:...`: an image's size in pixels and ratio (Laravel's `Rule::dimensions`). */
  dimensions(constraints: DimensionConstraints = {}): Dimensions {
    return new Dimensions(constraints);
  },
  /** A file rule to build on (`Rule::file()`): `Rule.file().extensions(['pdf']).max('2mb')`. */
  file(): FileRule {
    return FileRule.default();
  },
  /** An image file rule to build on (`Rule::imageFile()`, `FileRule.image()`). */
  imageFile(): ImageFile {
    return FileRule.image();
  },
  /** `exists:table,column`: a row has the value; add `.where(...)` clauses. The column defaults to the attribute's name. */
  exists(table: string, column?: string): ExistsRule {
    return new ExistsRule(table, column);
  },
  /** `unique:table,column`: no row has the value; add `.ignore(id)` and `.where(...)` clauses. The column defaults to the attribute's name. */
  unique(table: string, column?: string): UniqueRule {
    return new UniqueRule(table, column);
  },
} as const;

/**
 * Laravel's `Password` rule: a string of at least `min` characters (and at
 * most `max`), with the required kinds of characters. Every unmet
 * requirement is reported, in Laravel's order and words. With
 * `uncompromised()`, a password that meets them all is then looked up in
 * known data leaks (the application's `UncompromisedVerifier`; by default
 * the Have I Been Pwned range API), once per distinct value of a validation.
 */
export class Password implements RuleObject {
  #min: number;
  #max = 0;
  #letters = false;
  #mixed = false;
  #numbers = false;
  #symbols = false;
  /** The most leaks a password may appear in, or null when `uncompromised()` was not asked for. */
  #threshold: number | null = null;

  private constructor(min: number) {
    this.#min = Math.max(1, Math.trunc(min));
  }

  /** At least `size` characters (at least 1). */
  static min(size: number): Password {
    return new Password(size);
  }

  /** The default rule: at least 8 characters. */
  static defaults(): Password {
    return new Password(8);
  }

  /** At most `size` characters. */
  max(size: number): this {
    this.#max = size;
    return this;
  }

  /** At least one letter. */
  letters(): this {
    this.#letters = true;
    return this;
  }

  /** At least one uppercase and one lowercase letter. */
  mixedCase(): this {
    this.#mixed = true;
    return this;
  }

  /** At least one number. */
  numbers(): this {
    this.#numbers = true;
    return this;
  }

  /** At least one symbol (punctuation, symbol or separator). */
  symbols(): this {
    this.#symbols = true;
    return this;
  }

  /**
   * The password must not have appeared in data leaks more than `threshold`
   * times (Laravel's `uncompromised($threshold = 0)`). Checked only when
   * every other requirement is met; the message is "The given :attribute
   * has appeared in a data leak. Please choose a different :attribute."
   */
  uncompromised(threshold = 0): this {
    this.#threshold = threshold;
    return this;
  }

  /** @internal The requirements: all there is to this rule. */
  [RULE_KEY](): string {
    return JSON.stringify([this.#min, this.#max, this.#letters, this.#mixed, this.#numbers, this.#symbols, this.#threshold]);
  }

  /** @internal The leak lookup, run by the validator as a rule with input/output after `validate`. */
  get [PREFETCHED_PART](): PrefetchedPart | undefined {
    const threshold = this.#threshold;
    if (threshold === null) return undefined;
    return {
      message: 'The given :attribute has appeared in a data leak. Please choose a different :attribute.',
      server: 'password',
      prefetch: (values, context) => this.#lookUp(values, context, threshold),
    };
  }

  async #lookUp(values: readonly unknown[], context: ValidationContext, threshold: number): Promise<Check> {
    const candidates = new Set<string>();
    for (const value of values) if (this.#meetsRequirements(value)) candidates.add(value);
    if (candidates.size === 0) return () => true;
    const verifier = context.service(UncompromisedVerifier, () => serverImplementation('uncompromisedVerifier', 'uncompromised')());
    const leaked = new Set<string>();
    await Promise.all(
      [...candidates].map(async (password) => {
        if (!(await verifier.verify(password, threshold))) leaked.add(password);
      }),
    );
    return (value) => !(typeof value === 'string' && leaked.has(value));
  }

  /** Every requirement but `uncompromised` is met: only then does Laravel look the password up. */
  #meetsRequirements(value: unknown): value is string {
    let met = true;
    this.validate('', value, () => {
      met = false;
    });
    return met && typeof value === 'string';
  }

  validate(_attribute: string, value: unknown, fail: FailCallback): void {
    const text = typeof value === 'string' ? value : null;
    if (text === null) fail('The :attribute field must be a string.');
    const length = [...(text ?? (value === null || typeof value === 'object' ? '' : String(value)))].length;
    if (length < this.#min) fail(`The :attribute field must be at least ${this.#min} characters.`);
    if (this.#max > 0 && length > this.#max) fail(`The :attribute field must not be greater than ${this.#max} characters.`);
    if (text === null) return;
    if (this.#mixed && !hasMixedCase(text)) {
      fail('The :attribute field must contain at least one uppercase and one lowercase letter.');
    }
    if (this.#letters && !/\p{L}/u.test(text)) fail('The :attribute field must contain at least one letter.');
    if (this.#symbols && !/\p{Z}|\p{S}|\p{P}/u.test(text)) fail('The :attribute field must contain at least one symbol.');
    if (this.#numbers && !/\p{N}/u.test(text)) fail('The :attribute field must contain at least one number.');
  }
}

/**
 * Laravel's `/(\p{Ll}+.*\p{Lu})|(\p{Lu}+.*\p{Ll})/u` as one linear scan (the
 * pattern backtracks quadratically): a lowercase and an uppercase letter on
 * one line (`.` stops at a newline).
 */
function hasMixedCase(text: string): boolean {
  let lower = false;
  let upper = false;
  for (const ch of text) {
    if (ch === '\n') {
      lower = upper = false;
    } else if (LOWER.test(ch)) {
      if (upper) return true;
      lower = true;
    } else if (UPPER.test(ch)) {
      if (lower) return true;
      upper = true;
    }
  }
  return false;
}

const LOWER = /^\p{Ll}$/u;
const UPPER = /^\p{Lu}$/u;
