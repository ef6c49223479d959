/**
 * Type level only: TypeScript types from a `rules()` map, in two readings:
 * `InferInput` is what a client should send (the typed client's input), and
 * `InferValidated` is what the server may hand over after validation passed
 * (`FormRequest.validated()`), which is wider because the rules accept more
 * than one JSON type: `integer` passes `"2"`, `boolean` passes `"1"`, and a
 * field that is not required may be the empty string, as in Laravel (no rule
 * but the implicit ones looks at an empty string). This file imports nothing
 * and emits no code, so the client's declarations never pull in the server's
 * (or Node's) types.
 *
 * The rules must keep their literal types, i.e. `rules()` returns an object
 * `as const`; a rule widened to `string` says nothing and its field becomes
 * `unknown` (optional). Only the rules that decide a JSON type are read, in
 * their canonical spelling (`int` and `bool` too): everything else leaves the
 * type alone, and a field without a type rule is `unknown`. Kept shallow on
 * purpose (one pass over the keys per nesting level) so that type-checking
 * stays fast.
 */

/** Which reading: what to send, or what validation lets through. */
type Mode = 'input' | 'validated';

/** The rule strings of a field, split at `|`, as a union: `'required' | 'max:255'`. */
type Split<S extends string> = S extends `${infer Head}|${infer Tail}` ? Head | Split<Tail> : S;
type Tokens<R> = R extends string ? Split<R> : R extends readonly (infer E)[] ? (E extends string ? E : never) : never;

/** A rule's name without its parameters: `'max:255'` → `'max'`. */
type NameOf<T> = T extends `${infer Name}:${string}` ? Name : T;

type StringRule =
  | 'string'
  | 'email'
  | 'url'
  | 'uuid'
  | 'ulid'
  | 'ip'
  | 'ipv4'
  | 'ipv6'
  | 'json'
  | 'date'
  | 'date_format'
  | 'alpha'
  | 'alpha_dash'
  | 'alpha_num';
type NumberRule = 'integer' | 'int' | 'numeric' | 'digits' | 'digits_between';
type BooleanRule = 'boolean' | 'bool';
/** Rules that make a field's key required in the input. */
type RequiredRule = 'required' | 'present' | 'accepted' | 'declined';

/** `'in:a,b'` → `'a' | 'b'`. */
type SplitComma<S extends string> = S extends `${infer Head},${infer Tail}` ? Head | SplitComma<Tail> : S;
type InValues<T> = T extends `in:${infer List}` ? SplitComma<List> : never;
type AsNumber<S> = S extends `${infer N extends number}` ? N : never;

/** What each type rule lets through, in the validated reading (src/validation/rules.ts). */
type LooseNumber = number | string;
type LooseBoolean = boolean | 0 | 1 | '0' | '1';
type Accepted = true | 1 | '1' | 'yes' | 'on' | 'true';
type Declined = false | 0 | '0' | 'no' | 'off' | 'false';

/** The JSON type a field's rule names decide, before `nullable`. */
type Base<T, N, M extends Mode> = [N & 'list'] extends [never]
  ? [N & 'array'] extends [never]
    ? [N & NumberRule] extends [never]
      ? [N & BooleanRule] extends [never]
        ? [N & 'accepted'] extends [never]
          ? [N & 'declined'] extends [never]
            ? [InValues<T>] extends [never]
              ? [N & StringRule] extends [never]
                ? unknown
                : string
              : InValues<T>
            : M extends 'input'
              ? false
              : Declined
          : M extends 'input'
            ? true
            : Accepted
        : M extends 'input'
          ? boolean
          : LooseBoolean
      : [InValues<T>] extends [never]
        ? M extends 'input'
          ? number
          : LooseNumber
        : M extends 'input'
          ? AsNumber<InValues<T>>
          : AsNumber<InValues<T>> | InValues<T>
    : unknown[] | { [key: string]: unknown }
  : unknown[];

/** True when the rules are literal enough to be read (not widened to `string`). */
type Readable<R> = R extends string
  ? string extends R
    ? false
    : true
  : R extends readonly (infer E)[]
    ? string extends E
      ? false
      : true
    : true;

/** The type of a field with no child rules. */
type Leaf<R, M extends Mode> = Readable<R> extends true ? Loose<R, M, Nullable<Tokens<R>, Base<Tokens<R>, NameOf<Tokens<R>>, M>>> : unknown;
type Nullable<T, V> = [T & 'nullable'] extends [never] ? V : V | null;
/** In the validated reading, a field that is not required may also be the empty string. */
type Loose<R, M extends Mode, V> = M extends 'input' ? V : IsRequired<R> extends true ? V : V | '';

/** True when a field's own rules make its key required. */
type IsRequired<R> = Readable<R> extends true ? ([NameOf<Tokens<R>> & RequiredRule] extends [never] ? false : true) : false;

/** The first segments of the keys: `'a' | 'b.c'` → `'a' | 'b'`. */
type Heads<K> = K extends `${infer Head}.${string}` ? Head : K;
/** The rules under `head.`, keyed by the rest of their path. */
type Under<R, Head extends string> = { [K in keyof R as K extends `${Head}.${infer Rest}` ? Rest : never]: R[K] };

/** A field's type from its own rules (`Own`, `never` when it has none) and its children's. */
type Field<Own, Children, M extends Mode> = [keyof Children] extends [never]
  ? Leaf<Own, M>
  : [Own] extends [never]
    ? Nested<Children, M>
    : Readable<Own> extends true
      ? Loose<Own, M, Nullable<Tokens<Own>, Nested<Children, M>>>
      : Nested<Children, M>;
/** Children keyed `*` make a list; any other keys an object. */
type Nested<Children, M extends Mode> =
  '*' extends Heads<keyof Children>
    ? Field<'*' extends keyof Children ? Children['*'] : never, Under<Children, '*'>, M>[]
    : InferObject<Children, M>;

type OwnRules<R, K> = K extends keyof R ? R[K] : never;
/**
 * Keys the input must have: required by their own rules, or holding a
 * required child (`'address.city': 'required'` needs `address`); a required
 * child under `*` does not count, as an empty list has no items to check.
 */
type RequiredKeys<R> = {
  [K in Heads<keyof R & string>]: IsRequired<OwnRules<R, K>> extends true
    ? K
    : [Exclude<RequiredKeys<Under<R, K>>, '*'>] extends [never]
      ? never
      : K;
}[Heads<keyof R & string>];

/** An object type from a (literal) rule map: required keys, then optional ones. */
type InferObject<R, M extends Mode> = Flatten<
  { [K in RequiredKeys<R>]: Field<OwnRules<R, K>, Under<R, K>, M> } & {
    [K in Exclude<Heads<keyof R & string>, RequiredKeys<R>>]?: Field<OwnRules<R, K>, Under<R, K>, M>;
  }
>;
type Flatten<T> = T extends infer U ? { [K in keyof U]: U[K] } : never;

/**
 * What to send to pass a rule map, e.g.
 * `{ message: 'required|string|max:255', page: 'integer', 'tags.*': 'in:a,b' }` as const
 * → `{ message: string; page?: number; tags?: ('a' | 'b')[] }`. A map that is not
 * literal (`RuleMap` itself, an index signature) gives `Record<string, unknown>`.
 */
export type InferInput<R> = string extends keyof R ? Record<string, unknown> : InferObject<R, 'input'>;

/**
 * What `validated()` may hold once a rule map passed: the same shape as
 * `InferInput`, with what the rules also let through. The example above gives
 * `{ message: string; page?: number | string; tags?: ('a' | 'b' | '')[] }`.
 */
export type InferValidated<R> = string extends keyof R ? Record<string, unknown> : InferObject<R, 'validated'>;

/** `'items.*.name'` → `` `items.${string}.name` ``: the attribute names errors are reported under. */
type Attribute<K extends string> = K extends `${infer Before}*${infer After}` ? `${Before}${string}${Attribute<After>}` : K;

/** The field names a rule map can report errors for (`string` when the map is not literal). */
export type FieldsOf<R> = string extends keyof R ? string : Attribute<keyof R & string>;

/** Field errors as the server sends them in a 422: attribute name → its messages. */
export type FieldErrors<F extends string = string> = { [K in F]?: string[] };
