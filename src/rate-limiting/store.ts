/**
 * Where rate-limit counters live. One interface for the in-process store
 * (`MemoryStore`) and the shared one (`RedisStore`); each call is atomic, so
 * many processes counting on one Redis never lose or double an attempt.
 */
import type { Awaitable } from '../awaitable.js';

/** A key's window after a hit. */
export interface RateLimitHit {
  /** Attempts counted in the window, this one included when `counted`. */
  readonly attempts: number;
  /** When the window ends, in ms since the epoch (`Date.now()` of this process). */
  readonly resetAt: number;
  /** False when the attempt was refused because it would pass `maxAttempts`: nothing was added. */
  readonly counted: boolean;
}

/** A key's live window, as read without counting. */
export interface RateLimitWindow {
  readonly attempts: number;
  readonly resetAt: number;
}

/**
 * A store of counters with fixed windows: a key's window starts at its first
 * attempt and lasts `decaySeconds`; when it has ended, the next attempt
 * starts a new one at zero (Laravel's cache-backed `RateLimiter`). Memory
 * stores answer synchronously; network stores return promises, which reject
 * with `RateLimitStoreError` when the store cannot answer in time.
 */
export interface RateLimitStore {
  /**
   * Atomically: starts a new window when `key` has none (or its window
   * ended), then adds `amount` unless the count would pass `maxAttempts`
   * (`Infinity`: no cap, always add).
   */
  hit(key: string, decaySeconds: number, maxAttempts: number, amount?: number): Awaitable<RateLimitHit>;
  /** The key's live window, or undefined when it has none. */
  get(key: string): Awaitable<RateLimitWindow | undefined>;
  /** Sets the key's count to zero and keeps its window (Laravel's `resetAttempts`). */
  reset(key: string): Awaitable<void>;
  /** Forgets the key's window (Laravel's `clear`). */
  clear(key: string): Awaitable<void>;
  /** Releases timers and connections. The store is not used after this. */
  close(): Promise<void>;
}

/** The store did not answer (down, slow, or too many calls waiting): the limiter then fails open or closed. */
export class RateLimitStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RateLimitStoreError';
  }
}
