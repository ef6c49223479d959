import type { InputBag } from '../http/own.js';
import { MessageBag } from './message-bag.js';

/** A callback run after the rules: it may add messages through `validator.errors()`, and may be async. */
export type AfterHook = ((validator: Validator) => void | Promise<void>) | { after(validator: Validator): void | Promise<void> };

/**
 * What a form request's `withValidator(validator)` and `after()` hooks see
 * of one validation: the host framework's `Validator`, reduced to what
 * hooks use. Hooks run after every rule, whether the rules passed or not,
 * in the order they were added; messages they add fail the request with a
 * 422 like any rule's.
 */
export class Validator {
  readonly #errors = new MessageBag();
  readonly #after: AfterHook[] = [];
  readonly #data: InputBag;

  constructor(data: InputBag) {
    this.#data = data;
  }

  /** The input being validated. */
  data(): InputBag {
    return this.#data;
  }

  /** The messages so far (the rules' once they have run). */
  errors(): MessageBag {
    return this.#errors;
  }

  /** Whether validation failed so far. */
  fails(): boolean {
    return this.#errors.any();
  }

  /** Adds a hook (or a list of them) to run after the rules. */
  after(hook: AfterHook | readonly AfterHook[]): this {
    if (Array.isArray(hook)) for (const h of hook) this.#after.push(h);
    else this.#after.push(hook as AfterHook);
    return this;
  }

  /** @internal Runs the hooks in order, each after the previous one settled. */
  async runAfterHooks(): Promise<void> {
    for (const hook of this.#after) {
      if (typeof hook === 'function') await hook(this);
      else await hook.after(this);
    }
  }
}
