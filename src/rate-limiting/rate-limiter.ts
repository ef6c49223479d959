/**
 * Laravel's `RateLimiter` (Illuminate\Cache\RateLimiter) for one
 * application: the named limiters used by `throttle:name`, and the methods
 * to count attempts by hand (`attempt`, `hit`, `tooManyAttempts`...). Each
 * `Application` binds one in its container, reachable as `app.rateLimiter`;
 * Laravel's static `RateLimiter::for(...)` is `app.rateLimiter.for(...)`.
 */
import type { Awaitable } from '../awaitable.js';
import { then } from '../awaitable.js';
import type { HttpRequest } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import { boundKey } from './key-hash.js';
import type { Limit } from './limit.js';
import { MemoryStore } from './memory-store.js';
import type { RateLimitStore } from './store.js';

/** What a named limiter returns: one limit, several (all must pass), `Limit.none()`, or a response to send instead. */
export type LimiterResult = Limit | readonly Limit[] | JsonResponse;

/** A named limiter: decides the limits of one request. May be async (e.g. to look a plan up). */
export type LimiterCallback = (request: HttpRequest) => Awaitable<LimiterResult>;

export interface RateLimiterOptions {
  /**
   * When the store cannot answer (Redis down or slow): `open` (default) lets
   * the request through uncounted, `closed` answers 503.
   */
  onStoreFailure?: 'open' | 'closed';
  /**
   * Precognition predictions (`Precognition: true`): `skip` (default) lets
   * them through uncounted, `count` counts them like any request.
   */
  predictions?: 'skip' | 'count';
}

/**
 * Seconds a client must wait for a window ending at `resetAt` (ms): Laravel's
 * `availableIn` (`timer - time()`), in whole seconds of the epoch. Windows end
 * on whole seconds; a Redis window's end is known here only to within a round
 * trip, so it is rounded to the nearest second. At least 1 while the window lasts.
 */
export function secondsUntil(resetAt: number, now: number): number {
  if (resetAt <= now) return 0;
  return Math.max(1, Math.round(resetAt / 1000) - Math.floor(now / 1000));
}

/**
 * Named limiters and attempt counting on one store. The store is made on
 * first use, so an application that never throttles opens no connection.
 *
 * @example
 * app.rateLimiter.for('api', (request) => Limit.perMinute(60).by(request.ip()));
 * if (!(await app.rateLimiter.attempt(`send:${user}`, 5, () => send()))) { ... }
 */
export class RateLimiter {
  /** Whether `throttle` lets requests through (`open`) or answers 503 (`closed`) when the store fails. */
  readonly failOpen: boolean;
  /** Whether `throttle` counts Precognition predictions. */
  readonly countsPredictions: boolean;
  readonly #limiters = new Map<string, LimiterCallback>();
  readonly #makeStore: () => RateLimitStore;
  #store: RateLimitStore | undefined;

  /** `store`: a store, or a function that makes it on first use. Default: a `MemoryStore`. */
  constructor(store: RateLimitStore | (() => RateLimitStore) = () => new MemoryStore(), options: RateLimiterOptions = {}) {
    this.#makeStore = typeof store === 'function' ? store : () => store;
    this.failOpen = (options.onStoreFailure ?? 'open') === 'open';
    this.countsPredictions = options.predictions === 'count';
  }

  /** The counters' store. */
  get store(): RateLimitStore {
    return (this.#store ??= this.#makeStore());
  }

  /**
   * Registers a named limiter, used by `throttle:name`. Without `.by()`, a
   * limit has one counter for every caller (Laravel's behaviour).
   */
  for(name: string, callback: LimiterCallback): this {
    this.#limiters.set(name, (request) => then(callback(request), withDistinctKeys));
    return this;
  }

  /** The named limiter, or undefined. Limits of one result that share a key get Laravel's fallback keys. */
  limiter(name: string): LimiterCallback | undefined {
    return this.#limiters.get(name);
  }

  /**
   * Runs `callback` unless `key` has used up `maxAttempts` in its window, and
   * counts the attempt; resolves to the callback's result (`true` when it
   * returns nothing), or `false` when over the limit. The attempt is counted
   * atomically before the callback runs, so concurrent callers never both
   * take the last attempt.
   */
  async attempt<T>(key: string, maxAttempts: number, callback: () => Awaitable<T>, decaySeconds = 60): Promise<T | true | false> {
    const hit = await this.store.hit(boundKey(key), decaySeconds, maxAttempts);
    if (!hit.counted) return false;
    const result = await callback();
    return result === undefined || result === null ? true : result;
  }

  /** True when `key` has used `maxAttempts` or more in its live window. */
  async tooManyAttempts(key: string, maxAttempts: number): Promise<boolean> {
    return (await this.attempts(key)) >= maxAttempts;
  }

  /** Counts one attempt; resolves to the count in the window. */
  hit(key: string, decaySeconds = 60): Promise<number> {
    return this.increment(key, decaySeconds, 1);
  }

  /** Adds `amount` attempts; resolves to the count in the window. */
  async increment(key: string, decaySeconds = 60, amount = 1): Promise<number> {
    return (await this.store.hit(boundKey(key), decaySeconds, Number.POSITIVE_INFINITY, amount)).attempts;
  }

  /** Takes `amount` attempts back; resolves to the count in the window. */
  decrement(key: string, decaySeconds = 60, amount = 1): Promise<number> {
    return this.increment(key, decaySeconds, -amount);
  }

  /** Attempts counted in the key's live window (0 without one). */
  async attempts(key: string): Promise<number> {
    return (await this.store.get(boundKey(key)))?.attempts ?? 0;
  }

  /** Sets the count to zero; the window keeps its end. */
  async resetAttempts(key: string): Promise<void> {
    await this.store.reset(boundKey(key));
  }

  /** Attempts left before `maxAttempts`. */
  async remaining(key: string, maxAttempts: number): Promise<number> {
    return maxAttempts - (await this.attempts(key));
  }

  /** Same as `remaining` (Laravel's older name). */
  retriesLeft(key: string, maxAttempts: number): Promise<number> {
    return this.remaining(key, maxAttempts);
  }

  /** Forgets the key's count and window. */
  async clear(key: string): Promise<void> {
    await this.store.clear(boundKey(key));
  }

  /** Seconds until the key's window ends (0 without one). */
  async availableIn(key: string): Promise<number> {
    const window = await this.store.get(boundKey(key));
    return window === undefined ? 0 : secondsUntil(window.resetAt, Date.now());
  }

  /** Closes the store, if it was made (`Application.close()` calls this). */
  async close(): Promise<void> {
    const store = this.#store;
    this.#store = undefined;
    await store?.close();
  }
}

/** Laravel's `limiter()` wrapper: limits of one result that share a key count under their fallback keys instead. */
function withDistinctKeys(result: LimiterResult): LimiterResult {
  if (!Array.isArray(result) || result.length < 2) return result;
  const limits = result as readonly Limit[];
  const seen = new Map<string, number>();
  for (const limit of limits) seen.set(String(limit.key), (seen.get(String(limit.key)) ?? 0) + 1);
  if (limits.every((limit) => seen.get(String(limit.key)) === 1)) return result;
  for (const limit of limits) if (seen.get(String(limit.key))! > 1) limit.key = limit.fallbackKey();
  return result;
}
