import type { ServerResponse } from 'node:http';
import { writeResponse } from './write-response.js';

/**
 * Watches how late the event loop runs and says when the process is
 * overloaded: a timer that should fire every `SAMPLE_MS` measures how much
 * later it fired. Past `maxDelay` ms, new requests are refused (503 with
 * `Retry-After`) until a sample finds the loop responsive again. The timer
 * does not keep the process alive.
 */
export class LoadShedder {
  static readonly SAMPLE_MS = 100;
  readonly #maxDelay: number;
  #last = performance.now();
  #overloaded = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(maxDelay: number) {
    this.#maxDelay = maxDelay;
  }

  get overloaded(): boolean {
    return this.#overloaded;
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#last = performance.now();
    this.#timer = setInterval(() => this.#sample(), LoadShedder.SAMPLE_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#overloaded = false;
  }

  #sample(): void {
    const now = performance.now();
    const delay = now - this.#last - LoadShedder.SAMPLE_MS;
    this.#last = now;
    this.#overloaded = delay > this.#maxDelay;
  }
}

/** The answer to a request refused while overloaded: 503, try again in a second. */
export function answerOverloaded(res: ServerResponse, method: string): void {
  writeResponse(res, 503, { message: 'Service Unavailable' }, { 'retry-after': '1', 'cache-control': 'no-store' }, method);
}
