import type { ValidationMessages } from '../errors/validation-error.js';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Messages by field, in the order they were added: the host framework's
 * `MessageBag`, as `validator.errors()` gives it to `after` hooks.
 */
export class MessageBag {
  readonly #messages: ValidationMessages = Object.create(null) as ValidationMessages;

  /** Adds a message for `key` (a dot path such as `items.0.name`), unless `key` already has that text. */
  add(key: string, message: string): this {
    const list = hasOwn.call(this.#messages, key) ? this.#messages[key]! : (this.#messages[key] = []);
    const text = String(message);
    if (!list.includes(text)) list.push(text);
    return this;
  }

  /** Adds every message of `messages`, keeping each field's order. */
  merge(messages: ValidationMessages): this {
    for (const key in messages) for (const message of messages[key]!) this.add(key, message);
    return this;
  }

  /** Whether `key` has a message. */
  has(key: string): boolean {
    return hasOwn.call(this.#messages, key);
  }

  /** The messages of `key` (empty when none). */
  get(key: string): readonly string[] {
    return hasOwn.call(this.#messages, key) ? this.#messages[key]! : [];
  }

  /** The first message of `key`, or of the bag when no key is given; undefined when none. */
  first(key?: string): string | undefined {
    if (key !== undefined) return this.get(key)[0];
    for (const k in this.#messages) return this.#messages[k]![0];
    return undefined;
  }

  /** The fields that have messages, in order. */
  keys(): string[] {
    return Object.keys(this.#messages);
  }

  /** Every message, field after field. */
  all(): string[] {
    return this.keys().flatMap((key) => this.#messages[key]!);
  }

  /** How many messages. */
  count(): number {
    let n = 0;
    for (const key in this.#messages) n += this.#messages[key]!.length;
    return n;
  }

  any(): boolean {
    return this.count() > 0;
  }

  isEmpty(): boolean {
    return !this.any();
  }

  isNotEmpty(): boolean {
    return this.any();
  }

  /** Field → messages, the `errors` of a 422. */
  toJSON(): ValidationMessages {
    const out: ValidationMessages = {};
    for (const key of this.keys()) {
      const list = [...this.#messages[key]!];
      if (key === '__proto__') Object.defineProperty(out, key, { value: list, enumerable: true, writable: true, configurable: true });
      else out[key] = list;
    }
    return out;
  }
}
