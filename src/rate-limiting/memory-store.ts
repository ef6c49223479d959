/**
 * The default rate-limit store: counters in this process's memory. Right for
 * one process; a cluster or several machines need a shared store (Redis),
 * or each process counts on its own.
 */
import { coarseNow } from './coarse-clock.js';
import type { RateLimitHit, RateLimitStore, RateLimitWindow } from './store.js';

export interface MemoryStoreOptions {
  /**
   * Most windows kept at once (default 1,000,000). Past it, the oldest window
   * of the same length is forgotten, so a flood of distinct keys cannot grow
   * memory without bound (that key's count restarts: it fails open).
   */
  maxKeys?: number;
  /** The clock, in ms since the epoch. Default: `Date.now()` read at most every 10 ms (see coarse-clock.ts). */
  clock?: () => number;
}

interface Window {
  readonly key: string;
  attempts: number;
  readonly resetAt: number;
}

/**
 * Windows of one length, oldest first: since they all last as long, the
 * first is always the next to end. An array with a moving head (a Map would
 * do, but finding a Map's first entry after many deletions walks over the
 * deleted ones, which makes dropping from the front quadratic).
 */
class Queue {
  items: Window[] = [];
  head = 0;

  push(window: Window): void {
    this.items.push(window);
  }

  peek(): Window | undefined {
    return this.items[this.head];
  }

  shift(): void {
    this.items[this.head++] = undefined as unknown as Window; // let it be collected
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  get length(): number {
    return this.items.length - this.head;
  }
}

/** Expired windows dropped per new window: more than one, so they drain faster than a flood adds them. */
const EVICT_PER_INSERT = 2;
/** How often idle memory is given back, and how much of it per pass. */
const SWEEP_INTERVAL_MS = 1000;
const SWEEP_BUDGET = 20_000; // a pass blocks the event loop for a few ms at most

/**
 * A window starting at `now` ends `decayMs` after the start of the current
 * second, as Laravel's windows (`time() + decay`): with whole seconds, the
 * end is a whole second, so `X-RateLimit-Reset` is exactly when it ends.
 */
function windowEnd(now: number, decayMs: number): number {
  return Math.floor(now / 1000) * 1000 + decayMs;
}

/**
 * Fixed windows in one Map by key, and a queue per window length in order of
 * ending. Ended windows are dropped from the queues' fronts: a few on each
 * new window, the rest by an unref'd timer while any window is kept, so
 * memory follows the number of live windows, not the number of keys ever
 * seen. A queue may still hold a window the Map no longer has (cleared, or
 * replaced after it ended); it is skipped when it reaches the front.
 */
export class MemoryStore implements RateLimitStore {
  readonly #maxKeys: number;
  readonly #clock: () => number;
  readonly #windows = new Map<string, Window>();
  readonly #queues = new Map<number, Queue>();
  #sweeper: NodeJS.Timeout | undefined;

  constructor(options: MemoryStoreOptions = {}) {
    this.#maxKeys = Math.max(1, options.maxKeys ?? 1_000_000);
    this.#clock = options.clock ?? coarseNow;
  }

  /** Windows currently kept, ended ones not yet dropped included. */
  get size(): number {
    return this.#windows.size;
  }

  hit(key: string, decaySeconds: number, maxAttempts: number, amount = 1): RateLimitHit {
    const now = this.#clock();
    const window = this.#windows.get(key);
    // A live window keeps the length it started with, whatever this call asks for.
    if (window !== undefined && window.resetAt > now) {
      if (window.attempts + amount > maxAttempts) return { attempts: window.attempts, resetAt: window.resetAt, counted: false };
      window.attempts += amount;
      return { attempts: window.attempts, resetAt: window.resetAt, counted: true };
    }
    const decayMs = decaySeconds * 1000;
    const resetAt = windowEnd(now, decayMs);
    if (amount > maxAttempts) return { attempts: 0, resetAt, counted: false };
    this.#open(key, decayMs, { key, attempts: amount, resetAt }, now);
    return { attempts: amount, resetAt, counted: true };
  }

  get(key: string): RateLimitWindow | undefined {
    const window = this.#windows.get(key);
    return window !== undefined && window.resetAt > this.#clock() ? { attempts: window.attempts, resetAt: window.resetAt } : undefined;
  }

  reset(key: string): void {
    const window = this.#windows.get(key);
    if (window !== undefined) window.attempts = 0;
  }

  clear(key: string): void {
    this.#windows.delete(key);
  }

  /** Drops ended windows now (the store also does it by itself); returns how many. */
  prune(budget = Number.POSITIVE_INFINITY): number {
    const now = this.#clock();
    let dropped = 0;
    for (const [decayMs, queue] of this.#queues) {
      dropped += this.#dropEnded(queue, now, budget - dropped);
      if (queue.length === 0) this.#queues.delete(decayMs);
      if (dropped >= budget) break;
    }
    if (this.#queues.size === 0) this.#stopSweeper();
    return dropped;
  }

  close(): Promise<void> {
    this.#stopSweeper();
    this.#windows.clear();
    this.#queues.clear();
    return Promise.resolve();
  }

  #open(key: string, decayMs: number, window: Window, now: number): void {
    let queue = this.#queues.get(decayMs);
    if (queue === undefined) this.#queues.set(decayMs, (queue = new Queue()));
    this.#windows.set(key, window);
    queue.push(window);
    this.#dropEnded(queue, now, EVICT_PER_INSERT);
    if (this.#windows.size > this.#maxKeys) this.#dropOldest();
    if (this.#sweeper === undefined) this.#startSweeper();
  }

  /** Drops up to `budget` ended windows from the front of `queue`; returns how many were still in the Map. */
  #dropEnded(queue: Queue, now: number, budget: number): number {
    let dropped = 0;
    for (let seen = 0; seen < budget; seen++) {
      const first = queue.peek();
      if (first === undefined || first.resetAt > now) break;
      queue.shift();
      if (this.#windows.get(first.key) === first) {
        this.#windows.delete(first.key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Over `maxKeys`: forget the window that ends first. */
  #dropOldest(): void {
    for (;;) {
      let oldest: Queue | undefined;
      for (const queue of this.#queues.values()) {
        const first = queue.peek();
        if (first !== undefined && (oldest === undefined || first.resetAt < oldest.peek()!.resetAt)) oldest = queue;
      }
      if (oldest === undefined) return;
      const first = oldest.peek()!;
      oldest.shift();
      if (this.#windows.get(first.key) === first) {
        this.#windows.delete(first.key);
        return;
      }
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
