/**
 * The shapes shared by the rule table and the compiler: what is known about
 * a field, what a rule definition receives at compile time, and what it
 * builds (a JSON Schema fragment for ajv, or a closure).
 */
import type { FieldRef, RunEnv } from './field-ref.js';
import type { Replacements } from './messages.js';

/** What the compiler knows about a field from its rule names. */
export interface FieldFacts {
  readonly key: string;
  readonly wildcard: boolean;
  /** Has `numeric` or `integer`: sizes are values. */
  readonly numeric: boolean;
  /** Has `array` or `list`: size messages speak of items. */
  readonly arrayish: boolean;
  /** Has `array` (with or without keys): `in` / `not_in` check each item. */
  readonly arrayRule: boolean;
  /** Has a bare `array`: `validated()` leaves it out when child rules exist. */
  readonly bareArray: boolean;
  /** Has `boolean`: `required_if` parameters `true`/`false` become booleans. */
  readonly boolean: boolean;
  /** First `date_format` parameter. */
  readonly dateFormat: string | null;
  readonly nullable: boolean;
  readonly sometimes: boolean;
  readonly bail: boolean;
}

export interface RuleContext {
  readonly name: string;
  readonly params: readonly string[];
  readonly field: FieldFacts;
  factsOf(key: string): FieldFacts | undefined;
  ref(key: string): FieldRef;
  /** Throws the compile-time LogicException for this rule. */
  invalid(reason: string): never;
}

export type Check = (value: unknown, env: RunEnv) => boolean;
export type Replacer = Replacements | ((env: RunEnv) => Replacements);

export interface Built {
  /** A JSON Schema fragment: the rule runs inside the field's ajv validator. */
  readonly schema?: Record<string, unknown>;
  /** Or a closure, for rules that read other fields or the field's state. */
  readonly check?: Check;
  readonly replace?: Replacer;
}

export interface RuleDef {
  /** `flag`: sometimes / nullable / bail. `implicit`: runs on missing and empty values. */
  readonly kind: 'flag' | 'implicit' | 'rule';
  readonly minParams?: number;
  /** Checks the parameters (throwing through `c.invalid`) and builds the rule, once per class. */
  readonly build?: (c: RuleContext) => Built;
}
