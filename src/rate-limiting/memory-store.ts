/**
 * The default rate-limit store: counters in this process's memory. Right for
 * one process; a cluster or several machines need a shared store (Redis),
 * or each process counts on its own.
 */
import type { RateLimitHit, RateLimitStore, RateLimitWindow } from './store.js';

export interface MemoryStoreOptions {
  /**
   * Most windows kept at once (default 1,000,000). Past it, the oldest window
   * of the same length is forgotten, so a flood of distinct keys cannot grow
   * memory without bound (that key's count restarts: it fails open).
   */
  maxKeys?: number;
  /** The clock, in ms since the epoch. Default `Date.now`. */
  clock?: () => number;
}

interface Window {
  attempts: number;
  readonly resetAt: number;
  /** The queue it sits in (windows of one length). */
  readonly queue: Map<string, Window>;
}

/** Expired windows dropped per insert: more than one, so they drain faster than a flood adds them. */
const EVICT_PER_INSERT = 2;
/** How often idle memory is given back, and how much of it per pass. */
const SWEEP_INTERVAL_MS = 1000;
const SWEEP_BUDGET = 100_000;

/**
 * A window starting at `now` ends `decayMs` after the start of the current
 * second, as Laravel's windows (`time() + decay`): with whole seconds, the
 * end is a whole second, so `X-RateLimit-Reset` is exactly when it ends.
 */
export function windowEnd(now: number, decayMs: number): number {
  return Math.floor(now / 1000) * 1000 + decayMs;
}

/**
 * Fixed windows in Maps, one Map per window length: a Map keeps insertion
 * order and every window in it lasts as long, so its first window is always
 * the next to end. Expired windows are dropped from the front: a few on each
 * new window, the rest by an unref'd timer while any window is kept, so
 * memory follows the number of live windows, not the number of keys ever seen.
 */
export class MemoryStore implements RateLimitStore {
  readonly #maxKeys: number;
  readonly #clock: () => number;
  readonly #queues = new Map<number, Map<string, Window>>();
  #size = 0;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(options: MemoryStoreOptions = {}) {
    this.#maxKeys = Math.max(1, options.maxKeys ?? 1_000_000);
    this.#clock = options.clock ?? Date.now;
  }

  /** Windows currently kept, expired ones not yet dropped included. */
  get size(): number {
    return this.#size;
  }

  hit(key: string, decaySeconds: number, maxAttempts: number, amount = 1): RateLimitHit {
    const now = this.#clock();
    const decayMs = decaySeconds * 1000;
    const window = this.#find(key, decayMs);
    if (window !== undefined) {
      if (window.resetAt > now) {
        if (window.attempts + amount > maxAttempts) return { attempts: window.attempts, resetAt: window.resetAt, counted: false };
        window.attempts += amount;
        return { attempts: window.attempts, resetAt: window.resetAt, counted: true };
      }
      this.#remove(key, window);
    }
    const resetAt = windowEnd(now, decayMs);
    if (amount > maxAttempts) return { attempts: 0, resetAt, counted: false };
    this.#insert(key, decayMs, amount, resetAt, now);
    return { attempts: amount, resetAt, counted: true };
  }

  get(key: string): RateLimitWindow | undefined {
    const window = this.#find(key, undefined);
    return window !== undefined && window.resetAt > this.#clock() ? { attempts: window.attempts, resetAt: window.resetAt } : undefined;
  }

  reset(key: string): void {
    const window = this.#find(key, undefined);
    if (window !== undefined) window.attempts = 0;
  }

  clear(key: string): void {
    const window = this.#find(key, undefined);
    if (window !== undefined) this.#remove(key, window);
  }

  /** Drops expired windows now (the store also does it by itself); returns how many. */
  prune(budget = Number.POSITIVE_INFINITY): number {
    const now = this.#clock();
    let dropped = 0;
    for (const [decayMs, queue] of this.#queues) {
      dropped += this.#dropExpired(queue, now, budget - dropped);
      if (queue.size === 0) this.#queues.delete(decayMs);
      if (dropped >= budget) break;
    }
    if (this.#size === 0) this.#stopSweeper();
    return dropped;
  }

  close(): Promise<void> {
    this.#stopSweeper();
    this.#queues.clear();
    this.#size = 0;
    return Promise.resolve();
  }

  /** The key's window: first among windows of `decayMs`, then among the others (a key keeps the length it started with). */
  #find(key: string, decayMs: number | undefined): Window | undefined {
    if (decayMs !== undefined) {
      const window = this.#queues.get(decayMs)?.get(key);
      if (window !== undefined || this.#queues.size <= 1) return window;
    }
    for (const queue of this.#queues.values()) {
      const window = queue.get(key);
      if (window !== undefined) return window;
    }
    return undefined;
  }

  #insert(key: string, decayMs: number, attempts: number, resetAt: number, now: number): void {
    let queue = this.#queues.get(decayMs);
    if (queue === undefined) this.#queues.set(decayMs, (queue = new Map()));
    queue.set(key, { attempts, resetAt, queue });
    this.#size++;
    this.#dropExpired(queue, now, EVICT_PER_INSERT);
    if (this.#size > this.#maxKeys) this.#dropOldest(queue);
    if (this.#sweeper === undefined) this.#startSweeper();
  }

  #remove(key: string, window: Window): void {
    if (window.queue.delete(key)) this.#size--;
  }

  #dropExpired(queue: Map<string, Window>, now: number, budget: number): number {
    let dropped = 0;
    while (dropped < budget) {
      const first = queue.entries().next();
      if (first.done === true || first.value[1].resetAt > now) break;
      queue.delete(first.value[0]);
      this.#size--;
      dropped++;
    }
    return dropped;
  }

  /** Over `maxKeys`: forget the oldest window of `queue`, or of another queue when it holds only the new one. */
  #dropOldest(queue: Map<string, Window>): void {
    let target = queue;
    if (queue.size <= 1) {
      for (const other of this.#queues.values()) if (other.size > target.size) target = other;
    }
    const first = target.keys().next();
    if (first.done !== true) {
      target.delete(first.value);
      this.#size--;
    }
  }

  #startSweeper(): void {
    this.#sweeper = setInterval(() => this.prune(SWEEP_BUDGET), SWEEP_INTERVAL_MS);
    this.#sweeper.unref(); // never keeps the process alive
  }

  #stopSweeper(): void {
    if (this.#sweeper !== undefined) clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }
}
