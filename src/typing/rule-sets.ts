/**
 * The rule sets of an application's actions as plain data (`switchyard
 * rules`, and `x-switchyard-rules` on each operation of the OpenAPI
 * document): what the typed client needs to check input in the browser with
 * the server's own rules. Types only; the server writes this shape and the
 * client reads it, so neither imports the other.
 */

/** A custom message: a text; under a field key, texts by rule; for a size rule, texts by kind of value. */
export type RuleSetMessage = string | { readonly [rule: string]: string | { readonly [kind: string]: string } };

/**
 * How the server normalises an action's input before validating it (the
 * `trim_strings` and `convert_empty_strings_to_null` options, and the
 * action's `normalizeInput`): the browser does the same first.
 */
export interface InputNormalisation {
  /** Strings are trimmed as `Str::trim()` does. */
  readonly trim: boolean;
  /** Dotted paths whose values are never trimmed (`password`...). */
  readonly trimExcept: readonly string[];
  /** `''` becomes `null` (after trimming). */
  readonly emptyToNull: boolean;
}

/** One action's form request, as data. */
export interface ActionRuleSet {
  /** The form request's class name. */
  readonly formRequest: string;
  /**
   * Field (dot path, `*` wildcards) → its rules in Laravel's string form, one
   * rule per item, in order. A rule without a string form (a closure, a rule
   * object, a conditional rule, a raw JSON Schema) is not here: it is named in
   * `server`. Empty when `serverOnly` is set.
   */
  readonly rules: { readonly [field: string]: readonly string[] };
  /**
   * Field → its rules that need the server: database (`exists`, `unique`),
   * files, DNS (`active_url`, `email:dns`), passwords, closures, rule objects.
   * Such a field is checked by a Precognition request, never in the browser.
   */
  readonly server: { readonly [field: string]: readonly string[] };
  /** `messages()`. */
  readonly messages: { readonly [key: string]: RuleSetMessage };
  /** `attributes()`. */
  readonly attributes: { readonly [field: string]: string };
  /** `stopOnFirstFailure`. */
  readonly stopOnFirstFailure: boolean;
  /** What the server does to the input before the rules see it. */
  readonly input: InputNormalisation;
  /**
   * Set when the browser can check none of the set: `request` when `rules()`
   * (or `messages()`, `attributes()`) read the request, so the rules differ
   * per request; `hooks` when `after()` or `withValidator` may add errors of
   * their own; `request` too when the application decides per request
   * whether to normalise input (`skip_when`). The client then asks the
   * server for every field.
   */
  // Open to any text, so that the type of an imported rules.json (where JSON's strings are widened) is accepted.
  readonly serverOnly?: 'request' | 'hooks' | (string & {});
}

/** The rule sets of every action with a form request: route path → action name → its set. */
export interface RuleSetsDocument {
  /** The format's version: 1 (a number, as an imported rules.json reads it). */
  readonly switchyardRules: number;
  readonly routes: { readonly [routePath: string]: { readonly [action: string]: ActionRuleSet } };
}
