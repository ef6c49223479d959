/**
 * The validators of one form-request class whose rules are read per request:
 * one per distinct rule set (`ruleSetKey`), at most `capacity` of them. A
 * rule set seen again costs one lookup; a new one is compiled and kept,
 * pushing out one not used since the last eviction pass (second chance: a
 * hit only sets a flag, it never reorders). A set that cannot be keyed is
 * compiled for its request and not kept.
 */
import { compileInterpreted, compileValidator } from './compiler.js';
import { ruleSetKey } from './rule-set-key.js';
import type { CompileOptions, CompiledValidator, RuleMap } from './types.js';

/** How many rule sets a class keeps compiled by default. */
const DEFAULT_RULE_SET_CAPACITY = 100;

interface Entry {
  readonly validator: CompiledValidator;
  used: boolean;
}

export class RuleSetCache {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly capacity: number = DEFAULT_RULE_SET_CAPACITY) {}

  /** How many rule sets are kept compiled. */
  get size(): number {
    return this.#entries.size;
  }

  /** The validator of this rule set: kept from an earlier request, or compiled now. */
  validatorFor(rules: RuleMap, options: CompileOptions): CompiledValidator {
    const key = ruleSetKey(rules, options);
    // Used for one request: generating code for it would cost more than it saves.
    if (key === undefined) return compileInterpreted(rules, options);
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      entry.used = true;
      return entry.validator;
    }
    const validator = compileValidator(rules, options);
    if (this.capacity > 0) {
      if (this.#entries.size >= this.capacity) this.#evictOne();
      this.#entries.set(key, { validator, used: false });
    }
    return validator;
  }

  /** Drops the oldest entry not used since it was last passed over; the used ones go to the back, unmarked. */
  #evictOne(): void {
    for (const [key, entry] of this.#entries) {
      this.#entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      this.#entries.set(key, entry);
    }
  }
}
