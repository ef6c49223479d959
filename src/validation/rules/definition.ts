/**
 * The shape of one rule: everything Switchyard knows about a host-framework
 * rule lives in ONE definition (its kind, how many parameters it needs, its
 * English message, what it tells about its field, and the check it compiles
 * to), the way Laravel keeps `validate{Rule}` and `replace{Rule}` side by
 * side. The union below is what makes an incomplete rule a compile error: a
 * rule that can fail must carry a message and a `compile`.
 */
import type { FieldRef, RunEnv } from '../field-ref.js';
import type { ValidationLimits } from '../limits.js';

/** Size rules have one message per kind of value (Laravel's `getAttributeType`). */
export interface SizeMessages {
  readonly numeric: string;
  readonly file: string;
  readonly array: string;
  readonly string: string;
}

export type Message = string | SizeMessages;

/** Placeholder → text pairs, applied in order. */
export type Replacements = ReadonlyArray<readonly [string, string]>;

/** What a rule tells about the field that carries it (Laravel's `hasRule` lists). */
export interface RuleFacts {
  /** Sizes are values (`numericRules`: numeric, integer, decimal). */
  readonly numeric?: boolean;
  /** Size messages speak of items (array, list). */
  readonly arrayish?: boolean;
  /** `in` / `not_in` check each item (the Array rule). */
  readonly arrayRule?: boolean;
  /** A bare `array` or `list`: `validated()` leaves it to its children when they have rules. */
  readonly bareArray?: boolean;
  /** `required_if` parameters `true` / `false` become booleans. */
  readonly boolean?: boolean;
  /** The field's `date_format`, read first by before / after. */
  readonly dateFormat?: string;
  readonly nullable?: boolean;
  readonly sometimes?: boolean;
  readonly bail?: boolean;
}

/** The facts of a field: the union of its rules' facts. */
export interface FieldFacts {
  readonly key: string;
  readonly wildcard: boolean;
  readonly numeric: boolean;
  readonly arrayish: boolean;
  readonly arrayRule: boolean;
  readonly bareArray: boolean;
  readonly boolean: boolean;
  readonly dateFormat: string | null;
  readonly nullable: boolean;
  readonly sometimes: boolean;
  readonly bail: boolean;
}

/** What `compile` receives, once per rule per form-request class. */
export interface RuleContext {
  /** The canonical rule name (`required_if`). */
  readonly name: string;
  readonly params: readonly string[];
  readonly field: FieldFacts;
  /** The facts of another field of the same rule map, if it has rules. */
  factsOf(key: string): FieldFacts | undefined;
  /** A field named in a parameter (`*` filled per attribute, `\.` a literal dot). */
  /**
   * A field named in a parameter. `*`s are filled with the attribute's keys,
   * unless `literal` (a rule outside Laravel's `dependentRules`, such as
   * `date_equals`, reads the name as written: a `*` there is never found).
   */
  ref(key: string, literal?: boolean): FieldRef;
  /** Throws the compile-time LogicException for this rule. */
  invalid(reason: string): never;
}

/** The check a rule compiles to: true when the value passes. */
export type Check = (value: unknown, env: RunEnv) => boolean;

/** The rule's own placeholders, fixed at compile time or computed for the failing attribute. */
export type Replacer = Replacements | ((env: RunEnv, value: unknown) => Replacements);

/** A class the application binds in its container, used as the key (`PresenceVerifier`). */
export type ServiceKey<T> = abstract new (...args: never[]) => T;

/**
 * What a rule's input/output may use, per validation run: the services the
 * application bound in its container and the request being validated.
 */
export interface ValidationContext {
  /**
   * The service bound under `key`. When the application bound none: the
   * `fallback`'s answer (a rule's default, such as node:dns), else a
   * LogicException naming what to bind.
   */
  service<T>(key: ServiceKey<T>, fallback?: () => T): T;
  /** The request being validated (an `http/request.js` Request), or undefined outside a request. */
  readonly request: unknown;
  /**
   * The run's limits, which the validator sets on the context each
   * prefetch receives (a new context per run, so a rule may keep per-run
   * state keyed by it, as the DNS rules do).
   */
  readonly limits?: ValidationLimits;
}

/**
 * A rule's input/output, done once per validation run before any rule
 * checks (a database query, reading uploads, a DNS lookup): called with
 * every present value at the rule's field (all wildcard items at once, in
 * input order, blanks included, not deduplicated), it resolves to the check
 * that the run then calls for each attribute as usual, synchronously. This
 * is what lets `items.*.id` with `exists` make one query, not one per item.
 * A rejection is a fault (a 500), never a validation message.
 */
export type Prefetch = (values: readonly unknown[], context: ValidationContext) => Promise<Check>;

/** A rule checks now (`check`) or after its input/output (`prefetch`). */
export type Compiled =
  | { readonly check: Check; readonly prefetch?: undefined; readonly replace?: Replacer }
  | { readonly prefetch: Prefetch; readonly check?: undefined; readonly replace?: Replacer };

/**
 * What a rule needs that only the server has: its database (`exists`,
 * `unique`), the uploaded files' bytes, DNS, the user's password or a leak
 * list, ajv (a raw JSON Schema rule), or the application's own code (a
 * closure, a rule object).
 */
export type ServerNeed = 'database' | 'files' | 'dns' | 'password' | 'schema' | 'custom';

interface Common {
  /**
   * What the rule's check needs from the server, if anything (for some
   * rules it depends on the parameters, as `email:dns`): a browser reports
   * such a rule instead of checking it (`CompiledValidator.serverRules`).
   */
  readonly server?: ServerNeed | ((params: readonly string[]) => ServerNeed | undefined);
  /**
   * For a rule with a part the server checks and a part that runs anywhere
   * (`email:rfc,dns`): the parameters of the part that runs anywhere
   * (`['rfc']`), or null when there is none (`email:dns`).
   */
  readonly localParams?: (params: readonly string[]) => readonly string[] | null;
  /** Other names of the rule (`int` for `integer`). */
  readonly aliases?: readonly string[];
  /** Least number of parameters (Laravel's `requireParameterCount`); fewer is refused at boot. */
  readonly params?: number;
  readonly facts?: RuleFacts | ((params: readonly string[]) => RuleFacts);
}

/** `bail`, `nullable`, `sometimes`: change how the other rules run; never fail. */
interface FlagRule extends Common {
  readonly kind: 'flag';
}

/** `exclude*`: the check is false when the attribute must be left out of `validated()` (no message). */
interface ExcludeRule extends Common {
  readonly kind: 'exclude';
  compile(c: RuleContext): { readonly check: Check };
}

/**
 * A rule that can fail. `implicit` rules run on missing and blank values too
 * (Laravel's `implicitRules`); `value` rules only on a present, non-blank
 * value (and not on the null of a nullable field).
 */
export interface CheckedRule extends Common {
  readonly kind: 'implicit' | 'value';
  readonly message: Message;
  /**
   * Laravel's `shouldBeNumeric` (gt, lt, gte, lte): a numeric value is
   * measured, and its message chosen, as if the field had a numeric rule.
   */
  readonly numericWhenNumeric?: boolean;
  /**
   * Laravel's `hasNotFailedPreviousRuleIfPresenceRule` (exists, unique): a
   * rule with `prefetch` that does not run on an attribute an earlier rule
   * of its field already failed (its query still ran, with every value).
   */
  readonly skipsAfterFailure?: boolean;
  compile(c: RuleContext): Compiled;
}

export type RuleDefinition = FlagRule | ExcludeRule | CheckedRule;

/** A family of rules, keyed by canonical (snake_case) name. */
export type RuleFamily = Readonly<Record<string, RuleDefinition>>;
