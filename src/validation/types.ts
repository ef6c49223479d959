/**
 * The validation contract shared with the rest of Switchyard: the rule
 * shapes a form request writes and the compiled validator it gets back.
 */
import type { InputBag } from '../http/own.js';
import type { ValidationMessages } from '../errors/validation-error.js';
import type { ValidationLimits } from './limits.js';
import type { Awaitable } from '../awaitable.js';
import type { Prefetch, ServerNeed, ValidationContext } from './rules/definition.js';

/** Called by a custom rule to report a failure; `:attribute` is replaced. */
export type FailCallback = (message: string) => void;

/** A custom rule object, as the host framework's `ValidationRule`. */
export interface RuleObject {
  /** May be `async` (or return a promise): the validation then waits for it, in rule order. */
  validate(attribute: string, value: unknown, fail: FailCallback): void | Promise<void>;
  /**
   * When true the rule also runs for a missing or empty field, as the host
   * framework's `ImplicitRule` (the value is then `undefined` or empty).
   */
  readonly implicit?: boolean;
}

/**
 * The part of a built-in rule object that needs input/output
 * (`Password.uncompromised()`, which asks a leak database): run as a rule
 * with `prefetch` right after the object's own checks, under the object's
 * name, with this message.
 */
export const PREFETCHED_PART: unique symbol = Symbol('switchyard.prefetchedPart');

export interface PrefetchedPart {
  readonly message: string;
  readonly prefetch: Prefetch;
  /** What the part needs from the server (`CompiledValidator.serverRules`). */
  readonly server: ServerNeed;
}

/** A closure rule: `(attribute, value, fail) => void`, or an `async` one. */
export type RuleClosure = (attribute: string, value: unknown, fail: FailCallback) => void | Promise<void>;

/** Marks a rule that applies only while its condition holds (`Rule.requiredIf(fn)`). */
export const CONDITIONAL_RULE: unique symbol = Symbol('switchyard.conditionalRule');

/** A rule string applied only when `when(input)` is true (built by `Rule.requiredIf` and friends). */
export interface ConditionalRule {
  readonly [CONDITIONAL_RULE]: true;
  readonly rule: string;
  readonly when: (input: InputBag) => boolean;
}

/**
 * Marks a built rule that is compiled as its rule string, as Laravel casts
 * its `Stringable` rules (`Rule.unique('users').ignore(5)` is
 * `unique:users,NULL,"5",id`).
 */
export const STRINGABLE_RULE: unique symbol = Symbol('switchyard.stringableRule');

/** A built rule compiled as `String(rule)` (built by `Rule.exists` and `Rule.unique`). */
export interface StringableRule {
  readonly [STRINGABLE_RULE]: true;
  toString(): string;
}

/**
 * A built rule object whose behaviour is all in the text this returns: two
 * objects of one class with the same key validate alike, so a validator
 * compiled for one serves the other (the rule sets of form requests whose
 * rules are read per request are cached by such keys).
 */
export const RULE_KEY: unique symbol = Symbol('switchyard.ruleKey');

/** A rule object with a `RULE_KEY` (`Rule.enum`, `Password`). */
export interface KeyedRule {
  [RULE_KEY](): string;
}

/** Marks a builder that stands for several rules, read in its place (Laravel's `File` rule). */
export const RULE_LIST: unique symbol = Symbol('switchyard.ruleList');

/** A built rule that expands to the rules it stands for (`FileRule.types(['pdf']).max(1024)` → `file`, `mimes:pdf`, `max:1024`). */
export interface RuleList {
  [RULE_LIST](): readonly Rule[];
}

/**
 * One rule: a rule string (`max:255`), a rule object, a closure, a
 * conditional rule, a built rule written as a string (`Rule.unique()`,
 * `Rule.dimensions()`) or standing for several (`FileRule.image()`), or a raw
 * JSON Schema escape hatch.
 */
export type Rule = string | RuleObject | RuleClosure | SchemaRule | ConditionalRule | StringableRule | RuleList;

/**
 * Escape hatch: the value must match this JSON Schema (compiled by ajv with
 * the rest of the field). Message: `message`, else
 * `The :attribute field format is invalid.`; `messages()` can override it
 * under the rule name `schema`.
 */
interface SchemaRule {
  schema: Record<string, unknown>;
  message?: string;
}

/** A field's rules: a pipe string (`required|string|max:255`) or a list. */
export type FieldRules = string | readonly Rule[];

/** What `FormRequest.rules()` returns: field name (dot path, `*` wildcards) to its rules. */
export type RuleMap = Record<string, FieldRules>;

/** A size rule's custom texts per kind of value (`max: { string: '...', numeric: '...' }`). */
export interface SizedMessages {
  readonly numeric?: string;
  readonly string?: string;
  readonly array?: string;
  readonly file?: string;
}

/** One value of `messages()`: a text; under a field key, texts by rule; for a size rule, texts by kind of value. */
export type CustomMessageValue = string | { readonly [rule: string]: string | SizedMessages };

/**
 * `messages()`: keys `field.rule`, then `rule`, then `field` are looked up,
 * each in declaration order; a `*` in a key is any run of characters but a
 * dot (`items.*.name.required`, `items.*`).
 */
export type CustomMessages = { readonly [key: string]: CustomMessageValue };

/** Everything a validator is compiled from, read once per form-request class. */
export interface CompileOptions {
  /** Name of the form-request class, for compile-time error messages. */
  owner: string;
  /** Custom messages keyed `field.rule`, `rule` or `field` (see `CustomMessages`). */
  messages?: CustomMessages;
  /** Custom displayable attribute names keyed by field. */
  attributes?: Record<string, string>;
  /** Stop at the first failing field. */
  stopOnFirstFailure?: boolean;
  /**
   * `'run'` (the default): every rule is checked; a rule that needs the
   * server where none is registered (a browser) fails with
   * `ServerRuleUnavailable`. `'skip'`: the rules `serverRules` lists are
   * left out, as if they passed, so a browser checks all the others; ask
   * the server for the fields they belong to (a Precognition request).
   */
  serverRules?: 'run' | 'skip';
}

/** One rule only a server can check (`CompiledValidator.serverRules`). */
export interface ServerRule {
  /** The field's key as written in the rule map (`email`, `items.*.id`). */
  readonly field: string;
  /**
   * The rule as written (`unique:users,email`, `email:rfc,dns`), `schema`,
   * `closure` (`closure name` for a named function), or a rule object's
   * class name.
   */
  readonly rule: string;
  /** What it needs from the server. */
  readonly needs: ServerNeed;
}

/** The result of one validation run. */
export type ValidationOutcome = { ok: true; validated: InputBag } | { ok: false; errors: ValidationMessages };

/** A validator compiled once per form-request class and reused for every request. */
export interface CompiledValidator {
  /**
   * Validates `input`. With `only` (Precognition-Validate-Only), only the
   * listed fields (wildcard-aware) are validated and reported. `limits`
   * (default `DEFAULT_LIMITS`) caps the messages collected and the
   * attributes a wildcard rule expands to; past the second it throws
   * `TooManyItemsError` (a 400). `context` gives rules with input/output
   * the application's services and the request.
   */
  validate(input: InputBag, only?: readonly string[], limits?: ValidationLimits, context?: ValidationContext): Awaitable<ValidationOutcome>;
  /**
   * Whether `validate` answers with a promise: some rule has input/output
   * (`exists`, file rules...) or a custom rule is async. A validator whose
   * rules are all synchronous answers at once.
   */
  readonly async: boolean;
  /**
   * The rules only a server can check, in field and rule order (empty when
   * there are none): `exists` / `unique`, the file rules (and size rules on
   * a file field), `active_url` and `email:dns`, `current_password` and
   * `Password.uncompromised()`, raw JSON Schema rules, closures and rule
   * objects of the application. Each names its field (the key as written,
   * `items.*.id`), the rule as written and what it needs. A browser
   * compiles with `serverRules: 'skip'`, shows its own messages, and sends
   * these fields to the server (`Precognition-Validate-Only`).
   *
   * @example
   * const validator = compileValidator(rules, { owner: 'Signup', serverRules: 'skip' });
   * const outcome = validator.validate(input); // every rule but the server's, with Laravel's messages
   * const ask = [...new Set(validator.serverRules.map((r) => r.field))]; // e.g. ['email', 'avatar']
   */
  readonly serverRules: readonly ServerRule[];
}
