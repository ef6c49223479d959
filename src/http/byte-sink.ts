/**
 * Collects a body's bytes into one buffer that grows by doubling, up to a
 * limit. Keeping one Buffer per `data` event costs ~100 bytes of bookkeeping
 * each: a 1 MiB body sent as one-byte chunks would hold a million objects.
 * Here memory stays within twice the bytes received, whatever the chunking,
 * and the copying is linear in the bytes (amortised doubling).
 */
export class ByteSink {
  #buffer: Buffer | undefined;
  #size = 0;
  /** The only chunk so far, kept without copying (the common single-chunk body). */
  #single: Buffer | undefined;

  /** `expected`: the declared Content-Length, if any, to allocate once. */
  constructor(private readonly expected = 0) {}

  get size(): number {
    return this.#size;
  }

  push(chunk: Buffer): void {
    const size = this.#size + chunk.length;
    if (this.#size === 0 && this.#buffer === undefined) {
      this.#single = chunk;
      this.#size = size;
      return;
    }
    let buffer = this.#buffer;
    if (buffer === undefined || buffer.length < size) {
      const grown = Buffer.allocUnsafe(Math.max(size, this.expected, 2 * (buffer?.length ?? 0), 1024));
      if (this.#single !== undefined) {
        this.#single.copy(grown, 0);
        this.#single = undefined;
      } else if (buffer !== undefined) buffer.copy(grown, 0, 0, this.#size);
      buffer = this.#buffer = grown;
    }
    chunk.copy(buffer, this.#size);
    this.#size = size;
  }

  /** The bytes received (a view, not a copy). */
  bytes(): Buffer {
    if (this.#single !== undefined) return this.#single;
    return this.#buffer === undefined ? Buffer.alloc(0) : this.#buffer.subarray(0, this.#size);
  }
}
