/**
 * `switchyard-http/rate-limiting`: Laravel's `throttle` middleware, `RateLimiter`
 * and `Limit`, and the stores they count in (docs/rate-limiting.md).
 */
export { Limit, GlobalLimit, Unlimited, type LimitResponseCallback } from './limit.js';
export { RateLimiter, type RateLimiterOptions, type LimiterCallback, type LimiterResult } from './rate-limiter.js';
export { ThrottleRequests, type ThrottleLimit } from './throttle-requests.js';
export { TooManyRequestsError } from './too-many-requests-error.js';
export { RateLimitStoreError, type RateLimitStore, type RateLimitHit, type RateLimitWindow } from './store.js';
export { MemoryStore, type MemoryStoreOptions } from './memory-store.js';
export { RedisStore, type RedisStoreOptions } from './redis-store.js';
