import { presenceKey } from './presence-value.js';

/**
 * The answer of a batch presence query: which of the values asked about
 * exist. Values are matched by their string form (`presenceKey`), so the
 * string "5" and the number 5 are one value.
 */
export class PresentValues {
  readonly #keys: ReadonlySet<string>;

  constructor(keys: Iterable<string>) {
    this.#keys = new Set(keys);
  }

  /** True when the value was asked about and a row has it. */
  has(value: unknown): boolean {
    return this.#keys.has(presenceKey(value));
  }

  /** How many distinct values exist. */
  get size(): number {
    return this.#keys.size;
  }
}
