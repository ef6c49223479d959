/**
 * What a named rate limiter returns: Laravel 11's `Limit`, `GlobalLimit` and
 * `Unlimited` (Illuminate\Cache\RateLimiting), with the same factories and
 * the same defaults.
 *
 * @example
 * app.rateLimiter.for('api', (request) => Limit.perMinute(60).by(request.ip()));
 */
import type { HttpRequest } from '../http/request.js';
import type { HeaderMap, JsonResponse } from '../http/response.js';

/**
 * Builds the answer to a request over the limit, instead of the default 429
 * `{"message":"Too Many Attempts."}`. `headers` are the rate-limit headers
 * (`x-ratelimit-limit`, `x-ratelimit-remaining`, `retry-after`,
 * `x-ratelimit-reset`) for the caller to send, as in Laravel.
 */
export type LimitResponseCallback = (request: HttpRequest, headers: HeaderMap) => JsonResponse;

/** A number of attempts allowed per window of `decaySeconds`, counted per `key`. */
export class Limit {
  /** What the attempts are counted by (a user id, an IP...). Empty: one counter for every caller. */
  key: string | number;
  /** Attempts allowed within one window. */
  maxAttempts: number;
  /** Length of the window, in seconds, counted from its first attempt. */
  decaySeconds: number;
  /** The answer over the limit, if not the default 429. */
  responseCallback: LimitResponseCallback | undefined;

  constructor(key: string | number = '', maxAttempts = 60, decaySeconds = 60) {
    this.key = key;
    this.maxAttempts = maxAttempts;
    this.decaySeconds = decaySeconds;
  }

  /** `maxAttempts` per `decaySeconds` seconds (default 1). */
  static perSecond(maxAttempts: number, decaySeconds = 1): Limit {
    return new Limit('', maxAttempts, decaySeconds);
  }

  /** `maxAttempts` per `decayMinutes` minutes (default 1). */
  static perMinute(maxAttempts: number, decayMinutes = 1): Limit {
    return new Limit('', maxAttempts, 60 * decayMinutes);
  }

  /** `maxAttempts` per `decayMinutes` minutes (Laravel's argument order: minutes first). */
  static perMinutes(decayMinutes: number, maxAttempts: number): Limit {
    return new Limit('', maxAttempts, 60 * decayMinutes);
  }

  /** `maxAttempts` per `decayHours` hours (default 1). */
  static perHour(maxAttempts: number, decayHours = 1): Limit {
    return new Limit('', maxAttempts, 3600 * decayHours);
  }

  /** `maxAttempts` per `decayDays` days (default 1). */
  static perDay(maxAttempts: number, decayDays = 1): Limit {
    return new Limit('', maxAttempts, 86400 * decayDays);
  }

  /** No limit: the request passes and nothing is counted. */
  static none(): Unlimited {
    return new Unlimited();
  }

  /** Counts attempts by `key` (e.g. a user id, or `request.ip()`). */
  by(key: string | number): this {
    this.key = key;
    return this;
  }

  /** Answers requests over the limit with `callback(request, headers)`. */
  response(callback: LimitResponseCallback): this {
    this.responseCallback = callback;
    return this;
  }

  /** The key used when two limits of one limiter share a key (Laravel's `fallbackKey()`). */
  fallbackKey(): string {
    // PHP's truthiness, as Laravel tests `$this->key`: '', '0' and 0 add no prefix.
    const prefix = this.key !== '' && this.key !== 0 && this.key !== '0' ? `${this.key}:` : '';
    return `${prefix}attempts:${this.maxAttempts}:decay:${this.decaySeconds}`;
  }
}

/** A limit shared by every caller (no key). */
export class GlobalLimit extends Limit {
  constructor(maxAttempts: number, decaySeconds = 60) {
    super('', maxAttempts, decaySeconds);
  }
}

/**
 * No limit. Returned alone by a limiter, the request passes uncounted; inside
 * a list it is counted against the largest safe integer, as Laravel counts it
 * against `PHP_INT_MAX`.
 */
export class Unlimited extends GlobalLimit {
  constructor() {
    super(Number.MAX_SAFE_INTEGER);
  }
}
