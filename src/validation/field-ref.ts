/**
 * A field named in a rule's parameters (`same:password`, `required_if:items.*.type,x`).
 * As in the host framework, each `*` is filled with the wildcard keys of the
 * attribute being validated, so `items.0.a` compares with `items.0.b`.
 */
import type { InputBag } from '../http/own.js';
import { MISSING, lookup, splitPath, substitute, type Expansion } from './paths.js';

/** What a rule sees of the attribute being validated, beside its value. Reused across attributes. */
export interface RunEnv {
  data: InputBag;
  /** The concrete attribute, `items.0.name`. */
  attribute: string;
  segments: readonly string[];
  /** Keys matched by the field's `*`s. */
  captures: readonly string[];
  exists: boolean;
  /** Every expansion of the field's wildcard pattern (for `distinct`), or null. */
  expansions: readonly Expansion[] | null;
  /** Per-request memo for rules that summarise many attributes (`distinct`). */
  memo: Map<unknown, unknown> | null;
  /** Set by the runner when an `exclude*` rule leaves the attribute out. */
  excluded: boolean;
  /** The checks the rules with input/output resolved to for this run, by slot; null when there are none. */
  fetched: ((value: unknown, env: RunEnv) => boolean)[] | null;
}

/**
 * Display name of a concrete attribute, given the rule-map key (pattern) it
 * comes from; with the input, an attribute a wildcard rule expanded is known
 * as such even when `pattern` is a parameter's name.
 */
export type DisplayOf = (concrete: string, pattern: string, data?: unknown) => string;

export class FieldRef {
  readonly key: string;
  private readonly segments: readonly string[];
  private readonly wildcard: boolean;
  /** A literal name with a `*`: the input's keys never hold one (the host framework's data has `__asterisk__` there). */
  private readonly literalStar: boolean;
  private readonly staticDisplay: string;
  private readonly displayOf: DisplayOf;

  /** `literal`: the `*`s stay as written (and a `*` segment is never found in the input). */
  constructor(key: string, displayOf: DisplayOf, literal = false) {
    this.key = key;
    this.segments = splitPath(key);
    this.wildcard = !literal && this.segments.includes('*');
    this.literalStar = literal && this.segments.includes('*');
    this.displayOf = displayOf;
    this.staticDisplay = displayOf(this.segments.join('.'), key);
  }

  /** True when the display name depends on the attribute (its `*`s are filled per attribute). */
  get dynamic(): boolean {
    return this.wildcard;
  }

  private concrete(env: RunEnv): readonly string[] {
    return this.wildcard ? substitute(this.segments, env.captures) : this.segments;
  }

  /** The referenced value, or undefined when the key is absent. */
  get(env: RunEnv): unknown {
    if (this.literalStar) return undefined;
    const v = lookup(env.data, this.concrete(env));
    return v === MISSING ? undefined : v;
  }

  /** `Arr::has`. */
  has(env: RunEnv): boolean {
    return !this.literalStar && lookup(env.data, this.concrete(env)) !== MISSING;
  }

  display(env: RunEnv | null): string {
    if (!this.wildcard || env === null) return this.staticDisplay;
    return this.displayOf(this.concrete(env).join('.'), this.key, env.data);
  }
}
