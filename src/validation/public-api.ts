/**
 * `switchyard-http/validation`: Laravel's validation rules, compiled once
 * and run anywhere — on the server and in the browser. This entry imports
 * no Node built-in and no input/output library, so a bundler can pack it
 * for the browser (docs/validation.md, "In the browser"). The rules that
 * need the server (`exists`, `unique`, files, DNS, passwords, raw JSON
 * Schemas, closures and rule objects) are listed by each validator's
 * `serverRules`; compile with `serverRules: 'skip'` to check all the
 * others where there is no server.
 *
 * @example
 * import { compileValidator } from 'switchyard-http/validation';
 *
 * const validator = compileValidator(
 *   { name: 'required|string|max:20', email: 'required|email|unique:users' },
 *   { owner: 'SignupForm', serverRules: 'skip' },
 * );
 * validator.validate({ name: '', email: 'taylor@example.com' });
 * // { ok: false, errors: { name: ['The name field is required.'] } }
 * validator.serverRules; // [{ field: 'email', rule: 'unique:users', needs: 'database' }]
 */

/** Compiles a rule map (`FormRequest.rules()`'s shape) into a validator; bad rules throw a LogicException naming field and rule. */
export { compileValidator } from './compiler.js';
/** Thrown when a rule that needs the server runs where none is registered (a validator compiled without `serverRules: 'skip'`). */
export { ServerRuleUnavailable } from './server-implementations.js';
/** Thrown (a 400 on the server) when a wildcard rule would expand past `max_wildcard_items`. */
export { TooManyItemsError, type ValidationLimits } from './limits.js';
/** Laravel's `Rule` facade (`Rule.in`, `Rule.requiredIf`, `Rule.enum`...), the `Password` rule and `Rule.enum`'s object. */
export { Rule, Password, EnumRule, type RuleCondition, type InValue, type EnumLike } from './rule-builders.js';
/** `Rule.exists(...)` and `Rule.unique(...)`: written as their rule strings (their check needs the server). */
export { ExistsRule, UniqueRule, type WhereValue } from './database-rule-builders.js';
/** Laravel's `File` rule builders and `Rule.dimensions(...)` (their checks need the server). */
export { Dimensions, FileRule, ImageFile, type DimensionConstraints } from './file-rule-builders.js';
/** The rule shapes, the compile options (`messages`, `attributes`, `serverRules`) and what a validator answers. */
export type {
  RuleMap,
  FieldRules,
  RuleObject,
  RuleClosure,
  FailCallback,
  ConditionalRule,
  StringableRule,
  RuleList,
  CustomMessages,
  CustomMessageValue,
  SizedMessages,
  CompileOptions,
  CompiledValidator,
  ValidationOutcome,
  ServerRule,
} from './types.js';
/** What a server rule needs (`ServerRule.needs`), and what rules with input/output receive when they run. */
export type { ServerNeed, ServiceKey, ValidationContext } from './rules/definition.js';
/** A failed validation's messages: attribute to its messages, in rule order. */
export type { ValidationMessages } from '../errors/validation-error.js';
